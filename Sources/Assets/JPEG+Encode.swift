internal import CImage
import Raster

extension JPEG {
    /// Encodes `surface` as a baseline JPEG (libjpeg-turbo's fast integer DCT, optimised
    /// Huffman tables off: its defaults).
    /// - `.xrgb8888`: the colour channels; the top byte is ignored.
    /// - `.argb8888`: the premultiplied colour channels as they are, which is the image
    ///   composited over black (JPEG has no alpha).
    /// - `.rgb565`: widened to 8 bits by bit replication first (as `Surface.convert`).
    /// - `.a8`: a grayscale JPEG of the mask's values, whatever `subsampling` says.
    /// - Parameters:
    ///   - quality: 1 (smallest) ... 100 (best); clamped into that range.
    ///   - subsampling: how much colour resolution to keep (ignored for `.a8`).
    /// - Throws: `encodeFailed` with libjpeg-turbo's reason.
    public static func encode(
        _ surface: Surface, quality: Int = defaultQuality, subsampling: Subsampling = .yuv420
    ) throws(ImageError) -> [UInt8] {
        try encode(surface, name: "<memory>", quality: quality, subsampling: subsampling)
    }

    /// - Parameter progressive: progressive entropy coding (for tests: the decoder
    ///   must read such files, as many cameras and web tools write them).
    static func encode(
        _ surface: Surface, name: String, quality: Int, subsampling: Subsampling, progressive: Bool = false
    ) throws(ImageError) -> [UInt8] {
        var source = surface
        let pixelFormat: TJPF
        switch surface.format {
        case .xrgb8888, .argb8888:
            pixelFormat = nativeXRGB
        case .rgb565:
            // Sizes and formats match by construction: convert cannot fail.
            source = try! Surface(width: surface.width, height: surface.height, format: .xrgb8888)
            try! source.convert(from: surface)
            pixelFormat = nativeXRGB
        case .a8:
            pixelFormat = TJPF_GRAY
        }
        let sampling: TJSAMP =
            switch (surface.format, subsampling) {
            case (.a8, _), (_, .gray): TJSAMP_GRAY
            case (_, .yuv444): TJSAMP_444
            case (_, .yuv420): TJSAMP_420
            }
        return try compress(
            source.baseAddress.assumingMemoryBound(to: UInt8.self), width: source.width, pitch: source.stride,
            height: source.height, pixelFormat: pixelFormat, subsampling: sampling, quality: quality,
            flags: progressive ? TJFLAG_PROGRESSIVE : 0, name: name)
    }

    /// Encodes packed CMYK bytes (4 a pixel, inverted as Adobe stores them) as a YCCK
    /// JPEG at 4:4:4: how tests make the CMYK files `decode` must read.
    static func encodeCMYK(_ cmyk: [UInt8], width: Int, height: Int, quality: Int) throws(ImageError) -> [UInt8] {
        precondition(cmyk.count == width * height * 4, "CMYK buffer is not width * height * 4 bytes")
        return try cmyk.withUnsafeBufferPointer { buffer in
            Result { () throws(ImageError) in
                try compress(
                    buffer.baseAddress!, width: width, pitch: width * 4, height: height, pixelFormat: TJPF_CMYK,
                    subsampling: TJSAMP_444, quality: quality, flags: 0, name: "<memory>")
            }
        }.get()
    }

    private static func compress(
        _ pixels: UnsafePointer<UInt8>, width: Int, pitch: Int, height: Int, pixelFormat: TJPF,
        subsampling: TJSAMP, quality: Int, flags: Int32, name: String
    ) throws(ImageError) -> [UInt8] {
        let handle = TJHandle(compressor: true)
        var jpeg: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { tjFree(jpeg) }
        guard tjCompress2(
            handle.raw, pixels, Int32(width), Int32(pitch), Int32(height), Int32(pixelFormat.rawValue), &jpeg, &size,
            Int32(subsampling.rawValue), Int32(min(max(quality, 1), 100)), flags) == 0, let jpeg
        else { throw .encodeFailed(path: name, format: .jpeg, reason: handle.message) }
        return [UInt8](UnsafeBufferPointer(start: jpeg, count: Int(size)))
    }

    /// The TurboJPEG pixel format whose 4 bytes, read as a native `UInt32`, are
    /// 0xXXRRGGBB (the X byte is ignored when compressing).
    private static var nativeXRGB: TJPF {
        #if _endian(little)
            TJPF_BGRX
        #else
            TJPF_XRGB
        #endif
    }
}
