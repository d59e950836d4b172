/// A turn of an image by a multiple of 90 degrees, clockwise as seen on screen (y down).
///
/// For a source of size sw x sh, the destination is sh x sw for `clockwise90` and
/// `clockwise270`, sw x sh for `half`, and source pixel (sx, sy) lands on:
///
/// | turn | dest x | dest y |
/// |---|---|---|
/// | clockwise90 | sh - 1 - sy | sx |
/// | half | sw - 1 - sx | sh - 1 - sy |
/// | clockwise270 | sy | sw - 1 - sx |
///
/// A panel mounted turned clockwise by R (DESIGN.md §2) shows logical content turned
/// by 360 - R: mount 90 is `clockwise270`, mount 270 is `clockwise90`.
public enum QuarterTurn: Int, Sendable, CaseIterable {
    case clockwise90 = 90
    case half = 180
    case clockwise270 = 270

    /// The turn a panel mounted `degrees` clockwise needs for its scanout; nil for 0.
    public init?(panelMount degrees: Int) {
        switch degrees {
        case 90: self = .clockwise270
        case 180: self = .half
        case 270: self = .clockwise90
        default: return nil
        }
    }

    /// The size of the turned image.
    public func turnedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        self == .half ? (width, height) : (height, width)
    }
}

extension QuarterTurn {
    /// Where the pixels of `rect` (in a `sourceWidth` x `sourceHeight` image) land after
    /// the turn: the destination clip that a damaged source rectangle needs.
    public func turnedRect(_ rect: PixelRect, sourceWidth sw: Int, sourceHeight sh: Int) -> PixelRect {
        switch self {
        case .clockwise90:
            PixelRect(x: sh - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        case .half:
            PixelRect(x: sw - rect.maxX, y: sh - rect.maxY, width: rect.width, height: rect.height)
        case .clockwise270:
            PixelRect(x: rect.y, y: sw - rect.maxX, width: rect.height, height: rect.width)
        }
    }
}
