import VitrineTestSupport
import Testing
import Glibc
import Raster
@testable import Assets

/// One chunk as read back from a file, its CRC checked.
struct ReadChunk {
    var type: String
    var data: [UInt8]

    func u32(_ at: Int) -> UInt32 { data[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
    func u16(_ at: Int) -> UInt16 { UInt16(data[at]) << 8 | UInt16(data[at + 1]) }
}

/// The chunks of `file` after the signature, failing the test on a bad CRC or a chunk
/// running past the end.
func readChunks(_ file: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> [ReadChunk] {
    #expect(Array(file.prefix(8)) == PNG.signature, sourceLocation: sourceLocation)
    var chunks: [ReadChunk] = []
    var at = 8
    while at < file.count {
        guard at + 12 <= file.count else {
            Issue.record("chunk header past the end at \(at)", sourceLocation: sourceLocation)
            break
        }
        let length = Int(file.bigEndianUInt32(at: at))
        let end = at + 8 + length
        guard end + 4 <= file.count else {
            Issue.record("chunk data past the end at \(at)", sourceLocation: sourceLocation)
            break
        }
        let type = String(decoding: file[at + 4..<at + 8], as: UTF8.self)
        #expect(CRC32.checksum(file[at + 4..<end]) == file.bigEndianUInt32(at: end), "CRC of \(type)", sourceLocation: sourceLocation)
        chunks.append(ReadChunk(type: type, data: Array(file[at + 8..<end])))
        at = end + 4
    }
    return chunks
}

/// Frame `n` of an APNG as a standalone PNG: signature, the file's IHDR, the frame's
/// IDAT data (or fdAT data without its sequence number) as IDAT chunks, IEND.
func standaloneFrame(_ n: Int, of chunks: [ReadChunk]) -> [UInt8] {
    var png = PNG.signature
    PNGChunk("IHDR", chunks.first { $0.type == "IHDR" }!.data[...]).write(to: &png)
    var frame = -1
    for c in chunks {
        if c.type == "fcTL" { frame += 1 }
        guard frame == n else { continue }
        if c.type == "IDAT" { PNGChunk("IDAT", c.data[...]).write(to: &png) }
        if c.type == "fdAT" { PNGChunk("IDAT", c.data[4...]).write(to: &png) }
    }
    PNGChunk("IEND", []).write(to: &png)
    return png
}

/// The message `finish()` throws, or nil if it succeeds. (`finish` consumes the writer,
/// which a closure such as `#expect(throws:)`'s cannot do.)
func finishMessage(_ writer: consuming APNGWriter) -> String? {
    do {
        try writer.finish()
        return nil
    } catch {
        return error.description
    }
}

/// Exact pixel equality of two 32-bit surfaces.
func samePixels(_ a: Surface, _ b: Surface) -> Bool {
    guard a.width == b.width, a.height == b.height else { return false }
    for y in 0..<a.height {
        for x in 0..<a.width where a[x, y] != b[x, y] { return false }
    }
    return true
}

@Suite("Animated PNG writer")
struct APNGWriterTests {
    /// Distinct opaque frames: noise, seeded per frame.
    static func frame(_ n: Int, width: Int = 6, height: Int = 4, format: PixelFormat = .xrgb8888) -> Surface {
        var rng = SplitMix64(seed: UInt64(n + 100))
        let s = try! Surface(width: width, height: height, format: format)
        s.withRows(as: UInt32.self) { _, row in
            for x in row.indices {
                row[x] = format == .argb8888 ? Fixtures.premultipliedPixel(&rng) : 0xff00_0000 | UInt32(truncatingIfNeeded: rng.next()) & 0xff_ffff
            }
        }
        return s
    }

    @Test func chunkStructure() throws {
        let dir = TempDirectory()
        let path = dir.file("anim.png")
        var writer = try APNGWriter(path: path, width: 6, height: 4, frameCount: 3, framesPerSecond: 30)
        for n in 0..<3 { try writer.append(Self.frame(n)) }
        #expect(writer.framesWritten == 3)
        try writer.finish()
        #expect(dir.entries == ["anim.png"], "the .tmp is gone")

        let chunks = readChunks(try FileIO.readAll(path: path))
        // IHDR, acTL, then per frame fcTL + data; IDAT for frame 0, fdAT after; IEND.
        let kinds = chunks.map(\.type).reduce(into: [String]()) { runs, t in if runs.last != t { runs.append(t) } }
        #expect(kinds == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])

        let ihdr = chunks[0]
        #expect((ihdr.u32(0), ihdr.u32(4), ihdr.data[8], ihdr.data[9]) == (6, 4, 8, 2), "6x4, 8-bit RGB")
        let actl = chunks[1]
        #expect((actl.u32(0), actl.u32(4)) == (3, 0), "3 frames, looping forever")

        // Sequence numbers: 0, 1, 2, ... over fcTL and fdAT together, in file order.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { $0.u32(0) }
        #expect(sequence == (0..<UInt32(sequence.count)).map { $0 })

        for fctl in chunks where fctl.type == "fcTL" {
            #expect(fctl.data.count == 26)
            #expect((fctl.u32(4), fctl.u32(8), fctl.u32(12), fctl.u32(16)) == (6, 4, 0, 0), "whole canvas")
            #expect((fctl.u16(20), fctl.u16(22)) == (1, 30), "1/30 s")
            #expect((fctl.data[24], fctl.data[25]) == (0, 0), "dispose NONE, blend SOURCE")
        }
        #expect(chunks.last?.data == [])
    }

    /// Each frame, cut out with IHDR and IEND, is a PNG the existing decoder reads back
    /// to exactly what was appended; frame 0 is also what a viewer without APNG support
    /// shows: the file decodes as a still PNG.
    @Test(arguments: [PixelFormat.xrgb8888, .argb8888])
    func framesDecodeToWhatWasAppended(_ format: PixelFormat) throws {
        let dir = TempDirectory()
        let path = dir.file("anim.png")
        let frames = (0..<4).map { Self.frame($0, width: 9, height: 5, format: format) }
        var writer = try APNGWriter(path: path, width: 9, height: 5, frameCount: 4, delayNumerator: 1, delayDenominator: 60)
        for f in frames { try writer.append(f) }
        try writer.finish()

        let file = try FileIO.readAll(path: path)
        let chunks = readChunks(file)
        #expect(chunks[0].data[9] == (format == .argb8888 ? 6 : 2), "colour type")
        for (n, f) in frames.enumerated() {
            let decoded = try PNG.decode(standaloneFrame(n, of: chunks), name: "frame \(n)")
            #expect(decoded.format == format)
            #expect(samePixels(decoded, f), "frame \(n)")
        }
        #expect(samePixels(try PNG.decode(file), frames[0]))
    }

    /// Frames big enough for libspng to split the data over several IDAT chunks keep
    /// every one, and every fdAT its own sequence number.
    @Test func framesOfManyChunks() throws {
        let dir = TempDirectory()
        let path = dir.file("big.png")
        let frames = (0..<2).map { Self.frame($0, width: 96, height: 96) }
        var writer = try APNGWriter(path: path, width: 96, height: 96, frameCount: 2, framesPerSecond: 10)
        for f in frames { try writer.append(f) }
        try writer.finish()
        let chunks = readChunks(try FileIO.readAll(path: path))
        #expect(chunks.filter { $0.type == "IDAT" }.count > 1)
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { $0.u32(0) }
        #expect(sequence == (0..<UInt32(sequence.count)).map { $0 })
        #expect(samePixels(try PNG.decode(standaloneFrame(1, of: chunks)), frames[1]))
    }

    /// A single frame is a valid APNG too (acTL of 1).
    @Test func oneFrame() throws {
        let dir = TempDirectory()
        let path = dir.file("one.png")
        var writer = try APNGWriter(path: path, width: 6, height: 4, frameCount: 1, framesPerSecond: 1)
        try writer.append(Self.frame(0))
        try writer.finish()
        let chunks = readChunks(try FileIO.readAll(path: path))
        #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "IEND"])
    }

    @Test func wrongFrameSize() throws {
        let dir = TempDirectory()
        let path = dir.file("anim.png")
        var writer = try APNGWriter(path: path, width: 6, height: 4, frameCount: 3, framesPerSecond: 30)
        try writer.append(Self.frame(0))
        let expected = "\(path): cannot encode PNG: frame 1 is 4x4, the animation is 6x4"
        #expect(Fixtures.message { try writer.append(Self.frame(1, width: 4)) } == expected)
        #expect(dir.entries == [], "the .tmp is gone")
        // The animation is abandoned: later calls repeat the error.
        #expect(Fixtures.message { try writer.append(Self.frame(1)) } == expected)
        #expect(finishMessage(consume writer) == expected)
        #expect(dir.entries == [])
    }

    @Test func mixedColourTypes() throws {
        let dir = TempDirectory()
        let path = dir.file("anim.png")
        var writer = try APNGWriter(path: path, width: 6, height: 4, frameCount: 2, framesPerSecond: 30)
        try writer.append(Self.frame(0))
        #expect(
            Fixtures.message { try writer.append(Self.frame(1, format: .argb8888)) }
                == "\(path): cannot encode PNG: frame 1 is argb8888, which does not encode like frame 0's xrgb8888")
        #expect(dir.entries == [])
    }

    /// rgb565 encodes as RGB like xrgb8888: the two mix.
    @Test func rgb565AfterXRGB() throws {
        let dir = TempDirectory()
        let path = dir.file("anim.png")
        var writer = try APNGWriter(path: path, width: 6, height: 4, frameCount: 2, framesPerSecond: 30)
        try writer.append(Self.frame(0))
        try writer.append(Surface(width: 6, height: 4, format: .rgb565))
        try writer.finish()
        #expect(dir.entries == ["anim.png"])
    }

    @Test func tooManyFrames() throws {
        let dir = TempDirectory()
        let path = dir.file("anim.png")
        var writer = try APNGWriter(path: path, width: 6, height: 4, frameCount: 2, framesPerSecond: 30)
        try writer.append(Self.frame(0))
        try writer.append(Self.frame(1))
        #expect(
            Fixtures.message { try writer.append(Self.frame(2)) }
                == "\(path): cannot encode PNG: more frames than the 2 declared")
        #expect(dir.entries == [])
    }

    @Test func tooFewFrames() throws {
        let dir = TempDirectory()
        let path = dir.file("anim.png")
        var writer = try APNGWriter(path: path, width: 6, height: 4, frameCount: 3, framesPerSecond: 30)
        try writer.append(Self.frame(0))
        try writer.append(Self.frame(1))
        #expect(
            finishMessage(consume writer) == "\(path): cannot encode PNG: finished after 2 of the 3 declared frames")
        #expect(dir.entries == [])
    }

