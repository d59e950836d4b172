import FixedPoint

/// One node of a layer tree as hit testing sees it. `Scenes` adapts the compositor's
/// layers to it; the tests use plain rectangles.
public protocol HitTestNode: Hashable {
    /// The superlayer, nil at the root.
    var hitTestParent: Self? { get }

    /// The sublayers in paint order, back to front (sorted by `zPosition` as drawn), so
    /// that the last is the front-most and is tried first.
    var hitTestChildren: [Self] { get }

    /// False for a layer that is not drawn (`isHidden`): it and its whole subtree take no
    /// touches.
    var isHitTestVisible: Bool { get }

    /// Whether the layer itself takes touches. False lets touches fall through it (a
    /// shadow, a decorative overlay) while its sublayers can still be hit.
    var takesTouches: Bool { get }

    /// Whether sublayers are hit only within this layer's bounds (`masksToBounds`).
    var clipsHitTestingToBounds: Bool { get }

    /// Whether the logical point lies within the layer's bounds, seen through its
    /// transform: map the point by the inverse of the layer-to-logical 3x3 (the Architecture article,
    /// "Layers and transforms") and test it against `bounds`. Return false where the layer is not drawn
    /// (a single-sided layer turned away, opacity 0).
    func containsForHitTesting(_ point: Point2D) -> Bool
}

/// Hit testing over a tree of `HitTestNode`s, as UIKit's `hitTest(_:with:)`: depth
/// first from the root, front-most sublayer first, skipping hidden subtrees and, under a
/// clipping layer, everything when the point is outside it. A layer is the answer when
/// none of its sublayers is hit, the point is inside it and it takes touches.
///
/// Depth is limited to `maximumDepth` (a cycle in a broken tree must not recurse
/// forever).
public struct LayerTreeHitTester<Node: HitTestNode>: HitTesting {
    public var root: Node
    public static var maximumDepth: Int { 64 }

    public init(root: Node) {
        self.root = root
    }

    public func hitTest(_ point: Point2D) -> Node? {
        guard point.isFinite else { return nil }
        return hit(root, point, depth: 0)
    }

    public func parent(of target: Node) -> Node? {
        target.hitTestParent
    }

    private func hit(_ node: Node, _ point: Point2D, depth: Int) -> Node? {
        guard depth < Self.maximumDepth, node.isHitTestVisible else { return nil }
        let inside = node.containsForHitTesting(point)
        if node.clipsHitTestingToBounds && !inside { return nil }
        for child in node.hitTestChildren.reversed() {
            if let hit = hit(child, point, depth: depth + 1) { return hit }
        }
        return inside && node.takesTouches ? node : nil
    }
}
