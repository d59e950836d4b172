import Testing
import Raster
@testable import Assets

/// JPEGs decode to opaque `.xrgb8888` surfaces whose top byte is 0xff, close to what
/// was encoded (JPEG is lossy: compared with a per-channel bound).
@Suite("JPEG decoding")
struct JPEGDecodeTests {
    @Test(arguments: [JPEG.Subsampling.yuv444, .yuv420])
    func colourRoundTrip(_ subsampling: JPEG.Subsampling) throws {
        let source = JPEGFixtures.gradient(width: 24, height: 16)
        let jpeg = try JPEG.encode(source, quality: 100, subsampling: subsampling)
        let s = try JPEG.decode(jpeg)
        #expect((s.width, s.height, s.format) == (24, 16, .xrgb8888))
        #expect(JPEGFixtures.isOpaque(s))
        // Measured: 3 at 4:4:4 (YCbCr rounding), 8 at 4:2:0 (the chroma of a 2x2 block is averaged).
        #expect(JPEGFixtures.maxChannelDifference(s, source) <= (subsampling == .yuv444 ? 3 : 8))
    }

    /// A flat colour survives any quality almost exactly; the channel order is right
    /// (red in bits 16...23).
    @Test func flatColourChannelOrder() throws {
        let source = try Surface(width: 16, height: 16, format: .xrgb8888)
        source.fill(0xff20_80e0)
        let s = try JPEG.decode(JPEG.encode(source, quality: 75))
        #expect(JPEGFixtures.maxChannelDifference(s, source) <= 2)
        #expect(s[5, 5] >> 24 == 0xff)
    }

    /// Sizes that are not whole 8x8 or 16x16 blocks, decoded into rows padded to 64
    /// bytes: the padding is never written.
    @Test(arguments: [(1, 1), (7, 5), (17, 9), (33, 2)])
    func oddSizes(_ size: (Int, Int)) throws {
        let source = JPEGFixtures.gradient(width: size.0, height: size.1)
        let s = try JPEG.decode(JPEG.encode(source, quality: 100, subsampling: .yuv444))
        #expect((s.width, s.height) == size)
        #expect(s.stride == (size.0 * 4 + 63) / 64 * 64)
        #expect(JPEGFixtures.maxChannelDifference(s, source) <= 3)
        for y in 0..<s.height {
            let row = s.row(y, as: UInt8.self)
            #expect((s.rowBytes..<s.stride).allSatisfy { row[$0] == 0 }, "padding of row \(y)")
        }
    }

    /// A grayscale JPEG decodes to gray xrgb8888 pixels (r == g == b).
    @Test func grayscale() throws {
        let source = JPEGFixtures.gradient(width: 16, height: 16)
        let jpeg = try JPEG.encode(source, quality: 100, subsampling: .gray)
        #expect(jpeg[JPEGFixtures.marker(0xC0, in: jpeg)! + 9] == 1, "one component")
        let s = try JPEG.decode(jpeg)
        #expect(s.format == .xrgb8888 && JPEGFixtures.isOpaque(s))
        for y in 0..<16 {
            for x in 0..<16 {
                let p = s[x, y]
                #expect(p >> 16 & 0xff == p & 0xff && p >> 8 & 0xff == p & 0xff)
            }
        }
        // Luminance of (255, 0, 0x40) is 0.299 * 255 + 0.114 * 64 = 83.5.
        #expect(abs(Int(s[15, 0] & 0xff) - 83) <= 2)
    }

    /// An a8 mask encodes as a grayscale JPEG of its values.
    @Test func maskEncodesAsGray() throws {
        let mask = try Surface(width: 8, height: 8, format: .a8)
        mask.withRows(as: UInt8.self) { _, row in for x in row.indices { row[x] = 200 } }
        let s = try JPEG.decode(JPEG.encode(mask, quality: 100))
        #expect(s[3, 3] == 0xffc8_c8c8)
    }

