import VitrineTestSupport
import Testing
import Glibc
import Raster
@testable import Assets

/// `Image` picks the decoder from the first bytes, whatever the file is called.
@Suite("Image format sniffing")
struct ImageSniffTests {
    @Test func pngAndJPEGByContent() throws {
        let png = Fixtures.smallPNG()
        let jpeg = JPEGFixtures.smallJPEG()
        #expect(try Image.format(of: png) == .png)
        #expect(try Image.format(of: jpeg) == .jpeg)
        // Misnamed files decode by what they hold.
        let fromPNG = try Image.decode(png, name: "really-a-png.jpg")
        #expect((fromPNG.width, fromPNG.height) == (8, 4))
        #expect(try Image.decode(jpeg, name: "really-a-jpeg.png").width == 16)
    }

    @Test func somethingElseIsUnsupported() {
        #expect(
            Fixtures.message { try Image.decode(Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), name: "anim.gif") }
                == "anim.gif: unsupported: not a PNG or JPEG file (it starts with 47 49 46 38 39 61 01 00)")
        #expect(
            Fixtures.message { try Image.decode([0x42]) }
                == "<memory>: unsupported: not a PNG or JPEG file (it starts with 42)")
    }

    /// Shorter than a signature but starting like one: that decoder says "truncated".
    @Test func signaturePrefixesAreTruncated() {
        #expect(Fixtures.message { try Image.decode([0x89, 0x50]) } == "<memory>: truncated PNG: data ends after 2 bytes")
        #expect(Fixtures.message { try Image.decode([0xFF]) } == "<memory>: truncated JPEG: data ends after 1 bytes")
    }

    /// Empty data has no signature: the name's extension, if any, says which format was
    /// meant.
    @Test func emptyData() {
        #expect(Fixtures.message { try Image.decode([], name: "wall.JPG") } == "wall.JPG: empty: no JPEG data")
        #expect(Fixtures.message { try Image.decode([], name: "a.jpeg") } == "a.jpeg: empty: no JPEG data")
        #expect(Fixtures.message { try Image.decode([], name: "icon.png") } == "icon.png: empty: no PNG data")
        #expect(
            Fixtures.message { try Image.decode([], name: "dir.png/blob") }
                == "dir.png/blob: unsupported: empty file, not a PNG or JPEG image")
        #expect(
            Fixtures.message { try Image.decode([]) } == "<memory>: unsupported: empty file, not a PNG or JPEG image")
    }

    @Test func filesOfEveryKind() throws {
        let dir = TempDirectory()
        try FileIO.writeAtomically(Fixtures.smallPNG(), to: dir.file("a.png"))
        try FileIO.writeAtomically(JPEGFixtures.smallJPEG(), to: dir.file("b.jpg"))
        try FileIO.writeAtomically([], to: dir.file("empty.jpg"))
        try FileIO.writeAtomically(Array("text".utf8), to: dir.file("notes.txt"))
        #expect(try Image.read(path: dir.file("a.png")).format == .xrgb8888)
        #expect(try Image.read(path: dir.file("b.jpg")).format == .xrgb8888)
        #expect(Fixtures.message { try Image.read(path: dir.file("empty.jpg")) } == "\(dir.file("empty.jpg")): empty: no JPEG data")
        #expect(
            Fixtures.message { try Image.read(path: dir.file("notes.txt")) }
                == "\(dir.file("notes.txt")): unsupported: not a PNG or JPEG file (it starts with 74 65 78 74)")
        #expect(
            Fixtures.message { try Image.read(path: dir.file("missing.png")) }
                == "\(dir.file("missing.png")): cannot read: No such file or directory (ENOENT)")
        #expect(Fixtures.message { try Image.read(path: dir.path) } == "\(dir.path): cannot read: a directory, not a regular file")
        #expect(
            Fixtures.message { try Image.read(path: dir.file("b.jpg"), limits: ImageLimits(maxWidth: 8)) }
                == "\(dir.file("b.jpg")): JPEG too large: 16x8 exceeds the 8x8192 limit")
    }
}

/// Seeded random input through `Image.decode`: garbage after a real signature, and real
/// files with random bytes changed or cut. Never a crash; every failure is an
/// `ImageError` naming the input.
@Suite("Image decoding of random input")
struct ImageFuzzTests {
    @Test(arguments: [ImageFormat.png, .jpeg])
    func garbageAfterASignature(_ format: ImageFormat) {
        var rng = SplitMix64(seed: format == .png ? 1 : 2)
        let signature = format == .png ? PNG.signature : JPEG.signature
        for i in 0..<300 {
            let body = (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let bytes = signature + body
            do {
                _ = try Image.decode(bytes, name: "fuzz\(i)")
            } catch {
                #expect(error.path == "fuzz\(i)")
            }
        }
    }

    @Test(arguments: [ImageFormat.png, .jpeg])
    func mutatedFiles(_ format: ImageFormat) {
        var rng = SplitMix64(seed: format == .png ? 3 : 4)
        let original = format == .png ? Fixtures.smallPNG(width: 24, height: 16) : JPEGFixtures.smallJPEG(width: 24, height: 16)
        var decoded = 0
        for i in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if rng.next() % 4 == 0 { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &rng)) }
            do {
                let s = try Image.decode(bytes, name: "m\(i)")
                #expect(s.width > 0 && s.height > 0)
                decoded += 1
            } catch {
                #expect(error.path == "m\(i)")
            }
        }
        // Both outcomes happen: the test exercises the decoders, not only the checks.
        #expect(decoded > 0 && decoded < 400, "\(decoded) of 400 decoded")
    }
}
