import FixedPoint
import Input

/// The one transform between logical space (what the show is laid out in) and panel space
/// (the scanout buffer and the digitizer, native orientation) for a panel of native size
/// `panelWidth` x `panelHeight` turned `orientation` (the Architecture article's table). The output turns its
/// frames with `scanoutTurn` (on the plane, or in software), and touch comes back through
/// the inverse of the same map, so pixels and touch can never disagree.
///
/// A logical pixel (x, y) lands on panel pixel:
///
/// | orientation | panel x | panel y |
/// |---|---|---|
/// | 0 | x | y |
/// | 90 | y | H - 1 - x |
/// | 180 | W - 1 - x | H - 1 - y |
/// | 270 | W - 1 - y | x |
///
/// which is the logical image turned by 360 - R (`QuarterTurn`'s table, the only one).
public struct PanelTransform: Hashable, Sendable {
    public let orientation: Orientation
    /// The panel's native size, pixels.
    public let panelWidth: Int
    public let panelHeight: Int
    /// Logical pixel -> panel pixel.
    public let toPanel: GridMap
    /// Panel pixel -> logical pixel.
    public let toLogical: GridMap

    public init(orientation: Orientation, panelWidth: Int, panelHeight: Int) {
        self.orientation = orientation
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        let (lw, lh) = orientation.logicalSize(panelWidth: panelWidth, panelHeight: panelHeight)
        toPanel = Self.scanoutTurn(orientation)?.map(sourceWidth: lw, sourceHeight: lh) ?? .identity
        toLogical = toPanel.inverse
    }

    /// The turn a logical frame needs to become the panel's picture: a panel turned R
    /// clockwise shows its content turned by 360 - R. Nil when upright.
    public var scanoutTurn: QuarterTurn? { Self.scanoutTurn(orientation) }

    private static func scanoutTurn(_ o: Orientation) -> QuarterTurn? {
        switch o {
        case .upright: nil
        case .clockwise90: .clockwise270
        case .upsideDown: .half
        case .clockwise270: .clockwise90
        }
    }

    /// The logical size: the panel's, swapped for 90 and 270.
    public var logicalWidth: Int { orientation.swapsAxes ? panelHeight : panelWidth }
    public var logicalHeight: Int { orientation.swapsAxes ? panelWidth : panelHeight }

    /// Where a logical point is on the panel (pixel centres on whole values).
    public func panelPoint(_ p: Point2D) -> PanelPoint {
        let q = toPanel.apply(x: p.x, y: p.y)
        return PanelPoint(x: q.x, y: q.y)
    }

    /// Where a panel point (a touch) is in logical space.
    public func logicalPoint(_ p: PanelPoint) -> Point2D {
        let q = toLogical.apply(x: p.x, y: p.y)
        return Point2D(x: q.x, y: q.y)
    }

    /// The panel pixel of logical pixel (x, y).
    public func panelPixel(x: Int, y: Int) -> (x: Int, y: Int) { toPanel.apply(x: x, y: y) }

    /// The logical pixel of panel pixel (x, y).
    public func logicalPixel(x: Int, y: Int) -> (x: Int, y: Int) { toLogical.apply(x: x, y: y) }
}
