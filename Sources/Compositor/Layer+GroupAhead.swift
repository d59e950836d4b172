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

extension Compositor {
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
