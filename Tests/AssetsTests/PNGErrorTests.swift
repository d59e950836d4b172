import Testing
import Glibc
import Raster
@testable import Assets

/// Malformed input: each case throws the right `ImageError` with the exact one-line
/// message a log or a placeholder shows.
@Suite("PNG bad input")
struct PNGErrorTests {
    @Test func emptyData() {
        #expect(Fixtures.message { try PNG.decode([]) } == "<memory>: empty: no PNG data")
    }

    @Test func signatureOnlyIsTruncated() {
        let bytes = Array(Fixtures.smallPNG().prefix(8))
        #expect(Fixtures.message { try PNG.decode(bytes) } == "<memory>: truncated PNG: data ends after 8 bytes")
    }

    @Test func halfAPNGIsTruncated() {
        let png = Fixtures.smallPNG()
        let half = Array(png.prefix(png.count / 2))
        #expect(
            Fixtures.message { try PNG.decode(half, name: "books/atlas/cover.png") }
                == "books/atlas/cover.png: truncated PNG: data ends after \(half.count) bytes")
    }

    /// The first IDAT byte is the zlib header's CMF (deflate, 32 KiB window: 0x78);
    /// flipped, the stream is not zlib any more.
    @Test func flippedIDATByteIsCorrupt() throws {
        var png = Fixtures.smallPNG()
        let idat = try #require(Fixtures.idat(in: png))
        #expect(png[idat.offset] == 0x78)
        png[idat.offset] ^= 0xff
        #expect(Fixtures.message { try PNG.decode(png) } == "<memory>: corrupt PNG: IDAT stream error")
    }

    /// A byte in the middle of the compressed data. The image is noise, which zlib keeps
    /// in stored (uncompressed) blocks, so inflate can't notice: the chunk's CRC does.
    @Test func flippedIDATMiddleByteIsCorrupt() throws {
        var png = Fixtures.smallPNG(width: 64, height: 64)
        let idat = try #require(Fixtures.idat(in: png))
        png[idat.offset + idat.length / 2] ^= 0x01
        #expect(Fixtures.message { try PNG.decode(png) } == "<memory>: corrupt PNG: invalid chunk checksum")
    }

    @Test func textIsNotAPNG() {
        #expect(
            Fixtures.message { try PNG.decode(Array("hello".utf8)) }
                == "<memory>: unsupported: not a PNG file (it starts with 68 65 6c 6c 6f)")
        let jpeg: [UInt8] = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]
        #expect(
            Fixtures.message { try PNG.decode(jpeg, name: "cover.png") }
                == "cover.png: unsupported: not a PNG file (it starts with ff d8 ff e0 00 10 4a 46)")
    }

    @Test func tooWide() throws {
        let png = try PNG.encode(Surface(width: 9000, height: 10, format: .xrgb8888))
        #expect(
            Fixtures.message { try PNG.decode(png) }
                == "<memory>: PNG too large: 9000x10 exceeds the 8192x8192 limit")
        #expect(throws: ImageError.tooLarge(path: "<memory>", format: .png, width: 9000, height: 10, limits: .default)) {
            try PNG.decode(png)
        }
    }

    @Test func tooTall() throws {
        let png = try PNG.encode(Surface(width: 2, height: 9000, format: .a8))
        #expect(
            Fixtures.message { try PNG.decode(png, name: "tall.png") }
                == "tall.png: PNG too large: 2x9000 exceeds the 8192x8192 limit")
    }

    @Test func tooManyDecodedBytes() throws {
        let png = Fixtures.smallPNG(width: 10, height: 10)
        let limits = ImageLimits(maxDecodedBytes: 100)
        #expect(
            Fixtures.message { try PNG.decode(png, limits: limits) }
                == "<memory>: PNG too large: 10x10 decodes to 400 bytes, over the 100-byte limit")
        // 400 bytes exactly is allowed.
        #expect(try PNG.decode(png, limits: ImageLimits(maxDecodedBytes: 400)).width == 10)
    }

    @Test func missingFile() {
        let dir = TempDirectory()
        let path = dir.file("missing.png")
        #expect(
            Fixtures.message { try PNG.read(path: path) }
                == "\(path): cannot read: No such file or directory (ENOENT)")
        #expect(throws: ImageError.notFound(path: path)) { try PNG.read(path: path) }
    }

    @Test func directoryAsPath() {
        let dir = TempDirectory()
        #expect(Fixtures.message { try PNG.read(path: dir.path) } == "\(dir.path): cannot read: a directory, not a regular file")
        #expect(throws: ImageError.notRegularFile(path: dir.path, kind: .directory)) { try PNG.read(path: dir.path) }
    }

    @Test func fileOverTheFileLimit() throws {
        let dir = TempDirectory()
        let path = dir.file("big.png")
        let png = Fixtures.smallPNG()
        try FileIO.writeAtomically(png, to: path)
        #expect(
            Fixtures.message { try PNG.read(path: path, limits: ImageLimits(maxFileBytes: 10)) }
                == "\(path): file too large: \(png.count) bytes, over the 10-byte limit")
    }

    @Test func corruptFileNamesItsPath() throws {
        let dir = TempDirectory()
        let path = dir.file("cut.png")
        try FileIO.writeAtomically(Array(Fixtures.smallPNG().prefix(20)), to: path)
        #expect(Fixtures.message { try PNG.read(path: path) } == "\(path): truncated PNG: data ends after 20 bytes")
    }

    @Test func writeIntoMissingDirectory() throws {
        let dir = TempDirectory()
        let path = dir.file("nope/out.png")
        let s = try Surface(width: 2, height: 2, format: .xrgb8888)
        #expect(
            Fixtures.message { try PNG.write(s, to: path) }
                == "\(path): cannot write: No such file or directory (ENOENT)")
        #expect(dir.entries == [])
    }

    /// A directory is never replaced: refused before a temporary file is made.
    @Test func writeOverADirectoryLeavesNothing() throws {
        let dir = TempDirectory()
        let path = dir.file("taken")
        #expect(mkdir(path, 0o755) == 0)
        let s = try Surface(width: 2, height: 2, format: .xrgb8888)
        #expect(
            Fixtures.message { try PNG.write(s, to: path) }
                == "\(path): not replacing a directory (only a regular file is replaced)")
        #expect(dir.entries == ["taken"])
        #expect(TempDirectory.entries(path) == [])
    }
}
