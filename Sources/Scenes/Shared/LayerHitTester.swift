import Compositor
import FixedPoint
import Input

/// A layer as a touch target: compared by identity.
public struct LayerTarget: Hashable {
    public let layer: Layer
    public init(_ layer: Layer) { self.layer = layer }
    public static func == (a: LayerTarget, b: LayerTarget) -> Bool { a.layer === b.layer }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(layer)) }
}

/// Input's hit-testing seam over the compositor's layer tree: `Compositor.hitTest`
/// (transforms, hidden and culled layers, masks), parents by superlayer.
public struct LayerHitTester: HitTesting {
    public let compositor: Compositor
    public init(compositor: Compositor) { self.compositor = compositor }

    public func hitTest(_ point: Point2D) -> LayerTarget? {
        compositor.hitTest(point).map(LayerTarget.init)
    }

    public func parent(of target: LayerTarget) -> LayerTarget? {
        target.layer.superlayer.map(LayerTarget.init)
    }
}
