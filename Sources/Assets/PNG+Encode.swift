internal import CImage
internal import Glibc
import Raster

extension PNG {
    /// Encodes `surface` as an 8-bit, non-interlaced PNG at `compressionLevel`:
    /// - `.xrgb8888`: RGB (colour type 2), the top byte ignored.
    /// - `.argb8888`: RGBA (type 6), un-premultiplied as `min(255, (c*255 + a/2) / a)`
    ///   (0 where a == 0). Valid premultiplied pixels decode back exactly.
    /// - `.rgb565`: RGB, each channel widened by bit replication (r5 -> r5 r5[4:2]).
    /// - `.a8`: grayscale (type 0), the mask's values as gray levels.
    /// - Throws: `encodeFailed` if libspng fails (out of memory).
    public static func encode(_ surface: Surface) throws(ImageError) -> [UInt8] {
        try encode(surface, name: "<memory>")
    }

    static func encode(_ surface: Surface, name: String) throws(ImageError) -> [UInt8] {
        func fail(_ code: Int32) -> ImageError {
            .encodeFailed(path: name, format: .png, reason: spngMessage(code))
        }
        let (colorType, channels): (spng_color_type, Int) =
            switch surface.format {
            case .xrgb8888, .rgb565: (SPNG_COLOR_TYPE_TRUECOLOR, 3)
            case .argb8888: (SPNG_COLOR_TYPE_TRUECOLOR_ALPHA, 4)
            case .a8: (SPNG_COLOR_TYPE_GRAYSCALE, 1)
            }

        let ctx = SPNGContext(encoder: true)
        var ret = spng_set_option(ctx.raw, SPNG_ENCODE_TO_BUFFER, 1)
        guard ret == 0 else { throw fail(ret) }
        ret = spng_set_option(ctx.raw, SPNG_IMG_COMPRESSION_LEVEL, Int32(compressionLevel))
        guard ret == 0 else { throw fail(ret) }
        var ihdr = spng_ihdr(
            width: UInt32(surface.width), height: UInt32(surface.height), bit_depth: 8,
            color_type: UInt8(colorType.rawValue), compression_method: 0, filter_method: 0,
            interlace_method: 0)
        ret = spng_set_ihdr(ctx.raw, &ihdr)
        guard ret == 0 else { throw fail(ret) }

        // Progressive: one converted row at a time, never a whole-image copy.
        let flags = Int32(SPNG_ENCODE_PROGRESSIVE.rawValue | SPNG_ENCODE_FINALIZE.rawValue)
        ret = spng_encode_image(ctx.raw, nil, 0, Int32(SPNG_FMT_PNG.rawValue), flags)
        guard ret == 0 else { throw fail(ret) }
        var line = [UInt8](repeating: 0, count: surface.width * channels)
        for y in 0..<surface.height {
            line.withUnsafeMutableBufferPointer { out in convertRow(y, of: surface, into: out) }
            ret = line.withUnsafeBytes { spng_encode_row(ctx.raw, $0.baseAddress, $0.count) }
            let expected = y == surface.height - 1 ? Int32(SPNG_EOI) : 0
            guard ret == expected else { throw fail(ret) }
        }

        var length = 0
        var error: Int32 = 0
        guard let png = spng_get_png_buffer(ctx.raw, &length, &error) else { throw fail(error) }
        defer { free(png) }
        return [UInt8](UnsafeRawBufferPointer(start: png, count: length))
    }

    /// Row `y` of `s` as 8-bit PNG samples (RGB, RGBA or gray) into `out`.
    private static func convertRow(_ y: Int, of s: Surface, into out: UnsafeMutableBufferPointer<UInt8>) {
        switch s.format {
        case .xrgb8888:
            let p = s.row(y, as: UInt32.self)
            for x in 0..<s.width {
                let v = p[x]
                out[3 * x] = UInt8(truncatingIfNeeded: v >> 16)
                out[3 * x + 1] = UInt8(truncatingIfNeeded: v >> 8)
                out[3 * x + 2] = UInt8(truncatingIfNeeded: v)
            }
        case .argb8888:
            let p = s.row(y, as: UInt32.self)
            for x in 0..<s.width {
                let v = p[x], a = v >> 24
                out[4 * x] = UInt8(unpremultiply(v >> 16 & 0xff, a))
                out[4 * x + 1] = UInt8(unpremultiply(v >> 8 & 0xff, a))
                out[4 * x + 2] = UInt8(unpremultiply(v & 0xff, a))
                out[4 * x + 3] = UInt8(a)
            }
        case .rgb565:
            let p = s.row(y, as: UInt16.self)
            for x in 0..<s.width {
                let v = UInt32(p[x])
                let r = v >> 11 & 0x1f, g = v >> 5 & 0x3f, b = v & 0x1f
                out[3 * x] = UInt8(r << 3 | r >> 2)
                out[3 * x + 1] = UInt8(g << 2 | g >> 4)
                out[3 * x + 2] = UInt8(b << 3 | b >> 2)
            }
        case .a8:
            _ = out.update(fromContentsOf: UnsafeBufferPointer(start: s.row(y, as: UInt8.self), count: s.width))
        }
    }
}
