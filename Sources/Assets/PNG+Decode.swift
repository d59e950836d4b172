internal import CImage
import Raster

extension PNG {
    /// Decodes PNG `bytes` into a new surface: `.argb8888` premultiplied, or `.xrgb8888`
    /// when the file has no alpha channel and no tRNS chunk (see `PNG`).
    ///
    /// Any PNG colour type and bit depth is accepted; 16-bit channels are reduced to 8,
    /// palettes and tRNS expanded, interlacing undone (libspng, `SPNG_FMT_RGBA8` with
    /// `SPNG_DECODE_TRNS`). Gamma, colour profiles and text chunks are ignored. Colour
    /// channels are premultiplied as `(c * a + 127) / 255`.
    ///
    /// The header is checked against `limits` before any pixel memory is allocated.
    /// Nothing after the image data is read: a file cut after its last IDAT's data (in
    /// its CRC, or without IEND) still decodes, every pixel byte checked by zlib's Adler-32.
    /// - Parameter name: the file the bytes came from, for error messages.
    /// - Throws: `truncated`, `corrupt` (libspng's reason), `tooLarge`, `unsupported`
    ///   (no PNG signature).
    public static func decode(
        _ bytes: [UInt8], name: String = "<memory>", limits: ImageLimits = .default
    ) throws(ImageError) -> Surface {
        guard !bytes.isEmpty else { throw .truncated(path: name, format: .png, bytes: 0) }
        // Checked here so that 3 bytes of text are "not a PNG", not "truncated PNG".
        let head = bytes.prefix(signature.count)
        guard head.elementsEqual(signature.prefix(head.count)) else {
            let hex = head.map { b in (b < 16 ? "0" : "") + String(b, radix: 16) }.joined(separator: " ")
            throw .unsupported(path: name, reason: "not a PNG file (it starts with \(hex))")
        }
        // Array.withUnsafeBytes is rethrows (untyped): carry the typed error out in a Result.
        return try bytes.withUnsafeBytes { raw in
            Result { () throws(ImageError) in try decode(raw, name: name, limits: limits) }
        }.get()
    }

    private static func decode(
        _ raw: UnsafeRawBufferPointer, name: String, limits: ImageLimits
    ) throws(ImageError) -> Surface {
        func fail(_ code: Int32) -> ImageError {
            switch code {
            case Int32(SPNG_IO_EOF), Int32(SPNG_EOF): .truncated(path: name, format: .png, bytes: raw.count)
            default: .corrupt(path: name, format: .png, reason: spngMessage(code))
            }
        }
        func tooLarge(_ w: Int, _ h: Int) -> ImageError {
            .tooLarge(path: name, format: .png, width: w, height: h, limits: limits)
        }

        let ctx = SPNGContext(encoder: false)
        // libspng's own checks, in its ranges (1 ... 2^31 - 1); ours follow below.
        let maxU31 = Int(Int32.max)
        _ = spng_set_image_limits(
            ctx.raw, UInt32(min(max(limits.maxWidth, 1), maxU31)), UInt32(min(max(limits.maxHeight, 1), maxU31)))
        // Ancillary chunks kept in memory (text, ICC profile, Exif), inflated size: a
        // zTXt "zip bomb" stops at the decoded-bytes limit (at least 1 MiB).
        _ = spng_set_chunk_limits(ctx.raw, maxU31, max(limits.maxDecodedBytes, 1 << 20))
        var ret = spng_set_png_buffer(ctx.raw, raw.baseAddress, raw.count)
        guard ret == 0 else { throw fail(ret) }

        var ihdr = spng_ihdr()
        ret = spng_get_ihdr(ctx.raw, &ihdr)
        if ret == Int32(SPNG_EUSER_WIDTH) || ret == Int32(SPNG_EUSER_HEIGHT) {
            // libspng refused the header without handing it out; the IHDR fields sit at
            // fixed offsets (signature, length, "IHDR", then width and height big-endian).
            func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(raw[at + $1]) } }
            throw tooLarge(u32(16), u32(20))
        }
        guard ret == 0 else { throw fail(ret) }
        let width = Int(ihdr.width), height = Int(ihdr.height)
        guard limits.allows(width: width, height: height) else { throw tooLarge(width, height) }

        // Opaque by construction: no alpha channel and no tRNS chunk.
        var trns = spng_trns()
        ret = spng_get_trns(ctx.raw, &trns)
        guard ret == 0 || ret == Int32(SPNG_ECHUNKAVAIL) else { throw fail(ret) }
        let hasAlpha =
            ret == 0 || ihdr.color_type == UInt8(SPNG_COLOR_TYPE_GRAYSCALE_ALPHA.rawValue)
            || ihdr.color_type == UInt8(SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue)

        let fmt = Int32(SPNG_FMT_RGBA8.rawValue)
        var size = 0
        ret = spng_decoded_image_size(ctx.raw, fmt, &size)
        guard ret == 0 else { throw fail(ret) }
        precondition(size == width * height * 4, "libspng's RGBA8 size disagrees with the header")

        let surface: Surface
        do {
            surface = try Surface(width: width, height: height, format: hasAlpha ? .argb8888 : .xrgb8888)
        } catch {
            throw tooLarge(width, height)  // beyond Surface's own maximum side
        }

        // Row by row straight into the surface, whatever its stride: no second buffer.
        // Interlaced images visit rows more than once; row_num says which.
        let flags = Int32(SPNG_DECODE_TRNS.rawValue | SPNG_DECODE_PROGRESSIVE.rawValue)
        ret = spng_decode_image(ctx.raw, nil, 0, fmt, flags)
        guard ret == 0 else { throw fail(ret) }
        var info = spng_row_info()
        repeat {
            ret = spng_get_row_info(ctx.raw, &info)
            if ret != 0 { break }
            ret = spng_decode_row(ctx.raw, surface.row(Int(info.row_num), as: UInt8.self), surface.rowBytes)
        } while ret == 0
        guard ret == Int32(SPNG_EOI) else { throw fail(ret) }

        if hasAlpha { rgbaToPremultipliedARGB(surface) } else { rgbaToXRGB(surface) }
        return surface
    }

    /// RGBA bytes (straight alpha) to premultiplied 0xAARRGGBB, in place.
    private static func rgbaToPremultipliedARGB(_ s: Surface) {
        for y in 0..<s.height {
            let row = s.baseAddress + y * s.stride
            for x in 0..<s.width {
                let v = UInt32(littleEndian: row.load(fromByteOffset: 4 * x, as: UInt32.self))
                let a = v >> 24
                let r = premultiply(v & 0xff, a), g = premultiply(v >> 8 & 0xff, a)
                let b = premultiply(v >> 16 & 0xff, a)
                row.storeBytes(of: a << 24 | r << 16 | g << 8 | b, toByteOffset: 4 * x, as: UInt32.self)
            }
        }
    }

    /// RGBA bytes with alpha 255 to 0xffRRGGBB, in place.
    private static func rgbaToXRGB(_ s: Surface) {
        for y in 0..<s.height {
            let row = s.baseAddress + y * s.stride
            for x in 0..<s.width {
                let v = UInt32(littleEndian: row.load(fromByteOffset: 4 * x, as: UInt32.self))
                let argb = 0xff00_0000 | (v & 0xff) << 16 | (v & 0xff00) | (v >> 16 & 0xff)
                row.storeBytes(of: argb, toByteOffset: 4 * x, as: UInt32.self)
            }
        }
    }
}
