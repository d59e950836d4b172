import Raster

/// Any image file `Assets` reads, by its content: the first bytes say which decoder
/// runs, whatever the file's name says. A `cover.jpg` that is really a PNG decodes.
///
/// Output as the decoders': premultiplied 0xAARRGGBB, `.xrgb8888` when opaque by
/// construction (every JPEG; a PNG without alpha or tRNS), `.argb8888` otherwise.
public enum Image {
    /// Reads and decodes the image file at `path`.
    /// - Throws: `notFound`, `notRegularFile` (a directory, FIFO, device), `unreadable`, `fileTooLarge` (over
    ///   `limits.maxFileBytes`), and whatever `decode` throws, each naming `path`.
    public static func read(path: String, limits: ImageLimits = .default) throws(ImageError) -> Surface {
        let bytes = try FileIO.readAll(path: path, maxBytes: limits.maxFileBytes)
        return try decode(bytes, name: path, limits: limits)
    }

    /// Decodes PNG or JPEG `bytes`, chosen by signature (`format(of:name:)`).
    /// - Parameter name: the file the bytes came from, for error messages.
    /// - Throws: as `PNG.decode` or `JPEG.decode`; `unsupported` when the bytes are
    ///   neither, or empty with nothing in `name` to go by.
    public static func decode(
        _ bytes: [UInt8], name: String = "<memory>", limits: ImageLimits = .default
    ) throws(ImageError) -> Surface {
        switch try format(of: bytes, name: name) {
        case .png: try PNG.decode(bytes, name: name, limits: limits)
        case .jpeg: try JPEG.decode(bytes, name: name, limits: limits)
        }
    }

    /// The format `bytes` are in, by their signature: PNG `89 50 4E 47 0D 0A 1A 0A`,
    /// JPEG `FF D8 FF`.
    ///
    /// Data too short to carry a whole signature but starting like one (a file cut after
    /// 2 bytes) is taken as that format, so its decoder reports it truncated. Only empty
    /// data falls back on the name's extension (`.png`; `.jpg`, `.jpeg`, any case), so
    /// that an empty `cover.jpg` reads "empty: no JPEG data".
    /// - Throws: `unsupported` naming the first bytes (up to 8, in hex), or an empty
    ///   file whose name has no image extension.
    public static func format(of bytes: [UInt8], name: String = "<memory>") throws(ImageError) -> ImageFormat {
        guard !bytes.isEmpty else {
            if let format = formatFromExtension(name) { return format }
            throw .unsupported(path: name, reason: "empty file, not a PNG or JPEG image")
        }
        for (format, signature) in [(ImageFormat.png, PNG.signature), (.jpeg, JPEG.signature)] {
            let head = bytes.prefix(signature.count)
            if head.elementsEqual(signature.prefix(head.count)) { return format }
        }
        throw .unsupported(path: name, reason: "not a PNG or JPEG file (it starts with \(hexBytes(bytes.prefix(8))))")
    }

    /// `.png` for `*.png`, `.jpeg` for `*.jpg` and `*.jpeg` (any case), else nil.
    private static func formatFromExtension(_ name: String) -> ImageFormat? {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": return .png
        case "jpg", "jpeg": return .jpeg
        default: return nil
        }
    }
}

/// Bytes as lowercase hex pairs separated by spaces, `89 50 4e 47`: how error messages
/// show what a file starts with.
func hexBytes(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { b in (b < 16 ? "0" : "") + String(b, radix: 16) }.joined(separator: " ")
}
