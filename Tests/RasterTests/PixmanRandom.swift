import Raster
import VitrineTestSupport

/// SplitMix64 (Steele, Lea, Flood 2014), seeded, for the pixman comparison tests: every run
/// sees the same cases, and a failure names the seed and trial that replay it.
///
/// Its own type (not the other suites' generator) so that the pixman tests' cases don't move
/// when someone else's generator changes.
struct PixmanRandom: RandomNumberGenerator {
    private var base: SplitMix64
    init(seed: UInt64) { base = SplitMix64(seed: seed) }
    mutating func next() -> UInt64 { base.next() }

    /// An integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// A Double in `range`.
    mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

    /// True with probability 1/n.
    mutating func oneIn(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &self) == 0 }

    /// A premultiplied argb8888 pixel: alpha 0 a quarter of the time, 255 a quarter of
    /// the time, else uniform; each colour channel uniform in 0...alpha.
    mutating func premultipliedPixel() -> UInt32 {
        let a: UInt32
        switch Int.random(in: 0..<4, using: &self) {
        case 0: a = 0
        case 1: a = 255
        default: a = UInt32.random(in: 0...255, using: &self)
        }
        let r = UInt32.random(in: 0...a, using: &self)
        let g = UInt32.random(in: 0...a, using: &self)
        let b = UInt32.random(in: 0...a, using: &self)
        return a << 24 | r << 16 | g << 8 | b
    }

    /// A side length in 1...maximum: 1 an eighth of the time, else uniform (odd half the time).
    mutating func side(_ maximum: Int) -> Int {
        oneIn(8) ? 1 : int(1...maximum)
    }

    /// What a random surface holds.
    enum Content {
        /// argb8888: premultiplied pixels (`premultipliedPixel`).
        case premultiplied
        /// xrgb8888 background: random colour, top byte 0xff.
        case opaque
        /// xrgb8888 source: random colour and a random top byte, which every reader must
        /// ignore.
        case opaqueWithJunkTop
        /// Any bits (rgb565, a8, or a 32-bit fill target).
        case anyBits
    }

    /// A new surface of random `content`, its stride the row rounded up to 4 bytes (as
    /// pixman requires) plus 0-3 words of padding, so strides differ from widths.
    mutating func surface(width: Int, height: Int, format: PixelFormat, content: Content) -> Surface {
        let row = (width * format.bytesPerPixel + 3) / 4 * 4
        let stride = row + 4 * int(0...3)
        let s = try! Surface(width: width, height: height, format: format, stride: stride)
        for y in 0..<height {
            switch format.bytesPerPixel {
            case 4:
                let p = s.row(y, as: UInt32.self)
                for x in 0..<width {
                    switch content {
                    case .premultiplied: p[x] = premultipliedPixel()
                    case .opaque: p[x] = 0xff00_0000 | UInt32(truncatingIfNeeded: next() & 0xff_ffff)
                    case .opaqueWithJunkTop, .anyBits: p[x] = UInt32(truncatingIfNeeded: next())
                    }
                }
            case 2:
                let p = s.row(y, as: UInt16.self)
                for x in 0..<width { p[x] = UInt16(truncatingIfNeeded: next()) }
            default:
                let p = s.row(y, as: UInt8.self)
                for x in 0..<width { p[x] = UInt8(truncatingIfNeeded: next()) }
            }
        }
        return s
    }

    /// The content a surface of `format` gets as a source: premultiplied for argb8888,
    /// junk top byte for xrgb8888, any bits otherwise.
    static func sourceContent(_ format: PixelFormat) -> Content {
        switch format {
        case .argb8888: .premultiplied
        case .xrgb8888: .opaqueWithJunkTop
        default: .anyBits
        }
    }

    /// The content a surface of `format` gets as a destination: premultiplied for
    /// argb8888, top byte 0xff for xrgb8888, any bits otherwise.
    static func destinationContent(_ format: PixelFormat) -> Content {
        switch format {
        case .argb8888: .premultiplied
        case .xrgb8888: .opaque
        default: .anyBits
        }
    }

    /// Where to place a source of length `source` along a destination of length
    /// `destination`: mostly so that they overlap (at least half the source's, or the
    /// whole destination), a quarter of the time anywhere from just off the start to
    /// just off the end.
    mutating func offset(source s: Int, destination d: Int) -> Int {
        if oneIn(4) { return int(-s...d) }
        let lo = -(s / 2)
        let hi = max(lo, d - (s + 1) / 2)
        return int(lo...hi)
    }

    /// A destination clip for a w x h surface, drawn from every kind a kernel must cut
    /// correctly: none, the exact bounds, inside, flush with each of the four edges,
    /// across edges (partly outside), a larger rectangle around the surface, wholly
    /// outside, and empty.
    mutating func clip(width w: Int, height h: Int) -> PixelRect? {
        // A span inside 0..<n, at least half of what remains after its start.
        func span(_ n: Int) -> (Int, Int) {
            let a = int(0...((n - 1) / 2))
            return (a, int(max(1, (n - a) / 2)...(n - a)))
        }
        let (x, cw) = span(w)
        let (y, ch) = span(h)
        switch int(0...13) {
        case 0, 1, 2: return nil
        case 3: return PixelRect(width: w, height: h)
        case 4, 5: return PixelRect(x: x, y: y, width: cw, height: ch)
        case 6: return PixelRect(x: 0, y: y, width: cw, height: ch)  // left edge
        case 7: return PixelRect(x: w - cw, y: y, width: cw, height: ch)  // right edge
        case 8: return PixelRect(x: x, y: 0, width: cw, height: ch)  // top edge
        case 9: return PixelRect(x: x, y: h - ch, width: cw, height: ch)  // bottom edge
        case 10:  // across one or more edges: from outside to inside or beyond
            let x0 = int(-w...(w - 1))
            let y0 = int(-h...(h - 1))
            return PixelRect(
                x: x0, y: y0, width: int(max(1, -x0 + 1)...(2 * w + 1)), height: int(max(1, -y0 + 1)...(2 * h + 1)))
        case 11: return PixelRect(x: -int(1...5), y: -int(1...5), width: w + int(2...12), height: h + int(2...12))
        case 12:  // wholly outside, one side or another
            let k = int(1...6)
            return oneIn(2)
                ? PixelRect(x: w + int(0...3), y: y, width: int(1...4), height: ch)
                : PixelRect(x: x, y: -k, width: cw, height: int(1...k))
        default:  // empty
            return PixelRect(x: x, y: y, width: oneIn(2) ? 0 : -int(1...3), height: ch)
        }
    }
}
