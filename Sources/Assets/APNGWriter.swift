internal import Glibc
import Raster

/// Writes an animated PNG (APNG) frame by frame, for `vitrine render --frames`: each
/// frame is encoded and written as it is appended, so a long animation never sits in
/// memory whole.
///
/// Layout: signature, IHDR, acTL (frame count, 0 plays: loop forever), then per frame an
/// fcTL (full size at (0, 0), the delay, dispose NONE, blend SOURCE) followed by the
/// frame's data: IDAT chunks for frame 0, so a viewer without APNG support shows it as
/// a still image, and fdAT chunks (a 4-byte sequence number, then the IDAT payload) for
/// the others. Sequence numbers start at 0 and count every fcTL and fdAT. IEND ends it.
///
/// Each frame is encoded like `PNG.encode` (libspng, zlib level `PNG.compressionLevel`,
/// adaptive filtering), so a frame taken out of the file and given IHDR and IEND is the
/// PNG that function writes. The colour type follows frame 0's format and every frame
/// must encode to the same one: `.xrgb8888` and `.rgb565` as RGB (type 2),
/// `.argb8888` as RGBA (type 6, straight alpha), `.a8` as gray (type 0).
///
/// The file appears atomically: everything goes to `path + ".tmp"`, renamed over `path`
/// by `finish()`; only a regular file is replaced (as `FileIO.writeAtomically`: a
/// device, FIFO or directory at `path` is refused when the writer is made). The number of frames is declared up front (acTL comes before the
/// first frame's data, and rewriting it would need a seekable, re-read file), and
/// `finish()` checks it. Any error abandons the animation: the temporary file is
/// removed, `path` is left as it was, and every later call throws the same error. A
/// writer dropped without `finish()` removes its temporary file too.
public struct APNGWriter: ~Copyable {
    /// The file written by `finish()`.
    public let path: String
    /// Size of every frame, in pixels.
    public let width: Int
    public let height: Int
    /// How many frames `finish()` expects.
    public let frameCount: Int
    /// How long each frame shows: numerator / denominator seconds (fcTL's delay_num and
    /// delay_den; a denominator of 0 means 1/100 s by the APNG specification).
    public let delayNumerator: UInt16
    public let delayDenominator: UInt16

    /// Frames written so far.
    public private(set) var framesWritten = 0

    /// The temporary file, renamed over `path` by `finish()`; removed when abandoned
    /// or dropped.
    private var file: AtomicFile
    /// The next fcTL/fdAT sequence number.
    private var sequence: UInt32 = 0
    /// Frame 0's IHDR data: every later frame must encode to the same header.
    private var header: ArraySlice<UInt8>? = nil
    /// Frame 0's format, for messages.
    private var firstFormat: PixelFormat? = nil
    /// The error that abandoned the animation, thrown again by every later call.
    private var failure: ImageError? = nil

    /// Starts an animation of `frameCount` frames shown `framesPerSecond` times a second
    /// (each frame's delay is 1 / `framesPerSecond` s), creating `path + ".tmp"`.
    /// - Throws: `encodeFailed` for a size outside 1 ... 32768, a frame count below 1 or
    ///   above 2^31 - 1, a rate outside 1 ... 65535; `notReplaceable` when `path` is
    ///   not a regular file (a device, a FIFO, a directory); `writeFailed` if the
    ///   temporary file cannot be created (ENOENT for a missing directory).
    public init(path: String, width: Int, height: Int, frameCount: Int, framesPerSecond: Int) throws(ImageError) {
        guard (1...Int(UInt16.max)).contains(framesPerSecond) else {
            throw .encodeFailed(
                path: path, format: .png, reason: "frames per second must be 1 to 65535, not \(framesPerSecond)")
        }
        try self.init(
            path: path, width: width, height: height, frameCount: frameCount, delayNumerator: 1,
            delayDenominator: UInt16(framesPerSecond))
    }

    /// Starts an animation whose frames each show `delayNumerator / delayDenominator`
    /// seconds (e.g. 1/60), creating `path + ".tmp"`.
    /// - Throws: as `init(path:width:height:frameCount:framesPerSecond:)`.
    public init(
        path: String, width: Int, height: Int, frameCount: Int, delayNumerator: UInt16, delayDenominator: UInt16
    ) throws(ImageError) {
        guard (1...1 << 15).contains(width), (1...1 << 15).contains(height) else {
            throw .encodeFailed(path: path, format: .png, reason: "invalid animation size \(width)x\(height)")
        }
        guard (1...Int(Int32.max)).contains(frameCount) else {
            throw .encodeFailed(path: path, format: .png, reason: "an animation needs at least 1 frame, not \(frameCount)")
        }
        self.file = try AtomicFile(path: path)
        self.path = path
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.delayNumerator = delayNumerator
        self.delayDenominator = delayDenominator
    }

