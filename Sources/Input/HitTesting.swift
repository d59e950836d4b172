import FixedPoint

/// The seam between touch routing and whatever draws the screen: something that can say
/// which target lies under a logical point, and what each target's parent is.
///
/// Input cannot see the compositor's layer tree (Compositor and Input do not import each
/// other); `Scenes`, which sees both, supplies a conformance — either its own, or
/// `LayerTreeHitTester` over an adapter of the layers to `HitTestNode`, which walks the
/// tree the way UIKit's `hitTest(_:with:)` does, honouring transforms and hidden layers.
///
/// A touch belongs to the target it started on: `TouchRouter` asks once per touch, at
/// its `.began`, and feeds the whole touch to the recognizers attached to that target and
/// its ancestors.
public protocol HitTesting {
    /// What touches are routed to (a layer, or a layer's id); recognizers are attached to
    /// targets.
    associatedtype Target: Hashable

    /// The deepest, front-most target under `point` (logical points) that takes touches;
    /// nil for none.
    func hitTest(_ point: Point2D) -> Target?

    /// The target's parent (its superlayer), nil at the root.
    func parent(of target: Target) -> Target?
}

extension HitTesting {
    /// `target` and its ancestors, deepest first, at most `limit` long (a guard against a
    /// parent cycle in a broken tree).
    func chain(from target: Target?, limit: Int = 256) -> [Target] {
        var chain: [Target] = []
        var next = target
        while let t = next, chain.count < limit {
            chain.append(t)
            next = parent(of: t)
        }
        return chain
    }
}
