import Testing
import Glibc
import Raster
@testable import Assets

/// Malformed JPEGs: each throws the right `ImageError` with the exact one-line message a
/// log line or a placeholder shows; nothing crashes.
@Suite("JPEG bad input")
struct JPEGErrorTests {
    @Test func emptyData() {
        #expect(Fixtures.message { try JPEG.decode([]) } == "<memory>: empty: no JPEG data")
    }

    @Test func signatureAloneIsTruncated() {
        #expect(Fixtures.message { try JPEG.decode([0xFF, 0xD8]) } == "<memory>: truncated JPEG: data ends after 2 bytes")
        #expect(
            Fixtures.message { try JPEG.decode([0xFF, 0xD8, 0xFF], name: "a.jpg") }
                == "a.jpg: truncated JPEG: data ends after 3 bytes")
    }

    /// Cut anywhere before its last byte, a JPEG is truncated: never a picture with a
    /// grey bottom, never "Bogus Huffman table" for a file that merely stops.
    @Test(arguments: [JPEG.Subsampling.yuv420, .gray])
    func everyTruncation(_ subsampling: JPEG.Subsampling) throws {
        let jpeg = JPEGFixtures.smallJPEG(subsampling: subsampling)
        for n in 1..<jpeg.count {
            #expect(
                throws: ImageError.truncated(path: "cut.jpg", format: .jpeg, bytes: n),
                "cut after \(n) of \(jpeg.count) bytes"
            ) { try JPEG.decode(Array(jpeg.prefix(n)), name: "cut.jpg") }
        }
        #expect(try JPEG.decode(jpeg).width == 16)
    }

    @Test func truncatedMessage() {
        let jpeg = JPEGFixtures.smallJPEG()
        let half = Array(jpeg.prefix(jpeg.count / 2))
        #expect(
            Fixtures.message { try JPEG.decode(half, name: "books/atlas/1.jpg") }
                == "books/atlas/1.jpg: truncated JPEG: data ends after \(half.count) bytes")
        // The scan data is complete, only EOI's D9 is missing.
        let noEOI = Array(jpeg.dropLast())
        #expect(
            Fixtures.message { try JPEG.decode(noEOI) }
                == "<memory>: truncated JPEG: data ends after \(noEOI.count) bytes")
    }

    /// Bytes after EOI (some cameras append data) are ignored.
    @Test func trailingBytesAreIgnored() throws {
        let jpeg = JPEGFixtures.smallJPEG() + Array("trailer".utf8)
        #expect(try JPEG.decode(jpeg).width == 16)
    }

    /// A frame header with an unsupported sample precision: libjpeg's own words.
    @Test func unsupportedPrecisionIsCorrupt() throws {
        var jpeg = JPEGFixtures.smallJPEG()
        let sof = try #require(JPEGFixtures.marker(0xC0, in: jpeg))
        jpeg[sof + 4] = 7
        #expect(
            Fixtures.message { try JPEG.decode(jpeg, name: "p.jpg") }
                == "p.jpg: corrupt JPEG: Unsupported JPEG data precision 7")
    }

    /// The quantization tables removed (the DQT segments renamed to an APP segment): the
    /// file is complete but cannot be decoded. (Missing Huffman tables would not do:
    /// libjpeg-turbo falls back on the standard ones, as Motion-JPEG needs.)
    @Test func missingQuantizationTableIsCorrupt() throws {
        var jpeg = JPEGFixtures.smallJPEG()
        while let dqt = JPEGFixtures.marker(0xDB, in: jpeg) { jpeg[dqt + 1] = 0xE5 }
        #expect(
            Fixtures.message { try JPEG.decode(jpeg) }
                == "<memory>: corrupt JPEG: Quantization table 0x00 was not defined")
    }

    /// Tables and an end, but no frame: libjpeg reads a "tables-only" stream.
    @Test func tablesOnlyIsCorrupt() throws {
        let jpeg = JPEGFixtures.smallJPEG()
        let dqt = try #require(JPEGFixtures.marker(0xDB, in: jpeg))
        let length = Int(jpeg[dqt + 2]) << 8 | Int(jpeg[dqt + 3])
        let tables = [0xFF, 0xD8] + jpeg[dqt..<dqt + 2 + length] + [0xFF, 0xD9]
        #expect(Fixtures.message { try JPEG.decode(tables) } == "<memory>: corrupt JPEG: no image (tables only)")
    }

    /// A stray byte between two segments: libjpeg calls it a warning and would go on;
    /// Vitrine refuses the file.
    @Test func extraneousBytesAreCorrupt() throws {
        var jpeg = JPEGFixtures.smallJPEG()
        let sof = try #require(JPEGFixtures.marker(0xC0, in: jpeg))
        jpeg.insert(0x00, at: sof)
        #expect(
            Fixtures.message { try JPEG.decode(jpeg) }
                == "<memory>: corrupt JPEG: Corrupt JPEG data: 1 extraneous bytes before marker 0xc0")
    }

    /// Entropy-coded data overwritten with a restart marker the file never declared:
    /// libjpeg warns, which is an error here.
    @Test func damagedScanDataIsCorrupt() throws {
        var jpeg = JPEGFixtures.smallJPEG(width: 64, height: 64)
        let sos = try #require(JPEGFixtures.marker(0xDA, in: jpeg))
        let data = sos + 2 + (Int(jpeg[sos + 2]) << 8 | Int(jpeg[sos + 3]))
        jpeg[data + 20] = 0xFF
        jpeg[data + 21] = 0xD3
        let m = Fixtures.message { try JPEG.decode(jpeg) }
        #expect(m?.hasPrefix("<memory>: corrupt JPEG: ") == true, "\(m ?? "decoded")")
    }

    @Test func textIsNotAJPEG() {
        #expect(
            Fixtures.message { try JPEG.decode(Array("hello".utf8)) }
                == "<memory>: unsupported: not a JPEG file (it starts with 68 65 6c 6c 6f)")
        #expect(
            Fixtures.message { try JPEG.decode(PNG.signature + [0, 0, 0, 13], name: "photo.jpg") }
                == "photo.jpg: unsupported: not a JPEG file (it starts with 89 50 4e 47 0d 0a 1a 0a)")
    }

    /// A header declaring 60000x60000 (14 GB decoded) in a file of a few hundred bytes:
    /// refused from the header, before any allocation (which would trap).
    @Test func declaredSizeOverTheSideLimit() {
        let jpeg = JPEGFixtures.withDeclaredSize(JPEGFixtures.smallJPEG(), width: 60000, height: 60000)
        #expect(
            Fixtures.message { try JPEG.decode(jpeg, name: "bomb.jpg") }
                == "bomb.jpg: JPEG too large: 60000x60000 exceeds the 8192x8192 limit")
        #expect(throws: ImageError.tooLarge(path: "bomb.jpg", format: .jpeg, width: 60000, height: 60000, limits: .default)) {
            try JPEG.decode(jpeg, name: "bomb.jpg")
        }
    }

    @Test func declaredSizeOverTheByteLimit() throws {
        let jpeg = JPEGFixtures.smallJPEG()
        #expect(
            Fixtures.message { try JPEG.decode(jpeg, limits: ImageLimits(maxDecodedBytes: 511)) }
                == "<memory>: JPEG too large: 16x8 decodes to 512 bytes, over the 511-byte limit")
        #expect(try JPEG.decode(jpeg, limits: ImageLimits(maxDecodedBytes: 512)).width == 16)
    }

    /// With the limits raised past what a `Surface` can hold (32768 a side), the
    /// surface's own refusal is reported as too large, not as a crash.
    @Test func beyondTheSurfaceMaximum() {
        let jpeg = JPEGFixtures.withDeclaredSize(JPEGFixtures.smallJPEG(), width: 40000, height: 1)
        let limits = ImageLimits(maxWidth: 65535, maxHeight: 65535, maxDecodedBytes: .max)
        #expect(throws: ImageError.tooLarge(path: "<memory>", format: .jpeg, width: 40000, height: 1, limits: limits)) {
            try JPEG.decode(jpeg, limits: limits)
        }
    }

    @Test func missingFile() {
        let dir = TempDirectory()
        let path = dir.file("missing.jpg")
        #expect(
            Fixtures.message { try JPEG.read(path: path) }
                == "\(path): cannot read: No such file or directory (ENOENT)")
    }

    @Test func directoryAsPath() {
        let dir = TempDirectory()
        #expect(Fixtures.message { try JPEG.read(path: dir.path) } == "\(dir.path): cannot read: a directory, not a regular file")
    }

    @Test func zeroByteFile() throws {
        let dir = TempDirectory()
        let path = dir.file("empty.jpg")
        try FileIO.writeAtomically([], to: path)
        #expect(Fixtures.message { try JPEG.read(path: path) } == "\(path): empty: no JPEG data")
    }

    @Test func fileOverTheFileLimit() throws {
        let dir = TempDirectory()
        let path = dir.file("big.jpg")
        let jpeg = JPEGFixtures.smallJPEG()
        try FileIO.writeAtomically(jpeg, to: path)
        #expect(
            Fixtures.message { try JPEG.read(path: path, limits: ImageLimits(maxFileBytes: 100)) }
                == "\(path): file too large: \(jpeg.count) bytes, over the 100-byte limit")
    }

    @Test func truncatedFileNamesItsPath() throws {
        let dir = TempDirectory()
        let path = dir.file("cut.jpg")
        try FileIO.writeAtomically(Array(JPEGFixtures.smallJPEG().prefix(300)), to: path)
        #expect(Fixtures.message { try JPEG.read(path: path) } == "\(path): truncated JPEG: data ends after 300 bytes")
    }
}
