import Raster

/// JPEG decoding and encoding with libturbojpeg (the TurboJPEG API of libjpeg-turbo),
/// to and from `Surface`s.
///
/// Decoding always yields an opaque `.xrgb8888` surface whose top byte is 0xff, so its
/// pixels read the same as premultiplied `.argb8888` too and the compositor may copy it
/// without blending (the same convention as an opaque PNG). YCbCr, RGB and grayscale
/// JPEGs are converted by libjpeg-turbo; CMYK and YCCK ones are read as CMYK and
/// converted here (see `decode`).
///
/// Encoding writes baseline JPEGs from any surface format (see `encode`).
public enum JPEG {
    /// The 3 bytes every JPEG file starts with: SOI (FF D8), then the first marker's FF.
    static let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// Reads and decodes the JPEG file at `path` (see `decode` for the output format).
    /// - Throws: `notFound`, `unreadable`, `notRegularFile`, `fileTooLarge` (over `limits.maxFileBytes`),
    ///   and whatever `decode` throws, each naming `path`.
    public static func read(path: String, limits: ImageLimits = .default) throws(ImageError) -> Surface {
        let bytes = try FileIO.readAll(path: path, maxBytes: limits.maxFileBytes)
        return try decode(bytes, name: path, limits: limits)
    }

    /// Encodes `surface` and writes it to `path` atomically (through `path + ".tmp"` and
    /// a rename, as `PNG.write`).
    public static func write(
        _ surface: Surface, to path: String, quality: Int = defaultQuality, subsampling: Subsampling = .yuv420
    ) throws(ImageError) {
        let bytes = try encode(surface, name: path, quality: quality, subsampling: subsampling)
        try FileIO.writeAtomically(bytes, to: path)
    }

    /// Quality used when none is given: 90 of 100, where photographs stop showing
    /// blocks on a panel while the file stays about a tenth of the PNG's size.
    public static let defaultQuality = 90

    /// How much colour (chroma) resolution the encoder keeps.
    public enum Subsampling: Sendable, CaseIterable {
        /// Full colour resolution (4:4:4): for UI captures with sharp coloured edges.
        case yuv444
        /// Colour at half resolution both ways (4:2:0): the usual choice for photographs.
        case yuv420
        /// Luminance only: a grayscale JPEG (colour is dropped).
        case gray
    }
}
