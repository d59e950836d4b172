/// The pixel formats Vitrine draws in and scans out (the Architecture article, "Conventions").
///
/// 32-bit formats are stored as one native-endian `UInt32` per pixel, `0xAARRGGBB`
/// (DRM's `XR24`/`AR24` on little-endian machines, pixman's `x8r8g8b8`/`a8r8g8b8`).
public enum PixelFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Opaque 32-bit: the top byte is ignored on read and written as 0xff.
    case xrgb8888
    /// 32-bit with alpha, premultiplied: each colour channel is at most alpha.
    case argb8888
    /// 16-bit opaque, `RRRRRGGGGGGBBBBB`: many small panels scan this out.
    case rgb565
    /// 8-bit coverage or alpha only: glyph masks.
    case a8

    /// Bytes one pixel takes in memory.
    public var bytesPerPixel: Int {
        switch self {
        case .xrgb8888, .argb8888: 4
        case .rgb565: 2
        case .a8: 1
        }
    }

    /// Whether every pixel is fully opaque by definition (no alpha channel).
    public var isOpaque: Bool { self == .xrgb8888 || self == .rgb565 }

    public var description: String { rawValue }
}
