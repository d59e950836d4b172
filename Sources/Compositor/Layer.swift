import FixedPoint
import Raster

/// One node of the layer tree, with Core Animation's model (the Architecture article, "Layers and transforms"):
/// its own coordinate space is `bounds`; `position` is where its `anchorPoint` sits in
/// the superlayer's space; `transform` (4x4, perspective in m34) turns it about that
/// anchor. Sublayers are drawn over the contents, in `zPosition` order (ties: the order
/// they were added), each flattened into this layer's plane.
///
/// Every property change marks the layer dirty, so the compositor repaints only what
/// changed (old and new screen rectangles). Single-threaded: the event loop owns the tree.
public final class Layer {
    /// For logs and tests only.
    public var name: String

    /// The layer's own coordinate space, points: origin is the top-left corner's
    /// coordinate, size the extent. Contents are stretched over it.
    public var bounds: Rect2D { didSet { if bounds != oldValue { setNeedsDisplay(contentChanged: true) } } }
    /// Where the anchor point lies in the superlayer's space, points.
    public var position: Point2D { didSet { if position != oldValue { setNeedsDisplay() } } }
    /// The point of `bounds` (unit coordinates: (0, 0) top-left, (1, 1) bottom-right)
    /// that `position` places and `transform` turns about. Default (0.5, 0.5).
    public var anchorPoint = Point2D(x: 0.5, y: 0.5) {
        didSet { if anchorPoint != oldValue { setNeedsDisplay() } }
    }
    public var transform = Transform3D.identity { didSet { if transform != oldValue { setNeedsDisplay() } } }
    /// 0...1 (values outside are clamped when drawn). Below 1 with sublayers, the layer
    /// and its sublayers are composited offscreen first and faded as one picture.
    public var opacity = 1.0 { didSet { if opacity != oldValue { setNeedsDisplay() } } }
    /// Drawing order among siblings: higher is drawn later (on top).
    public var zPosition = 0.0 {
        didSet {
            if zPosition != oldValue {
                superlayer?.orderDirty = true
                setNeedsDisplay()
            }
        }
    }
    /// A hidden layer and its sublayers are neither drawn nor hit.
    public var isHidden = false { didSet { if isHidden != oldValue { setNeedsDisplay() } } }
    /// Clips sublayers to the bounds.
    public var masksToBounds = false { didSet { if masksToBounds != oldValue { setNeedsDisplay(contentChanged: true) } } }
    /// When false, the layer (with its sublayers) is not drawn while its back faces the
    /// viewer (its screen image mirrored: a page turned past 90 degrees).
    public var isDoubleSided = true { didSet { if isDoubleSided != oldValue { setNeedsDisplay() } } }
    /// Forces offscreen composition of the layer and its sublayers into a cached picture
    /// (Core Animation's shouldRasterize), redrawn only when something inside changes.
    public var shouldRasterize = false { didSet { if shouldRasterize != oldValue { setNeedsDisplay(contentChanged: true) } } }
    /// Whether `Compositor.hitTest` may return this layer (its sublayers are tested
    /// either way).
    public var allowsHitTesting = true
    public var contents = LayerContents.none { didSet { if contents != oldValue { setNeedsDisplay(contentChanged: true) } } }

    public internal(set) var sublayers: [Layer] = []
    public internal(set) weak var superlayer: Layer?

    // Compositor state. Flags: `isDirty` = this layer changed since it was last drawn
    // (`contentDirty`: its own picture did, not only its placement);
    // `descendantDirty` = something below it did (kept true on every ancestor of a dirty
    // layer, so a cached group knows to redraw).
    var isDirty = true
    var contentDirty = true
    var descendantDirty = true
    var orderDirty = true
    /// Sublayers sorted by zPosition (stable), rebuilt when `orderDirty`.
    var ordered: [Layer] = []
    /// Damage left behind by removed sublayers, screen pixels.
    var pendingDamage: [PixelRect] = []
    /// Where this layer was last drawn on screen (directly, not inside a group), and the
    /// world transform and clip it was drawn with.
    var renderedRect: PixelRect?
    var lastWorld = Homography.identity
    var lastClip = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The offscreen picture when drawn as a group; rasterized text or colour.
    var group: GroupCache?
    var contentCache: ContentCache?
    /// The subtree to draw into the contents picture at the next render
    /// (`showSnapshot(of:in:)`).
    var pendingSnapshot: Layer?
    /// The compositor whose tree this layer is the root of (`Layer.drawGroupAhead()`).
    weak var compositor: Compositor?
    /// The layer whose space a pending snapshot is drawn in (nil: the root's, logical
    /// screen space); see `showSnapshot(of:in:relativeTo:)`.
    weak var pendingSnapshotSpace: Layer?

    public init(name: String = "", bounds: Rect2D = .zero, position: Point2D = .zero) {
        self.name = name
        self.bounds = bounds
        self.position = position
    }

    /// A layer placed by its frame (origin and size in the superlayer's space, for an
    /// identity transform): bounds (0, 0, w, h), position at the frame's centre.
    public convenience init(name: String = "", frame: Rect2D, contents: LayerContents = .none) {
        self.init(
            name: name, bounds: Rect2D(x: 0, y: 0, width: frame.width, height: frame.height),
            position: Point2D(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2))
        self.contents = contents
    }

    /// The rectangle the layer covers in its superlayer's space ignoring `transform`;
    /// setting it sets `bounds.size` and `position` (keeping `bounds.origin`).
    public var frame: Rect2D {
        get {
            Rect2D(
                x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                width: bounds.width, height: bounds.height)
        }
        set {
            bounds.size = newValue.size
            position = Point2D(
                x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// Marks the layer for redrawing (property setters call this); ancestors learn that
    /// something below them changed. `contentChanged`: what the layer itself shows
    /// changed (contents, bounds, mask), not only where or how opaque it is, so a cached
    /// group picture of it must be redrawn too.
    public func setNeedsDisplay(contentChanged: Bool = false) {
        isDirty = true
        if contentChanged { contentDirty = true }
        propagateDescendantDirty(from: superlayer)
    }

    func propagateDescendantDirty(from start: Layer?) {
        var p = start
        while let q = p, !q.descendantDirty {
            q.descendantDirty = true
            p = q.superlayer
        }
    }

    /// This layer's space to its superlayer's: position, then transform about the
    /// anchor, flattened to a 3x3.
    public var localHomography: Homography {
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        if transform.isIdentity {
            return .translation(x: position.x - ax, y: position.y - ay)
        }
        return .translation(x: position.x, y: position.y) * transform.flattened * .translation(x: -ax, y: -ay)
    }

    /// Whether this layer has something to draw of its own.
    var hasContents: Bool {
        if case .none = contents { return false }
        return true
    }
}

extension Layer: CustomStringConvertible {
    public var description: String { name.isEmpty ? "Layer" : "Layer(\(name))" }
}
