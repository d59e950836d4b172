extension Layer {
    /// Draws this layer's group picture now, if something inside it changed since it was
    /// last drawn, so that the next frame only draws the picture: for the gap between
    /// frames (`PlayableScene.prepareAhead()`), a card about to be shown drawn before
    /// the frame that shows it. Only a `shouldRasterize` layer with sublayers (a group
    /// whatever its transform and opacity) in a compositor's tree; false when nothing was
    /// drawn. The frame after counts the picture as redrawn (its place is repainted).
    @discardableResult
    public func drawGroupAhead() -> Bool {
        var top = self
        while let s = top.superlayer { top = s }
        guard let compositor = top.compositor else { return false }
        return compositor.drawGroupAhead(self)
    }
}

extension Layer {
    /// Rasterizes now the text of this layer and of the layers under it that show (not
    /// hidden, not clear) and are not rasterized yet, with the text rasterizer of the
    /// compositor whose tree `root` is (this layer need not be in it yet: home built
    /// under the launch doors): for the gap between frames, so that the frame that first
    /// draws them only draws (a label's first draw shapes and rasterizes it: most of
    /// the frame that first shows a screen). Returns how many were rasterized.
    @discardableResult
    public func rasterizeTextAhead(compositorOf root: Layer) -> Int {
        guard let compositor = root.compositor else { return 0 }
        return compositor.rasterizeTextAhead(self)
    }
}

extension Compositor {
    /// `Layer.rasterizeTextAhead(compositorOf:)`: the content cache a frame would make.
    func rasterizeTextAhead(_ layer: Layer) -> Int {
        guard !layer.isHidden, layer.opacity > 0 else { return 0 }
        var made = 0
        if case .text = layer.contents {
            let before = layer.contentCache
            _ = cachedPicture(for: layer)
            if layer.contentCache !== before { made += 1 }
        }
        for sub in layer.sublayers { made += rasterizeTextAhead(sub) }
        return made
    }

    /// `Layer.drawGroupAhead()`: `updateGroup` outside a frame. Damage its sublayers
    /// leave (removed ones, ones drawn on screen before) is kept for the next frame.
    func drawGroupAhead(_ layer: Layer) -> Bool {
        guard layer.shouldRasterize, !layer.sublayers.isEmpty, !layer.isHidden, layer.opacity > 0 else { return false }
        guard layer.group == nil || layer.contentDirty || layer.descendantDirty else { return false }
        layer.contentDirty = false
        layer.descendantDirty = false
        swap(&damage, &aheadDamage)
        defer { swap(&damage, &aheadDamage) }
        _ = updateGroup(layer, contentChanged: true)
        layer.group?.drawnAhead = true
        return true
    }
}