    /// rgb565 is widened by bit replication before encoding; argb8888's premultiplied
    /// colour (the image over black) is encoded as it is.
    @Test func otherSourceFormats() throws {
        let r565 = try Surface(width: 8, height: 8, format: .rgb565)
        r565.withRows(as: UInt16.self) { _, row in for x in row.indices { row[x] = 0xF800 } }  // pure red
        let red = try JPEG.decode(JPEG.encode(r565, quality: 100, subsampling: .yuv444))
        let pureRed = try Surface(width: 8, height: 8, format: .xrgb8888)
        pureRed.fill(0xffff_0000)
        #expect(JPEGFixtures.maxChannelDifference(red, pureRed) <= 2)
        let argb = try Surface(width: 8, height: 8, format: .argb8888)
        argb.fill(0x8040_2000)  // half-transparent, premultiplied
        let s = try JPEG.decode(JPEG.encode(argb, quality: 100, subsampling: .yuv444))
        let expected = try Surface(width: 8, height: 8, format: .xrgb8888)
        expected.fill(0xff40_2000)
        #expect(JPEGFixtures.maxChannelDifference(s, expected) <= 2)
    }

    /// The encoder reads rows `stride` bytes apart and never the padding (0xAB here).
    @Test func encodesFromAPaddedStride() throws {
        let padded = Fixtures.surface(8, 4, .xrgb8888, stride: 48)
        padded.fill(0xff10_2030)
        let s = try JPEG.decode(JPEG.encode(padded, quality: 100, subsampling: .yuv444))
        #expect(JPEGFixtures.maxChannelDifference(s, padded) <= 2)
    }

    @Test func progressive() throws {
        let source = JPEGFixtures.gradient(width: 32, height: 24)
        let jpeg = try JPEG.encode(source, name: "p", quality: 100, subsampling: .yuv444, progressive: true)
        #expect(JPEGFixtures.marker(0xC2, in: jpeg) != nil, "SOF2: progressive")
        #expect(JPEGFixtures.maxChannelDifference(try JPEG.decode(jpeg), source) <= 3)
    }

    /// CMYK (stored inverted, as Adobe writes it; libjpeg-turbo makes it YCCK) converts
    /// as r = c * k / 255.
    @Test func cmyk() throws {
        let pixels: [(c: UInt8, m: UInt8, y: UInt8, k: UInt8)] = [
            (255, 255, 255, 255),  // no ink: white
            (0, 255, 255, 255),  // full cyan ink: no red
            (255, 255, 255, 0),  // full black ink
            (200, 100, 50, 128),
        ]
        var bytes: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<8 {
                let p = pixels[(y / 4) * 2 + x / 4]
                bytes += [p.c, p.m, p.y, p.k]
            }
        }
        let jpeg = try JPEG.encodeCMYK(bytes, width: 8, height: 8, quality: 100)
        let s = try JPEG.decode(jpeg, name: "cmyk.jpg")
        #expect(s.format == .xrgb8888 && JPEGFixtures.isOpaque(s))
        let expected: [UInt32] = [0xffff_ffff, 0xff00_ffff, 0xff00_0000, 0xff64_3219]
        for (i, e) in expected.enumerated() {
            let p = s[(i % 2) * 4 + 1, (i / 2) * 4 + 1]
            for shift: UInt32 in [0, 8, 16] {
                #expect(abs(Int(p >> shift & 0xff) - Int(e >> shift & 0xff)) <= 2, "block \(i): \(p) vs \(e)")
            }
        }
    }

    @Test func readAndWriteFiles() throws {
        let dir = TempDirectory()
        let path = dir.file("photo.jpg")
        let source = JPEGFixtures.gradient(width: 16, height: 16)
        try JPEG.write(source, to: path, quality: 100, subsampling: .yuv444)
        #expect(dir.entries == ["photo.jpg"])
        #expect(JPEGFixtures.maxChannelDifference(try JPEG.read(path: path), source) <= 3)
    }

    @Test func qualityIsClamped() throws {
        let source = JPEGFixtures.gradient(width: 16, height: 16)
        #expect(try JPEG.encode(source, quality: 0) == JPEG.encode(source, quality: 1))
        #expect(try JPEG.encode(source, quality: 500) == JPEG.encode(source, quality: 100))
    }
}
