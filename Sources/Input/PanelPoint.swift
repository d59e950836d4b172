import FixedPoint

/// A point in *panel space*, in pixels: the scanout buffer's and the digitizer's native
/// orientation, origin top-left, y down (the Architecture article). Raw touch and pointer events
/// carry panel points; only `Rotation` turns them into logical `Point2D`s, so the two types
/// are kept apart and cannot be mixed by accident.
public struct PanelPoint: Hashable, Sendable, CustomStringConvertible {
    /// Pixels from the panel's left edge; fractional where the digitizer resolves finer.
    public var x: Double
    /// Pixels from the panel's top edge.
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Whether both coordinates are finite (not NaN, not infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// "panel(x, y)".
    public var description: String { "panel(\(x), \(y))" }
}

/// A panel's size in pixels, in its native orientation (the Architecture article: W x H).
public struct PanelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    @inlinable
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `p` moved to the nearest point of the panel's pixel area `0...W-1 x 0...H-1`
    /// (pixel indices, as in the rotation table). A non-finite coordinate becomes 0;
    /// an empty size clamps everything to 0.
    @inlinable
    public func clamp(_ p: PanelPoint) -> PanelPoint {
        PanelPoint(x: Self.clamp(p.x, width), y: Self.clamp(p.y, height))
    }

    @inlinable
    static func clamp(_ v: Double, _ extent: Int) -> Double {
        guard v.isFinite else { return 0 }
        return min(max(v, 0), Double(max(extent - 1, 0)))
    }

    /// "WxH".
    public var description: String { "\(width)x\(height)" }
}
