internal import CImage
import Raster

extension JPEG {
    /// Decodes JPEG `bytes` into a new opaque `.xrgb8888` surface (top byte 0xff).
    ///
    /// - Baseline and progressive, any subsampling libjpeg-turbo's TurboJPEG API accepts,
    ///   with its accurate IDCT and smooth chroma upsampling (the defaults).
    /// - YCbCr, RGB and grayscale: converted by libjpeg-turbo (`TJPF_BGRA` on
    ///   little-endian machines, which stores 0xAARRGGBB words with alpha 0xff).
    /// - CMYK and YCCK: decoded as CMYK and converted with the inverted (Adobe) CMYK
    ///   convention that Photoshop writes and libjpeg-turbo's own tools assume:
    ///   `r = c * k / 255`, rounded, likewise g from m and b from y. No colour
    ///   management: such files are rare on a kiosk and should be converted to sRGB.
    /// - EXIF orientation is ignored: the pixels come out as stored.
    ///
    /// The header is checked against `limits` before any pixel memory is allocated. Any
    /// warning from libjpeg (`TJFLAG_STOPONWARNING`) fails the decode: a picture with a
    /// grey bottom half is a broken asset, not an image.
    /// - Parameter name: the file the bytes came from, for error messages.
    /// - Throws: `truncated` (the data ends before the EOI marker; see
    ///   `JPEG.structure(of:)`), `corrupt` (libjpeg's reason, e.g. `Bogus marker
    ///   length`), `tooLarge`, `unsupported` (no JPEG signature).
    public static func decode(
        _ bytes: [UInt8], name: String = "<memory>", limits: ImageLimits = .default
    ) throws(ImageError) -> Surface {
        guard !bytes.isEmpty else { throw .truncated(path: name, format: .jpeg, bytes: 0) }
        // Checked here so that 3 bytes of text are "not a JPEG", not "truncated JPEG".
        let head = bytes.prefix(signature.count)
        guard head.elementsEqual(signature.prefix(head.count)) else {
            throw .unsupported(path: name, reason: "not a JPEG file (it starts with \(hexBytes(bytes.prefix(8))))")
        }
        guard bytes.count > signature.count else {
            throw .truncated(path: name, format: .jpeg, bytes: bytes.count)
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ImageError) in try decode(buffer, name: name, limits: limits) }
        }.get()
    }

    private static func decode(
        _ data: UnsafeBufferPointer<UInt8>, name: String, limits: ImageLimits
    ) throws(ImageError) -> Surface {
        let handle = TJHandle(compressor: false)
        // libjpeg reads a missing end as a warning and fills in; its text for what went
        // wrong then is often a consequence ("Bogus Huffman table definition"). The
        // marker structure says whether the data simply stops.
        func fail() -> ImageError {
            if case .truncated = structure(of: data) {
                return .truncated(path: name, format: .jpeg, bytes: data.count)
            }
            return .corrupt(path: name, format: .jpeg, reason: handle.message)
        }
        func tooLarge(_ w: Int, _ h: Int) -> ImageError {
            .tooLarge(path: name, format: .jpeg, width: w, height: h, limits: limits)
        }

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle.raw, data.baseAddress, UInt(data.count), &width, &height, &subsampling, &colorspace) == 0
        else { throw fail() }
        let w = Int(width), h = Int(height)
        // A "tables-only" stream (or one whose fake EOI came before any frame header):
        // success with no size.
        guard w > 0, h > 0 else {
            if case .truncated = structure(of: data) {
                throw .truncated(path: name, format: .jpeg, bytes: data.count)
            }
            throw .corrupt(path: name, format: .jpeg, reason: "no image (tables only)")
        }
        guard limits.allows(width: w, height: h) else { throw tooLarge(w, h) }

        let surface: Surface
        do {
            surface = try Surface(width: w, height: h, format: .xrgb8888)
        } catch {
            throw tooLarge(w, h)  // beyond Surface's own maximum side
        }

        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let pixelFormat = isCMYK ? TJPF_CMYK : nativeARGB
        // LIMITSCANS: a progressive file with thousands of scans is a known way to make
        // libjpeg spin for minutes on a few kilobytes.
        let flags = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS
        guard tjDecompress2(
            handle.raw, data.baseAddress, UInt(data.count), surface.baseAddress.assumingMemoryBound(to: UInt8.self),
            width, Int32(surface.stride), height, Int32(pixelFormat.rawValue), flags) == 0
        else { throw fail() }

        if isCMYK { invertedCMYKToXRGB(surface) }
        return surface
    }

    /// The TurboJPEG pixel format whose 4 bytes, read as a native `UInt32`, are
    /// 0xAARRGGBB with alpha 0xff ("BGRA" names the byte order in memory).
    private static var nativeARGB: TJPF {
        #if _endian(little)
            TJPF_BGRA
        #else
            TJPF_ARGB
        #endif
    }

    /// C, M, Y, K bytes (inverted, as Adobe stores them: 255 is no ink) to 0xffRRGGBB,
    /// in place: `r = c * k / 255` rounded to nearest.
    private static func invertedCMYKToXRGB(_ s: Surface) {
        for y in 0..<s.height {
            let row = s.row(y, as: UInt8.self)
            for x in 0..<s.width {
                let p = row + 4 * x
                let k = UInt32(p[3])
                let r = premultiply(UInt32(p[0]), k), g = premultiply(UInt32(p[1]), k)
                let b = premultiply(UInt32(p[2]), k)
                UnsafeMutableRawPointer(p).storeBytes(of: 0xff00_0000 | r << 16 | g << 8 | b, as: UInt32.self)
            }
        }
    }
}
