import Raster

extension Layer {
    /// Shows a snapshot of `source` in this layer (Core Animation's `renderInContext:`,
    /// for a folder that captures the screen it opens over): `surface` becomes this
    /// layer's contents, and the compositor draws `source` and its sublayers into it, as
    /// they are at that moment, when its next `render` reaches this layer. So the
    /// snapshot's cost counts in the frame that first shows it, and nothing is drawn
    /// twice when nothing asks for it.
    ///
    /// The snapshot is in logical screen space: `surface`'s pixel (x, y) is the root's
    /// point (x, y), `source` placed by its ancestors' and its own transforms, over the
    /// compositor's clear colour. `source`'s own `isHidden` and `opacity` are ignored
    /// (it is usually hidden by then, the snapshot standing in for it); its sublayers'
    /// are honoured. `surface` should be 32-bit (xrgb8888 draws as an opaque copy).
    ///
    /// The snapshot is drawn once: later changes to `source` don't reach it (call this
    /// again for a new one). It is drawn only if this layer is drawn in that frame (not
    /// hidden, not culled). Its new pixels damage this layer; another layer showing
    /// `surface` (the other half of a split screen) is repainted only if it changed
    /// itself in that frame (add it to the tree then).
    ///
    /// With `space` given (an ancestor of `source`), the snapshot is in that layer's
    /// space instead: `surface`'s pixel (x, y) is `space`'s point (x, y), so where
    /// `space` itself is on screen (a screen sliding in, still off to one side) does not
    /// move or cut what is captured.
    public func showSnapshot(of source: Layer, in surface: Surface, relativeTo space: Layer? = nil) {
        pendingSnapshot = source
        pendingSnapshotSpace = space
        // Same picture object, new pixels: `contents` wouldn't see a change.
        contents = .image(surface)
        setNeedsDisplay(contentChanged: true)
    }

    /// Whether a snapshot asked for with `showSnapshot(of:in:)` is still to be drawn.
    public var isSnapshotPending: Bool { pendingSnapshot != nil }
}

extension Compositor {
    /// Draws `layer`'s pending snapshot into its contents picture (see
    /// `Layer.showSnapshot(of:in:)`); called by `collect` when it reaches the layer.
    /// The source's subtree is collected untracked (as a group's picture is): layers
    /// that were on screen are damaged where they were and drawn whole when next shown.
    func drawSnapshot(for layer: Layer) {
        guard let source = layer.pendingSnapshot else { return }
        let space = layer.pendingSnapshotSpace
        layer.pendingSnapshot = nil
        layer.pendingSnapshotSpace = nil
        guard case .image(let surface) = layer.contents, surface.format.bytesPerPixel == 4 else { return }
        let world = source.homography(relativeTo: space)
        let full = surface.bounds
        snapshotItems.removeAll(keepingCapacity: true)
        if source.hasContents, let item = contentItem(source, world: world, opacity: 255, clip: full) {
            snapshotItems.append(item)
        }
        var clip = full
        if source.masksToBounds { clip = full.intersection(world.pixelBounds(of: source.bounds, grow: 0) ?? full) }
        let order = source.drawingOrder
        var k = 0
        while k < order.count {
            collect(order[k], parentWorld: world, clip: clip, tracking: false, into: &snapshotItems)
            k += 1
        }
        stats.snapshots += 1
        _ = try? pool.paint(snapshotItems, into: surface, region: full, background: clearColor, occlusion: occlusion)
        snapshotItems.removeAll(keepingCapacity: true)
    }
}
