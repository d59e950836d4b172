import Raster
import VitrineTestSupport

/// SplitMix64: a small, fast, seedable generator, so every random test is repeatable.
struct SeededRandom: RandomNumberGenerator {
    private var base: SplitMix64
    init(seed: UInt64) { base = SplitMix64(seed: seed) }
    mutating func next() -> UInt64 { base.next() }

    /// A random premultiplied ARGB pixel; alpha is 0 or 255 a quarter of the time each
    /// so that the opaque and transparent cases are hit.
    mutating func premultipliedPixel() -> UInt32 {
        let a: UInt32
        switch UInt32.random(in: 0..<8, using: &self) {
        case 0, 1: a = 0
        case 2, 3: a = 255
        default: a = UInt32.random(in: 0...255, using: &self)
        }
        let r = UInt32.random(in: 0...a, using: &self), g = UInt32.random(in: 0...a, using: &self)
        let b = UInt32.random(in: 0...a, using: &self)
        return a << 24 | r << 16 | g << 8 | b
    }

    /// A surface of random content: premultiplied for argb8888, opaque for xrgb8888,
    /// any bits for rgb565 and a8. Its stride has 0-3 pixels of padding.
    mutating func surface(width: Int, height: Int, format: PixelFormat) -> Surface {
        let pad = Int.random(in: 0...3, using: &self) * format.bytesPerPixel
        let s = try! Surface(width: width, height: height, format: format, stride: width * format.bytesPerPixel + pad)
        for y in 0..<height {
            switch format {
            case .argb8888:
                let row = s.row(y, as: UInt32.self)
                for x in 0..<width { row[x] = premultipliedPixel() }
            case .xrgb8888:
                let row = s.row(y, as: UInt32.self)
                for x in 0..<width { row[x] = 0xff00_0000 | UInt32.random(in: 0...0xff_ffff, using: &self) }
            case .rgb565:
                let row = s.row(y, as: UInt16.self)
                for x in 0..<width { row[x] = UInt16.random(in: 0...0xffff, using: &self) }
            case .a8:
                let row = s.row(y, as: UInt8.self)
                for x in 0..<width { row[x] = UInt8.random(in: 0...255, using: &self) }
            }
        }
        return s
    }

    /// A clip that is sometimes the whole surface, sometimes inside, sometimes across an
    /// edge or entirely outside, sometimes empty.
    mutating func clip(width w: Int, height h: Int) -> PixelRect? {
        switch Int.random(in: 0..<6, using: &self) {
        case 0: return nil
        case 1: return PixelRect(x: 0, y: 0, width: 0, height: h)
        case 2:
            return PixelRect(
                x: Int.random(in: -w...w, using: &self), y: Int.random(in: -h...h, using: &self),
                width: Int.random(in: 0...(2 * w), using: &self), height: Int.random(in: 0...(2 * h), using: &self))
        default:
            let x = Int.random(in: 0..<w, using: &self), y = Int.random(in: 0..<h, using: &self)
            return PixelRect(
                x: x, y: y, width: Int.random(in: 1...(w - x), using: &self),
                height: Int.random(in: 1...(h - y), using: &self))
        }
    }

    /// A size from the awkward ones (1x1, odd widths) and some ordinary ones.
    mutating func size() -> (Int, Int) {
        let sizes = [(1, 1), (1, 7), (7, 1), (3, 3), (5, 9), (13, 4), (17, 17), (31, 6), (33, 20), (64, 3)]
        return sizes[Int.random(in: 0..<sizes.count, using: &self)]
    }
}

extension Surface {
    /// Every pixel's bytes, row by row, without the stride's padding.
    var pixelBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rowBytes * height)
        for y in 0..<height {
            out.append(contentsOf: UnsafeBufferPointer(start: row(y, as: UInt8.self), count: rowBytes))
        }
        return out
    }
}