    /// Encodes `surface` and writes it as the next frame.
    /// - Throws: `encodeFailed` for a frame of another size than the animation's, of a
    ///   format that encodes to another colour type than frame 0's, or one frame more
    ///   than declared; `writeFailed` with the errno of a failed write. Each abandons
    ///   the animation (see the type's documentation).
    public mutating func append(_ surface: Surface) throws(ImageError) {
        if let failure { throw failure }
        do {
            try appendFrame(surface)
        } catch {
            abandon(error)
            throw error
        }
    }

    /// Writes IEND, closes the temporary file and renames it over `path`.
    /// - Throws: `encodeFailed` when fewer frames were appended than declared;
    ///   `writeFailed` if writing, closing or renaming fails; `notReplaceable` if a
    ///   device, FIFO or directory appeared at `path` meanwhile. Nothing is left behind.
    public consuming func finish() throws(ImageError) {
        if let failure { throw failure }
        do throws(ImageError) {
            guard framesWritten == frameCount else {
                throw ImageError.encodeFailed(
                    path: path, format: .png,
                    reason: "finished after \(framesWritten) of the \(frameCount) declared frames")
            }
            var out: [UInt8] = []
            PNGChunk("IEND", []).write(to: &out)
            try file.write(out)
            try file.commit()
        } catch {
            abandon(error)
            throw error
        }
    }

    private mutating func appendFrame(_ surface: Surface) throws(ImageError) {
        let index = framesWritten
        guard index < frameCount else {
            throw .encodeFailed(path: path, format: .png, reason: "more frames than the \(frameCount) declared")
        }
        guard surface.width == width, surface.height == height else {
            throw .encodeFailed(
                path: path, format: .png,
                reason: "frame \(index) is \(surface.width)x\(surface.height), the animation is \(width)x\(height)")
        }
        let chunks = PNGChunk.chunks(of: try PNG.encode(surface, name: path))
        guard let ihdr = chunks.first, ihdr.name == "IHDR", ihdr.data.count == 13 else {
            throw .encodeFailed(path: path, format: .png, reason: "libspng wrote no IHDR chunk")
        }
        if let header, let firstFormat, header != ihdr.data {
            throw .encodeFailed(
                path: path, format: .png,
                reason: "frame \(index) is \(surface.format), which does not encode like frame 0's \(firstFormat)")
        }

        var out: [UInt8] = []
        if index == 0 {
            header = ihdr.data
            firstFormat = surface.format
            out += PNG.signature
            ihdr.write(to: &out)
            var actl: [UInt8] = []
            actl.appendBigEndian(UInt32(frameCount))
            actl.appendBigEndian(UInt32(0))  // plays: 0, forever
            PNGChunk("acTL", actl[...]).write(to: &out)
        }
        PNGChunk("fcTL", frameControl()[...]).write(to: &out)
        for idat in chunks where idat.name == "IDAT" {
            if index == 0 {
                idat.write(to: &out)
            } else {
                var fdat: [UInt8] = []
                fdat.reserveCapacity(4 + idat.data.count)
                fdat.appendBigEndian(nextSequence())
                fdat += idat.data
                PNGChunk("fdAT", fdat[...]).write(to: &out)
            }
        }
        try file.write(out)
        framesWritten += 1
    }

    /// fcTL's 26 bytes: sequence number, width, height, x and y offset (0: every frame
    /// is the whole canvas), delay numerator and denominator, dispose NONE, blend SOURCE
    /// (each frame replaces the canvas, alpha included).
    private mutating func frameControl() -> [UInt8] {
        var fctl: [UInt8] = []
        fctl.appendBigEndian(nextSequence())
        fctl.appendBigEndian(UInt32(width))
        fctl.appendBigEndian(UInt32(height))
        fctl.appendBigEndian(UInt32(0))
        fctl.appendBigEndian(UInt32(0))
        fctl.appendBigEndian(delayNumerator)
        fctl.appendBigEndian(delayDenominator)
        fctl += [0, 0]  // APNG_DISPOSE_OP_NONE, APNG_BLEND_OP_SOURCE
        return fctl
    }

    private mutating func nextSequence() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }

    /// Closes and removes the temporary file; later calls throw `error`.
    private mutating func abandon(_ error: ImageError) {
        failure = error
        file.abandon()
    }
}
