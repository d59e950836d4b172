import VitrineTestSupport
import Testing
import Raster
@testable import Assets

/// A width and height for parameterised tests.
struct Size: Sendable, CustomTestStringConvertible {
    let width: Int, height: Int
    init(_ width: Int, _ height: Int) { (self.width, self.height) = (width, height) }
    var testDescription: String { "\(width)x\(height)" }
}

@Suite("PNG round trips")
struct PNGRoundTripTests {
    static let sizes = [Size(1, 1), Size(3, 5), Size(17, 9)]

    /// Premultiplied pixels come back exactly. The premultiplication round-trip error
    /// bound is 0 for valid input (every channel <= alpha): unpremultiply lands within
    /// 1/2 of c*255/a, which premultiplies back to within a/510 < 1/2 of c, and
    /// premultiply rounds to nearest. Alpha 0 encodes (0, 0, 0, 0) and decodes to 0.
    @Test("argb8888 round trip, odd stride", arguments: sizes)
    func argb(size: Size) throws {
        var rng = SplitMix64(seed: 0x5EED_0000 + UInt64(size.width * 100 + size.height))
        let s = Fixtures.surface(size.width, size.height, .argb8888, stride: size.width * 4 + 12)
        s.withRows(as: UInt32.self) { _, row in
            for x in row.indices { row[x] = Fixtures.premultipliedPixel(&rng) }
        }
        let png = try PNG.encode(s)
        #expect(Fixtures.header(png) == (8, 6))
        let d = try PNG.decode(png)
        #expect(d.format == .argb8888)
        #expect((d.width, d.height) == (s.width, s.height))

        let bound: UInt32 = 0
        var worst: UInt32 = 0
        for y in 0..<s.height {
            for x in 0..<s.width {
                let a = s[x, y], b = d[x, y]
                for shift: UInt32 in [0, 8, 16, 24] {
                    let ca = a >> shift & 0xff, cb = b >> shift & 0xff
                    worst = max(worst, ca > cb ? ca - cb : cb - ca)
                }
                if a >> 24 == 0 { #expect(b == 0, "(\(x), \(y))") }
            }
        }
        #expect(worst <= bound)
    }

    /// Every (alpha, channel <= alpha) pair, all 32 896 of them, through a real encode and
    /// decode: the exactness claimed above, checked exhaustively.
    @Test func everyPremultipliedValueSurvives() throws {
        let s = try Surface(width: 256, height: 256, format: .argb8888)
        for a in 0..<256 {
            for c in 0..<256 {
                let (a32, c32) = (UInt32(a), UInt32(min(c, a)))
                s[c, a] = a32 << 24 | c32 << 16 | (a32 - c32) << 8 | c32 / 2
            }
        }
        let d = try PNG.decode(PNG.encode(s), limits: ImageLimits(maxDecodedBytes: 1 << 20))
        var mismatches = 0
        for y in 0..<256 { for x in 0..<256 where d[x, y] != s[x, y] { mismatches += 1 } }
        #expect(mismatches == 0)
    }

    /// Opaque pixels come back exactly; the top byte is ignored on encode and 0xff after
    /// decode, and an RGB PNG decodes as xrgb8888.
    @Test("xrgb8888 round trip, odd stride", arguments: sizes)
    func xrgb(size: Size) throws {
        var rng = SplitMix64(seed: 0x0000_A11C + UInt64(size.width * 100 + size.height))
        let s = Fixtures.surface(size.width, size.height, .xrgb8888, stride: size.width * 4 + 20)
        s.withRows(as: UInt32.self) { _, row in
            for x in row.indices { row[x] = UInt32(truncatingIfNeeded: rng.next()) }
        }
        let png = try PNG.encode(s)
        #expect(Fixtures.header(png) == (8, 2))
        let d = try PNG.decode(png)
        #expect(d.format == .xrgb8888)
        for y in 0..<s.height {
            for x in 0..<s.width { #expect(d[x, y] == s[x, y] | 0xff00_0000, "(\(x), \(y))") }
        }
    }

    /// rgb565 is written as 8-bit RGB widened by bit replication.
    @Test("rgb565 encodes as its bit-replicated expansion", arguments: sizes)
    func rgb565(size: Size) throws {
        var rng = SplitMix64(seed: 565 + UInt64(size.width * 100 + size.height))
        let s = Fixtures.surface(size.width, size.height, .rgb565, stride: size.width * 2 + 6)
        s.withRows(as: UInt16.self) { _, row in
            for x in row.indices { row[x] = UInt16(truncatingIfNeeded: rng.next()) }
        }
        // The extremes of each channel too: 0x1f must become 0xff, 0 stay 0.
        s.row(0, as: UInt16.self)[0] = 0xffff
        if s.width > 1 { s.row(0, as: UInt16.self)[1] = 0x0000 }
        let png = try PNG.encode(s)
        #expect(Fixtures.header(png) == (8, 2))
        let d = try PNG.decode(png)
        #expect(d.format == .xrgb8888)
        #expect(d[0, 0] == 0xffff_ffff)
        for y in 0..<s.height {
            for x in 0..<s.width {
                #expect(d[x, y] == expand565(s.row(y, as: UInt16.self)[x]), "(\(x), \(y))")
            }
        }
    }

    /// a8 is written as 8-bit grayscale and read back as opaque gray.
    @Test("a8 encodes as grayscale", arguments: sizes)
    func a8(size: Size) throws {
        var rng = SplitMix64(seed: 8 + UInt64(size.width * 100 + size.height))
        let s = Fixtures.surface(size.width, size.height, .a8, stride: size.width + 3)
        s.withRows(as: UInt8.self) { _, row in
            for x in row.indices { row[x] = UInt8(truncatingIfNeeded: rng.next()) }
        }
        let png = try PNG.encode(s)
        #expect(Fixtures.header(png) == (8, 0))
        let d = try PNG.decode(png)
        #expect(d.format == .xrgb8888)
        for y in 0..<s.height {
            for x in 0..<s.width {
                let v = UInt32(s.row(y, as: UInt8.self)[x])
                #expect(d[x, y] == 0xff00_0000 | v << 16 | v << 8 | v, "(\(x), \(y))")
            }
        }
    }

    /// The decoded format follows the header: an RGBA file stays argb8888 even when
    /// every pixel is opaque.
    @Test func opaqueRGBAStaysARGB() throws {
        let s = try Surface(width: 4, height: 2, format: .argb8888)
        s.withRows(as: UInt32.self) { y, row in
            for x in row.indices { row[x] = 0xff00_0000 | UInt32(x * 40 + y) }
        }
        let d = try PNG.decode(PNG.encode(s))
        #expect(d.format == .argb8888)
        #expect(d[3, 1] == s[3, 1])
    }

    /// Decoded surfaces get the default (64-byte-rounded) stride whatever the width.
    @Test func decodedStrideIsTheDefault() throws {
        let d = try PNG.decode(Fixtures.smallPNG(width: 17, height: 3))
        #expect(d.stride == 128)
    }

    /// write then read through the file system; the temporary file is gone afterwards,
    /// and a second write replaces the first.
    @Test func writeThenRead() throws {
        let dir = TempDirectory()
        let path = dir.file("frame.png")
        let s = try Surface(width: 5, height: 3, format: .xrgb8888)
        s[2, 1] = 0xff12_3456
        try PNG.write(s, to: path)
        #expect(try PNG.read(path: path)[2, 1] == 0xff12_3456)
        s[2, 1] = 0xff65_4321
        try PNG.write(s, to: path)
        #expect(try PNG.read(path: path)[2, 1] == 0xff65_4321)
        #expect(dir.entries == ["frame.png"])
    }
}
