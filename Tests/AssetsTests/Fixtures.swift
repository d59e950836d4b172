@testable import Assets
import VitrineTestSupport
import Raster

/// Shared test inputs and helpers.
enum Fixtures {
    /// `body`'s error as its one-line description, or nil if it did not throw.
    /// (Untyped, so closures inside `#expect` need no annotation.)
    static func message<T>(_ body: () throws -> T) -> String? {
        do {
            _ = try body()
            return nil
        } catch let error as ImageError {
            return error.description
        } catch {
            return "not an ImageError: \(error)"
        }
    }

    /// A surface with rows `stride` bytes apart, every byte (padding too) 0xAB, so a
    /// codec that reads past a row's end shows it.
    static func surface(_ width: Int, _ height: Int, _ format: PixelFormat, stride: Int) -> Surface {
        let s = try! Surface(width: width, height: height, format: format, stride: stride)
        s.baseAddress.initializeMemory(as: UInt8.self, repeating: 0xAB, count: stride * height)
        return s
    }

    /// A random valid premultiplied argb8888 pixel: alpha 0 or 255 one time in eight
    /// each, otherwise random; each colour channel random in 0 ... alpha.
    static func premultipliedPixel(_ rng: inout SplitMix64) -> UInt32 {
        let a: UInt32 =
            switch rng.next() % 8 {
            case 0: 0
            case 1: 255
            default: UInt32.random(in: 0...255, using: &rng)
            }
        let r = UInt32.random(in: 0...a, using: &rng)
        let g = UInt32.random(in: 0...a, using: &rng)
        let b = UInt32.random(in: 0...a, using: &rng)
        return a << 24 | r << 16 | g << 8 | b
    }

    /// A small opaque RGB PNG (8x4, seeded noise), encoded by `PNG.encode`.
    static func smallPNG(width: Int = 8, height: Int = 4) -> [UInt8] {
        var rng = SplitMix64(seed: 7)
        let s = try! Surface(width: width, height: height, format: .xrgb8888)
        s.withRows(as: UInt32.self) { _, row in
            for x in row.indices { row[x] = UInt32(truncatingIfNeeded: rng.next()) }
        }
        return try! PNG.encode(s)
    }

    /// Offset of the first byte of the first IDAT chunk's data, and its length.
    static func idat(in png: [UInt8]) -> (offset: Int, length: Int)? {
        var at = 8
        while at + 8 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if Array(png[at + 4..<at + 8]) == Array("IDAT".utf8) { return (at + 8, length) }
            at += 12 + length
        }
        return nil
    }

    /// The IHDR fields a test checks: bit depth and colour type.
    static func header(_ png: [UInt8]) -> (bitDepth: UInt8, colorType: UInt8) {
        (png[24], png[25])
    }
}

/// An rgb565 value widened to 0xffRRGGBB by bit replication, written out independently
/// of the encoder's code.
func expand565(_ v: UInt16) -> UInt32 {
    let r = UInt32(v >> 11), g = UInt32(v >> 5 & 0x3f), b = UInt32(v & 0x1f)
    let r8 = (r << 3) | (r >> 2), g8 = (g << 2) | (g >> 4), b8 = (b << 3) | (b >> 2)
    return 0xff00_0000 | r8 << 16 | g8 << 8 | b8
}