    /// A failed animation leaves an existing file at `path` as it was.
    @Test func failureKeepsTheOldFile() throws {
        let dir = TempDirectory()
        let path = dir.file("anim.png")
        try FileIO.writeAtomically([1, 2, 3], to: path)
        var writer = try APNGWriter(path: path, width: 6, height: 4, frameCount: 2, framesPerSecond: 30)
        try writer.append(Self.frame(0))
        #expect(finishMessage(consume writer) != nil)
        #expect(try FileIO.readAll(path: path) == [1, 2, 3])
        #expect(dir.entries == ["anim.png"])
    }

    /// A writer dropped without `finish()` (an early return, a thrown error elsewhere)
    /// removes its temporary file.
    @Test func abandonedWriterRemovesItsTemporaryFile() throws {
        let dir = TempDirectory()
        do {
            var writer = try APNGWriter(path: dir.file("anim.png"), width: 6, height: 4, frameCount: 2, framesPerSecond: 30)
            try writer.append(Self.frame(0))
            #expect(dir.entries == ["anim.png.tmp"])
        }
        #expect(dir.entries == [])
    }

    @Test func invalidParameters() {
        let dir = TempDirectory()
        let path = dir.file("a.png")
        #expect(
            Fixtures.message { _ = try APNGWriter(path: path, width: 0, height: 4, frameCount: 1, framesPerSecond: 30) }
                == "\(path): cannot encode PNG: invalid animation size 0x4")
        #expect(
            Fixtures.message { _ = try APNGWriter(path: path, width: 4, height: 4, frameCount: 0, framesPerSecond: 30) }
                == "\(path): cannot encode PNG: an animation needs at least 1 frame, not 0")
        #expect(
            Fixtures.message { _ = try APNGWriter(path: path, width: 4, height: 4, frameCount: 2, framesPerSecond: 0) }
                == "\(path): cannot encode PNG: frames per second must be 1 to 65535, not 0")
        #expect(dir.entries == [])
    }

    @Test func missingDirectory() {
        let dir = TempDirectory()
        let path = dir.file("nope/anim.png")
        #expect(
            Fixtures.message { _ = try APNGWriter(path: path, width: 4, height: 4, frameCount: 1, framesPerSecond: 30) }
                == "\(path): cannot write: No such file or directory (ENOENT)")
    }
}
