import Input

/// Panel to logical coordinates for a panel mounted `mount` degrees clockwise: the
/// inverse of DESIGN.md §2's table, for touch (until the Rotation service owns it).
/// `width` x `height` is the panel's native size.
public func logicalPoint(_ p: PanelPoint, mount: Int, width: Int, height: Int) -> LogicalPoint {
    let w = Double(width), h = Double(height)
    switch mount {
    case 90: return LogicalPoint(x: h - 1 - p.y, y: p.x)
    case 180: return LogicalPoint(x: w - 1 - p.x, y: h - 1 - p.y)
    case 270: return LogicalPoint(x: p.y, y: w - 1 - p.x)
    default: return LogicalPoint(x: p.x, y: p.y)
    }
}
