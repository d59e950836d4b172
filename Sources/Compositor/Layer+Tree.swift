import Raster

extension Layer {
    /// Adds `layer` on top of the sublayers (removing it from its old superlayer first).
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` (clamped to 0...count) among the sublayers.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        precondition(layer !== self && !isDescendant(of: layer), "addSublayer: \(layer) would contain itself")
        layer.removeFromSuperlayer()
        let i = Swift.max(0, Swift.min(index, sublayers.count))
        sublayers.insert(layer, at: i)
        layer.superlayer = self
        orderDirty = true
        // The new subtree is drawn from scratch: its own flags may already be set, so
        // tell the ancestors unconditionally.
        layer.isDirty = true
        descendantDirty = false
        propagateDescendantDirty(from: self)
    }

    /// Detaches the layer; the screen pixels it covered are repainted in the next frame.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        if let i = parent.sublayers.firstIndex(where: { $0 === self }) {
            parent.sublayers.remove(at: i)
        }
        superlayer = nil
        collectRenderedRects(into: &parent.pendingDamage)
        parent.orderDirty = true
        parent.descendantDirty = false
        parent.propagateDescendantDirty(from: parent)
    }

    /// Removes every sublayer.
    public func removeAllSublayers() {
        while let last = sublayers.last { last.removeFromSuperlayer() }
    }

    /// Whether `ancestor` is this layer's superlayer, or its superlayer's, and so on.
    public func isDescendant(of ancestor: Layer) -> Bool {
        var p = superlayer
        while let q = p {
            if q === ancestor { return true }
            p = q.superlayer
        }
        return false
    }

    /// Moves the screen rectangles where this subtree was drawn into `damage` and forgets
    /// them (the subtree leaves the screen).
    func collectRenderedRects(into damage: inout [PixelRect]) {
        if let r = renderedRect {
            damage.append(r)
            renderedRect = nil
        }
        for s in sublayers { s.collectRenderedRects(into: &damage) }
    }

    /// Sublayers in drawing order: by zPosition, ties in insertion order.
    var drawingOrder: [Layer] {
        if orderDirty {
            ordered.removeAll(keepingCapacity: true)
            ordered.append(contentsOf: sublayers)
            if ordered.count > 1 {
                // Stable insertion sort: sibling counts are small.
                for i in 1..<ordered.count {
                    let x = ordered[i]
                    var j = i - 1
                    while j >= 0 && ordered[j].zPosition > x.zPosition {
                        ordered[j + 1] = ordered[j]
                        j -= 1
                    }
                    ordered[j + 1] = x
                }
            }
            orderDirty = false
        }
        return ordered
    }
}
