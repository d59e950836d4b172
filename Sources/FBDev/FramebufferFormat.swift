import Display
import Raster

extension FramebufferVariableInfo {
    /// xrgb8888 as fbdev describes it: 32 bits, red at bit 16, green at 8, blue at 0,
    /// 8 bits each (the top byte, `transp`, is ignored).
    static let xrgb8888 = (
        bits: 32, red: FramebufferChannel(offset: 16, length: 8), green: FramebufferChannel(offset: 8, length: 8),
        blue: FramebufferChannel(offset: 0, length: 8)
    )
    /// rgb565: 16 bits, red 11/5, green 5/6, blue 0/5.
    static let rgb565 = (
        bits: 16, red: FramebufferChannel(offset: 11, length: 5), green: FramebufferChannel(offset: 5, length: 6),
        blue: FramebufferChannel(offset: 0, length: 5)
    )

    /// "32 bpp, red 16/8, green 8/8, blue 0/8": the layout in error messages.
    var layoutDescription: String { "\(bitsPerPixel) bpp, red \(red), green \(green), blue \(blue)" }
}

extension FBDevDisplay {
    /// The scanout format the device's pixel layout is, or `.unsupported` naming the bits
    /// and channel offsets/lengths found: packed truecolor pixels, 32 bpp as xrgb8888 or
    /// 16 bpp as rgb565, and nothing else. Directcolor is taken as truecolor: drivers
    /// load it with an identity colour map.
    static func scanoutFormat(
        path: String, variable v: FramebufferVariableInfo, fixed f: FramebufferFixedInfo
    ) throws(DisplayError) -> PixelFormat {
        guard f.type == 0 else {
            throw .unsupported("\(path): framebuffer type \(f.type) is not packed pixels (type 0)")
        }
        guard f.visual == 2 || f.visual == 4 else {
            throw .unsupported(
                "\(path): visual \(f.visual) is not truecolor (2) or directcolor (4); \(v.layoutDescription)")
        }
        guard v.grayscale == 0, v.nonstd == 0 else {
            throw .unsupported(
                "\(path): grayscale \(v.grayscale), nonstd \(v.nonstd) is not a standard colour layout; "
                    + v.layoutDescription)
        }
        let x = FramebufferVariableInfo.xrgb8888
        let r = FramebufferVariableInfo.rgb565
        switch v.bitsPerPixel {
        case 32:
            guard v.red == x.red, v.green == x.green, v.blue == x.blue else {
                throw .unsupported(
                    "\(path): \(v.layoutDescription) is not xrgb8888 (red 16/8, green 8/8, blue 0/8)")
            }
            return .xrgb8888
        case 16:
            guard v.red == r.red, v.green == r.green, v.blue == r.blue else {
                throw .unsupported("\(path): \(v.layoutDescription) is not rgb565 (red 11/5, green 5/6, blue 0/5)")
            }
            return .rgb565
        default:
            throw .unsupported(
                "\(path): \(v.layoutDescription) is not 32 bpp xrgb8888 or 16 bpp rgb565; "
                    + "set a supported depth (e.g. fbset -depth 32, or video=...-32 on the kernel command line)")
        }
    }
}
