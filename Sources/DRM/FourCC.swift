import Raster

/// A DRM pixel format code: four ASCII characters packed little-endian into 32 bits, as
/// the kernel's drm_fourcc.h spells them ("XR24" is DRM_FORMAT_XRGB8888).
public struct FourCC: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The code for four ASCII characters, e.g. "XR24". Precondition: exactly four bytes.
    public init(_ text: StaticString) {
        precondition(text.utf8CodeUnitCount == 4, "a fourcc has four characters")
        let p = text.utf8Start
        rawValue = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
    }

    /// DRM_FORMAT_XRGB8888: 32 bits, the top byte ignored; `PixelFormat.xrgb8888`.
    public static let xrgb8888 = FourCC("XR24")
    /// DRM_FORMAT_ARGB8888.
    public static let argb8888 = FourCC("AR24")
    /// DRM_FORMAT_RGB565: 16 bits; `PixelFormat.rgb565`.
    public static let rgb565 = FourCC("RG16")

    /// The code a scanout format is known by: nil for formats Vitrine never scans out.
    public init?(_ format: PixelFormat) {
        switch format {
        case .xrgb8888: self = .xrgb8888
        case .rgb565: self = .rgb565
        case .argb8888, .a8: return nil
        }
    }

    /// The four characters, "XR24"; a code with a byte outside printable ASCII is shown in
    /// hex, "0x00000001".
    public var description: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> ($0 * 8)) }
        if bytes.allSatisfy({ (0x20...0x7e).contains($0) }) { return String(decoding: bytes, as: UTF8.self) }
        let hex = String(rawValue, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}
