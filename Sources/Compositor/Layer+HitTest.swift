import FixedPoint

extension Layer {
    /// The deepest visible layer at `point` (in the space `parentWorld` maps this layer's
    /// superlayer from; logical points for the root), sublayers tested front to back.
    /// Hidden, fully transparent (opacity < 0.01, as UIKit) and culled back-facing layers
    /// and their sublayers are skipped; a mask excludes sublayers outside the bounds.
    func hitTest(_ point: Point2D, parentWorld: Homography) -> Layer? {
        guard !isHidden, opacity >= 0.01 else { return nil }
        let world = parentWorld * localHomography
        if !isDoubleSided && world.determinant < 0 { return nil }
        guard let inverse = world.inverse, let p = inverse.apply(point) else { return nil }
        let inside = bounds.contains(p)
        if masksToBounds && !inside { return nil }
        let order = drawingOrder
        var i = order.count - 1
        while i >= 0 {
            if let hit = order[i].hitTest(point, parentWorld: world) { return hit }
            i -= 1
        }
        return inside && allowsHitTesting ? self : nil
    }

    /// `point` (logical screen points) in this layer's own space, or nil when the layer's
    /// plane doesn't reach it (or it is not in a tree drawn from the root).
    public func convertFromScreen(_ point: Point2D) -> Point2D? {
        worldHomography.inverse?.apply(point)
    }

    /// Layer space to logical screen space: this layer's transform and its ancestors'.
    /// The homography from this layer's space to `ancestor`'s (the product of the local
    /// homographies up to, not including, `ancestor`); to the root's when `ancestor` is
    /// nil or not an ancestor.
    func homography(relativeTo ancestor: Layer?) -> Homography {
        var h = localHomography
        var p = superlayer
        while let q = p, q !== ancestor {
            h = q.localHomography * h
            p = q.superlayer
        }
        return h
    }

    var worldHomography: Homography {
        var world = localHomography
        var p = superlayer
        while let q = p {
            world = q.localHomography * world
            p = q.superlayer
        }
        return world
    }
}
