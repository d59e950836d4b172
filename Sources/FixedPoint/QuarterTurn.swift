/// A turn of a pixel grid by a multiple of 90 degrees, clockwise as seen on screen (y down):
/// what the scanout does to a logical frame on a turned panel, and what the raster's
/// `rotate` kernel does to an image.
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
/// This table is written once, in `map(sourceWidth:sourceHeight:)`; sizes, rectangles,
/// the kernel's walk and the Rotation module's logical <-> panel transform (the Architecture article's table)
/// all derive from it. Which turn a panel orientation needs is the Rotation module's to
/// say, not this type's.
public enum QuarterTurn: Int, Sendable, CaseIterable {
    case clockwise90 = 90
    case half = 180
    case clockwise270 = 270

    /// The size of the turned image.
    public func turnedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        self == .half ? (width, height) : (height, width)
    }

    /// Where each pixel of a `sw` x `sh` source lands: the table above.
    public func map(sourceWidth sw: Int, sourceHeight sh: Int) -> GridMap {
        switch self {
        case .clockwise90: GridMap(xx: 0, xy: -1, tx: sh - 1, yx: 1, yy: 0, ty: 0)
        case .half: GridMap(xx: -1, xy: 0, tx: sw - 1, yx: 0, yy: -1, ty: sh - 1)
        case .clockwise270: GridMap(xx: 0, xy: 1, tx: 0, yx: -1, yy: 0, ty: sw - 1)
        }
    }
}
