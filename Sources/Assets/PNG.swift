import Raster

/// PNG decoding and encoding with libspng, to and from `Surface`s.
///
/// Decoding always yields a 32-bit surface, 0xAARRGGBB, premultiplied:
/// - `.xrgb8888` when the file can hold no transparency (colour type 0, 2 or 3 and no
///   tRNS chunk): the compositor may then treat the image as opaque without looking at
///   its pixels. The top byte is 0xff, so the pixels read the same as `.argb8888` too.
/// - `.argb8888` (premultiplied) otherwise, even if every alpha in the file happens to
///   be 255: the format follows the header, not a scan of the pixels.
///
/// Encoding writes 8-bit PNGs: `.xrgb8888` and `.rgb565` as RGB (colour type 2),
/// `.argb8888` as straight-alpha RGBA (type 6), `.a8` as grayscale (type 0).
public enum PNG {
    /// The 8 bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// zlib level for encoding: 3. Golden images and per-frame dumps (`vitrine render
    /// --frames`) are written often, and levels 4 and up switch zlib to lazy matching,
    /// which is slow on photographic content (several times level 3's time at level 6)
    /// for files only somewhat smaller. Level 3 costs about level 1's time and writes
    /// smaller files.
    public static let compressionLevel = 3

    /// Reads and decodes the PNG file at `path` (see `decode` for the output format).
    /// - Throws: `notFound`, `unreadable`, `notRegularFile`, `fileTooLarge` (over `limits.maxFileBytes`),
    ///   and whatever `decode` throws, each naming `path`.
    public static func read(path: String, limits: ImageLimits = .default) throws(ImageError) -> Surface {
        let bytes = try FileIO.readAll(path: path, maxBytes: limits.maxFileBytes)
        return try decode(bytes, name: path, limits: limits)
    }

    /// Encodes `surface` and writes it to `path` atomically (through `path + ".tmp"` and a
    /// rename: a reader never sees half a file, and a failure leaves nothing behind). Only a
    /// regular file is replaced (`FileIO.writeAtomically`): a device or FIFO at `path` is refused.
    public static func write(_ surface: Surface, to path: String) throws(ImageError) {
        let bytes = try encode(surface, name: path)
        try FileIO.writeAtomically(bytes, to: path)
    }
}
