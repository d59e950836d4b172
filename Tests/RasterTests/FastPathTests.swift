import FixedPoint
import Testing

@testable import Raster

/// Every fast path against its reference path, bit for bit, on seeded random images,
/// sizes (1x1, odd widths) and clips (inside, across every edge, outside, empty).
@Suite struct FastPathTests {
    /// Runs `kernel` through both paths on copies of `destination`; expects equal bytes.
    func expectSame(
        _ destination: Surface, _ what: String, _ kernel: (Surface, KernelPath) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let ref = destination.copy(), fast = destination.copy()
        try kernel(ref, .reference)
        try kernel(fast, .fast)
        #expect(ref.pixelBytes == fast.pixelBytes, "\(what)", sourceLocation: sourceLocation)
    }

    @Test(arguments: PixelFormat.allCases)
    func fill(format: PixelFormat) throws {
        var rng = SeededRandom(seed: 1)
        for _ in 0..<60 {
            let (w, h) = rng.size()
            let dst = rng.surface(width: w, height: h, format: format)
            let color = rng.premultipliedPixel(), clip = rng.clip(width: w, height: h)
            try expectSame(dst, "fill \(w)x\(h) \(clip.map(\.description) ?? "all")") { d, p in
                d.fill(color, clip: clip, path: p)
            }
        }
    }

    @Test func copyAndConvert() throws {
        var rng = SeededRandom(seed: 2)
        let pairs: [(PixelFormat, PixelFormat)] = [
            (.xrgb8888, .xrgb8888), (.argb8888, .xrgb8888), (.xrgb8888, .argb8888), (.argb8888, .argb8888),
            (.rgb565, .rgb565), (.xrgb8888, .rgb565), (.rgb565, .xrgb8888),
        ]
        for (sf, df) in pairs {
            for _ in 0..<30 {
                let (w, h) = rng.size()
                let src = rng.surface(width: w, height: h, format: sf)
                let dst = rng.surface(width: w, height: h, format: df)
                let clip = rng.clip(width: w, height: h)
                try expectSame(dst, "convert \(sf)->\(df) \(w)x\(h)") { d, p in try d.convert(from: src, clip: clip, path: p) }
                if sf.bytesPerPixel == df.bytesPerPixel {
                    let (dx, dy) = (Int.random(in: -w...w, using: &rng), Int.random(in: -h...h, using: &rng))
                    try expectSame(dst, "copy \(sf)->\(df) at \(dx),\(dy)") { d, p in
                        try d.copy(from: src, x: dx, y: dy, clip: clip, path: p)
                    }
                }
            }
        }
    }

    /// A solid colour blended OVER (`blend`): both destination formats (an xrgb8888
    /// one's X bytes taken as 255), translucent, clear-ish and opaque colours, odd
    /// widths and clips; the bytes of the reference.
    @Test func blendAgrees() throws {
        var rng = SeededRandom(seed: 47)
        for format in [PixelFormat.xrgb8888, .argb8888] {
            for i in 0..<40 {
                let (w, h) = rng.size()
                let dst = rng.surface(width: w, height: h, format: format)
                let color: UInt32 = [0x8000_0000, 0x0101_0101, 0xffff_ffff, 0x7f40_2010][i % 4]
                let clip = i % 3 == 0 ? nil : rng.clip(width: w, height: h)
                try expectSame(dst, "blend \(format) \(w)x\(h) \(String(color, radix: 16))") { d, p in
                    try d.blend(color, clip: clip, path: p)
                }
            }
        }
    }

    @Test func overWithAndWithoutOpacity() throws {
        var rng = SeededRandom(seed: 3)
        for sf in [PixelFormat.argb8888, .xrgb8888] {
            for df in [PixelFormat.xrgb8888, .argb8888] {
                for _ in 0..<40 {
                    let (w, h) = rng.size()
                    let src = rng.surface(width: w, height: h, format: sf)
                    let dst = rng.surface(width: w + 3, height: h + 1, format: df)
                    let clip = rng.clip(width: w + 3, height: h + 1)
                    let (dx, dy) = (Int.random(in: -2...4, using: &rng), Int.random(in: -2...2, using: &rng))
                    let opacity: UInt8 = [255, 0, 1, 128, 204, 254].randomElement(using: &rng)!
                    try expectSame(dst, "over \(sf)->\(df) \(w)x\(h) opacity \(opacity)") { d, p in
                        try d.over(src, x: dx, y: dy, opacity: opacity, clip: clip, path: p)
                    }
                }
            }
        }
    }

    /// `drawFaded` writes the bytes of a fill with the colour then `over` at the
    /// opacity: both formats of source (xrgb8888 with X bytes that are not 255, its fast
    /// path), both of destination, every kind of opacity, colours dark, light and grey;
    /// a source of another size is refused.
    @Test func fadedDrawsAgreeWithFillThenOver() throws {
        var rng = SeededRandom(seed: 43)
        for sf in [PixelFormat.xrgb8888, .argb8888] {
            for df in [PixelFormat.xrgb8888, .argb8888] {
                for i in 0..<30 {
                    let (w, h) = rng.size()
                    let src = rng.surface(width: w, height: h, format: sf)
                    let dst = rng.surface(width: w, height: h, format: df)
                    let colour: UInt32 = [0xff10_1218, 0xffff_ffff, 0xff80_8080, 0xff00_0000][i % 4]
                    let opacity: UInt8 = [255, 0, 1, 128, 204, 254][i % 6]
                    let want = dst.copy()
                    want.fill(colour)
                    try want.over(src, opacity: opacity)
                    for path in [KernelPath.fast, .reference] {
                        let got = dst.copy()
                        try got.drawFaded(src, over: colour, opacity: opacity, path: path)
                        #expect(got.pixelBytes == want.pixelBytes, "faded \(sf)->\(df) \(w)x\(h) \(path) opacity \(opacity)")
                    }
                }
            }
        }
        let small = try Surface(width: 2, height: 2, format: .xrgb8888)
        #expect(throws: RasterError.self) {
            try small.drawFaded(Surface(width: 3, height: 2, format: .xrgb8888), over: 0xff00_0000, opacity: 9)
        }
    }

    @Test(arguments: QuarterTurn.allCases)
    func rotate(turn: QuarterTurn) throws {
        var rng = SeededRandom(seed: 4)
        for format in [PixelFormat.xrgb8888, .rgb565] {
            for _ in 0..<30 {
                let (w, h) = rng.size()
                let src = rng.surface(width: w, height: h, format: format)
                let (tw, th) = turn.turnedSize(width: w, height: h)
                let dst = rng.surface(width: tw, height: th, format: format)
                let clip = rng.clip(width: tw, height: th)
                try expectSame(dst, "rotate \(turn) \(w)x\(h)") { d, p in
                    try d.rotate(from: src, turn: turn, clip: clip, path: p)
                }
            }
        }
        // Large enough for several of the fast path's 64-pixel tiles, its 4x4 blocks and
        // ragged edges; whole, and clipped at odd places; argb8888 into xrgb8888 (alpha
        // forced) and rgb565 too.
        for (sf, df) in [(PixelFormat.xrgb8888, PixelFormat.xrgb8888), (.argb8888, .xrgb8888), (.rgb565, .rgb565)] {
            let src = rng.surface(width: 150, height: 83, format: sf)
            let (tw, th) = turn.turnedSize(width: 150, height: 83)
            for clip in [nil, PixelRect(x: 3, y: 5, width: tw - 10, height: th - 7)] {
                try expectSame(rng.surface(width: tw, height: th, format: df), "rotate \(turn) 150x83 \(sf)") { d, p in
                    try d.rotate(from: src, turn: turn, clip: clip, path: p)
                }
            }
        }
    }

    /// Random affine maps (rotation, scale, shear, translation) and projective page
    /// turns, both filters, with and without opacity.
    @Test func transformedDraws() throws {
        var rng = SeededRandom(seed: 5)
        for i in 0..<120 {
            let (w, h) = rng.size()
            let src = rng.surface(width: w, height: h, format: i % 5 == 0 ? .xrgb8888 : .argb8888)
            let (dw, dh) = (Int.random(in: 1...40, using: &rng), Int.random(in: 1...30, using: &rng))
            let dst = rng.surface(width: dw, height: dh, format: .xrgb8888)
            let m = i % 3 == 2 ? randomProjective(&rng, dw, dh) : randomAffine(&rng, dw, dh)
            let filter: SampleFilter = i % 4 == 3 ? .nearest : .bilinear
            let opacity: UInt8 = i % 6 == 1 ? 150 : 255
            let clip = rng.clip(width: dw, height: dh)
            try expectSame(dst, "draw #\(i) \(m)") { d, p in
                try d.draw(src, destinationToSource: m, filter: filter, opacity: opacity, clip: clip, path: p)
            }
        }
    }

    /// A fading transformed image (a turn's old frame, a cross-fade): the affine bilinear
    /// pair path with an opacity below 255 gives the reference's bytes, every opacity
    /// that rounds differently, both source formats.
    @Test func fadingAffineDrawsAgree() throws {
        var rng = SeededRandom(seed: 11)
        for i in 0..<60 {
            let (w, h) = rng.size()
            let src = rng.surface(width: w, height: h, format: i % 2 == 0 ? .xrgb8888 : .argb8888)
            let (dw, dh) = (Int.random(in: 2...48, using: &rng), Int.random(in: 1...30, using: &rng))
            let dst = rng.surface(width: dw, height: dh, format: .xrgb8888)
            let m = randomAffine(&rng, dw, dh)
            let opacity: UInt8 = [0, 1, 2, 127, 128, 129, 200, 254][i % 8]
            try expectSame(dst, "fading draw #\(i) opacity \(opacity) \(m)") { d, p in
                try d.draw(src, destinationToSource: m, filter: .bilinear, opacity: opacity, path: p)
            }
        }
    }

    /// A transformed draw over a separate background (`draw(_:destinationToSource:...
    /// over:)`, the turn's one pass) writes the bytes of copying the background in and
    /// drawing over it with the reference path: every filter, opacity, format, affine and
    /// projective, inside and across every clip; pixels outside the clip untouched.
    @Test func drawsOverABackgroundAsCopyThenDraw() throws {
        var rng = SeededRandom(seed: 17)
        for i in 0..<120 {
            let (w, h) = rng.size()
            let src = rng.surface(width: w, height: h, format: i % 2 == 0 ? .xrgb8888 : .argb8888)
            let (dw, dh) = (Int.random(in: 1...48, using: &rng), Int.random(in: 1...30, using: &rng))
            let below = rng.surface(width: dw, height: dh, format: .xrgb8888)
            let dst = rng.surface(width: dw, height: dh, format: .xrgb8888)
            let m = i % 5 == 4 ? randomProjective(&rng, dw, dh) : randomAffine(&rng, dw, dh)
            let filter: SampleFilter = i % 7 == 6 ? .nearest : .bilinear
            let opacity: UInt8 = [0, 1, 128, 200, 254, 255][i % 6]
            let clip = i % 3 == 0 ? nil : rng.clip(width: dw, height: dh)
            let want = dst.copy()
            try want.copy(from: below, clip: clip)
            try want.draw(src, destinationToSource: m, filter: filter, opacity: opacity, clip: clip, path: .reference)
            for path in [KernelPath.fast, .reference] {
                let got = dst.copy()
                try got.draw(src, destinationToSource: m, filter: filter, opacity: opacity, over: below, clip: clip, path: path)
                #expect(got.pixelBytes == want.pixelBytes, "over-background draw #\(i) \(path) opacity \(opacity) \(m)")
            }
        }
        // A background of another size is refused, naming both.
        let small = try Surface(width: 4, height: 4, format: .xrgb8888)
        let big = try Surface(width: 5, height: 4, format: .xrgb8888)
        #expect(throws: RasterError.sizeMismatch(expected: small.bounds, got: big.bounds)) {
            try small.draw(big, destinationToSource: .identity, over: big)
        }
    }

    /// The pair loop draws the pixels whose whole footprint lies inside the source with
    /// no edge checks (the span solved once per row): positions exactly on, one unit
    /// (1/65536) inside and outside of that span's ends, upright and barely turned, give
    /// the reference's bytes, in place and over a background, for every source format
    /// and opacity kind.
    @Test func pairSpanEdgesAgree() throws {
        var rng = SeededRandom(seed: 23)
        let offsets: [Int32] = [-0x8001, -0x8000, -0x7fff, -1, 0, 1, 0x7fff, 0x8000, 0x8001, 0x1_0000]
        let slopes: [Int32] = [0, 1, -1, 0x40]  // Q16.16 shear: none, one unit, a little
        for (i, (w, h)) in [(2, 2), (3, 3), (5, 4), (1, 6), (6, 1)].enumerated() {
            for format in [PixelFormat.xrgb8888, .argb8888] {
                let src = rng.surface(width: w, height: h, format: format)
                for (j, tx) in offsets.enumerated() {
                    let ty = offsets[(j + i) % offsets.count], slope = slopes[j % slopes.count]
                    let m = Matrix3(
                        m00: .one, m01: Fixed(raw: -slope), m02: Fixed(raw: tx), m10: Fixed(raw: slope), m11: .one,
                        m12: Fixed(raw: ty), m20: .zero, m21: .zero, m22: .one)
                    let dst = rng.surface(width: w + 3, height: h + 3, format: .xrgb8888)
                    let below = rng.surface(width: w + 3, height: h + 3, format: .xrgb8888)
                    for opacity: UInt8 in [255, 200] {
                        try expectSame(dst, "edge draw \(w)x\(h) \(format) \(m) opacity \(opacity)") { d, p in
                            try d.draw(src, destinationToSource: m, filter: .bilinear, opacity: opacity, path: p)
                        }
                        try expectSame(dst, "edge draw over \(w)x\(h) \(format) \(m) opacity \(opacity)") { d, p in
                            try d.draw(src, destinationToSource: m, filter: .bilinear, opacity: opacity, over: below, path: p)
                        }
                    }
                }
            }
        }
    }

    /// A picture magnified twice across, upright, shifted by whole pixels (the turn's
    /// half-size picture stretched back: the four-pixel doubled rows), with any vertical
    /// scale and offset: the reference's bytes, in place and over a background, both
    /// source formats, every opacity kind, across every edge and clip, over transparent
    /// runs of the source (copied past); and a shift off the quarter (the pair path) too.
    @Test func doubledRowsAgree() throws {
        var rng = SeededRandom(seed: 29)
        for i in 0..<160 {
            let (w, h) = rng.size()
            let src = rng.surface(width: w, height: h, format: i % 3 == 0 ? .xrgb8888 : .argb8888)
            if i % 3 != 0 && i % 2 == 1 {
                // Transparent columns and rows, which the doubled rows copy past.
                let x0 = Int.random(in: 0..<w, using: &rng), y0 = Int.random(in: 0..<h, using: &rng)
                src.fill(0, clip: PixelRect(x: x0, y: y0, width: Int.random(in: min(4, w)...w, using: &rng), height: h))
                src.fill(0, clip: PixelRect(x: 0, y: y0, width: w, height: Int.random(in: 0...2, using: &rng)))
            }
            let (dw, dh) = (Int.random(in: 1...(2 * w + 12), using: &rng), Int.random(in: 1...(2 * h + 6), using: &rng))
            let dst = rng.surface(width: dw, height: dh, format: .xrgb8888)
            let below = rng.surface(width: dw, height: dh, format: .xrgb8888)
            let tx = Int32.random(in: -3...3, using: &rng) << 16 + (i % 11 == 10 ? 0x2000 : 0)
            let ty = Int32.random(in: -0x3_0000...0x3_0000, using: &rng)
            let sy: Int32 = [0x8000, 0x1_0000, 0x5432][i % 3]
            let m = Matrix3(
                m00: Fixed(raw: 0x8000), m01: .zero, m02: Fixed(raw: tx), m10: .zero, m11: Fixed(raw: sy),
                m12: Fixed(raw: ty), m20: .zero, m21: .zero, m22: .one)
            let opacity: UInt8 = [255, 200, 1, 128][i % 4]
            let clip = i % 2 == 0 ? nil : rng.clip(width: dw, height: dh)
            try expectSame(dst, "doubled draw #\(i) \(m) opacity \(opacity)") { d, p in
                try d.draw(src, destinationToSource: m, filter: .bilinear, opacity: opacity, clip: clip, path: p)
            }
            try expectSame(dst, "doubled draw over #\(i) \(m) opacity \(opacity)") { d, p in
                try d.draw(src, destinationToSource: m, filter: .bilinear, opacity: opacity, over: below, clip: clip, path: p)
            }
        }
    }

    /// Matrices no caller would make (huge, tiny, negative w): the two paths still agree
    /// and nothing is written outside the destination (checked by `GuardTests` too).
    @Test func extremeMatricesAgree() throws {
        var rng = SeededRandom(seed: 6)
        for _ in 0..<80 {
            var entries = (0..<9).map { _ in Fixed(raw: Int32.random(in: Int32.min...Int32.max, using: &rng)) }
            if Bool.random(using: &rng) { entries[6] = .zero; entries[7] = .zero; entries[8] = .one }
            let m = Matrix3(
                m00: entries[0], m01: entries[1], m02: entries[2], m10: entries[3], m11: entries[4],
                m12: entries[5], m20: entries[6], m21: entries[7], m22: entries[8])
            let src = rng.surface(width: 9, height: 7, format: .argb8888)
            let dst = rng.surface(width: 12, height: 10, format: .argb8888)
            try expectSame(dst, "extreme \(m)") { d, p in try d.draw(src, destinationToSource: m, path: p) }
        }
    }

    /// Pictures turned about a vertical axis in perspective (m01 = m21 = 0: each
    /// destination column has one source column, `TransformJob.columns`): wide enough to
    /// cross the column table's chunks, moved so that columns fall outside the source, behind
    /// the eye (w <= 0) or past the quotient's range, every opacity kind, both source formats,
    /// clipped and not; the bytes of the reference path. The same for a matrix one unit
    /// off that shape (m01 or m21 not 0), which takes the general path.
    @Test func steadyColumnDrawsAgree() throws {
        var rng = SeededRandom(seed: 29)
        for i in 0..<90 {
            let (w, h) = (Int.random(in: 1...40, using: &rng), Int.random(in: 1...24, using: &rng))
            let src = rng.surface(width: w, height: h, format: i % 2 == 0 ? .xrgb8888 : .argb8888)
            // Every fifth destination is taller than a row block (`TransformJob.rowBlock`).
            let dw = [3, 255, 256, 257, 513, 600][i % 6]
            let dh = i % 5 == 4 ? Int.random(in: 33...70, using: &rng) : Int.random(in: 1...6, using: &rng)
            let dst = rng.surface(width: dw, height: dh, format: .xrgb8888)
            let th = Double.random(in: -1.5...1.5, using: &rng)
            let persp = Double.random(in: -0.05...0.05, using: &rng)
            let scale = Double.random(in: 0.05...3, using: &rng)
            // Forward, source -> destination: x' = (c s u + tx) / (p u + 1), y' = (k u + s v + ty) / (p u + 1).
            let f = [
                [cosine(th) * scale, 0, Double.random(in: -40...Double(dw), using: &rng)],
                [Double.random(in: -0.3...0.3, using: &rng), scale, Double.random(in: -10...Double(dh), using: &rng)],
                [persp, 0, 1],
            ]
            let adj = [
                [f[1][1] * f[2][2] - f[1][2] * f[2][1], f[0][2] * f[2][1] - f[0][1] * f[2][2], f[0][1] * f[1][2] - f[0][2] * f[1][1]],
                [f[1][2] * f[2][0] - f[1][0] * f[2][2], f[0][0] * f[2][2] - f[0][2] * f[2][0], f[0][2] * f[1][0] - f[0][0] * f[1][2]],
                [f[1][0] * f[2][1] - f[1][1] * f[2][0], f[0][1] * f[2][0] - f[0][0] * f[2][1], f[0][0] * f[1][1] - f[0][1] * f[1][0]],
            ]
            // Scaled so that the largest entry is 1, 100 or 30000 (Q16.16's range).
            let k = [1.0, 100, 30000][i % 3] / adj.joined().map(abs).max()!
            var m = Matrix3(rows: adj.map { $0.map { $0 * k } })
            #expect(m.m01 == .zero && m.m21 == .zero)
            if i % 10 == 9 { m.m01 = Fixed(raw: 1) }
            if i % 10 == 8 { m.m21 = Fixed(raw: 1) }
            let opacity: UInt8 = [255, 200, 1, 128][i % 4]
            let clip = i % 4 == 3 ? rng.clip(width: dw, height: dh) : nil
            try expectSame(dst, "steady columns #\(i) \(dw)x\(dh) opacity \(opacity) \(m)") { d, p in
                try d.draw(src, destinationToSource: m, filter: .bilinear, opacity: opacity, clip: clip, path: p)
            }
        }
    }

    /// Steady-column draws of sources whose rows repeat (a horizontal gradient, one
    /// colour, clear ends; `TransformJob.rowsRepeat`): each column's colour composited
    /// down it, its edges sampled; the bytes of the reference, for every opacity kind,
    /// both formats, tall destinations, columns past the source's sides, and a source
    /// whose last row differs (drawn as any other).
    @Test func repeatingRowDrawsAgree() throws {
        var rng = SeededRandom(seed: 41)
        for i in 0..<60 {
            let (w, h) = (Int.random(in: 1...40, using: &rng), Int.random(in: 1...24, using: &rng))
            let format: PixelFormat = i % 2 == 0 ? .xrgb8888 : .argb8888
            let src = try Surface(width: w, height: h, format: format)
            let row = (0..<w).map { x -> UInt32 in
                switch i % 3 {
                case 0: return rng.premultipliedPixel()
                case 1: return x < w / 2 ? 0 : 0xff20_4060
                default: return UInt32(255 * x / Swift.max(1, w - 1)) << 24
                }
            }
            for y in 0..<h {
                let r = src.row(y, as: UInt32.self)
                for x in 0..<w { r[x] = row[x] }
            }
            if i % 10 == 7 { src.row(h - 1, as: UInt32.self)[0] ^= 0x0101_0101 }
            #expect(TransformJob.rowsRepeat(SampleSource(src)) == (h >= 2 && i % 10 != 7))
            let (dw, dh) = ([3, 64, 255, 256][i % 4], Int.random(in: 1...70, using: &rng))
            let dst = rng.surface(width: dw, height: dh, format: .xrgb8888)
            let th = Double.random(in: -1.5...1.5, using: &rng), persp = Double.random(in: -0.03...0.03, using: &rng)
            let scale = Double.random(in: 0.3...4, using: &rng)
            let f = [
                [cosine(th) * scale, 0, Double.random(in: -20...Double(dw), using: &rng)],
                [Double.random(in: -0.3...0.3, using: &rng), scale, Double.random(in: -10...Double(dh), using: &rng)],
                [persp, 0, 1],
            ]
            guard let m = Matrix3(rows: f).homographyInverse else { continue }
            #expect(TransformJob.hasSteadyColumns(HomogeneousStepper(m)))
            let opacity: UInt8 = [255, 200, 1, 128][i % 4]
            try expectSame(dst, "repeating rows #\(i) \(w)x\(h) opacity \(opacity) \(m)") { d, p in
                try d.draw(src, destinationToSource: m, filter: .bilinear, opacity: opacity, path: p)
            }
        }
    }

    /// The column table fits the 1024 bytes `withUnsafeTemporaryAllocation` keeps on the
    /// stack: a larger one would be a heap allocation per draw.
    @Test func columnTableStaysOnTheStack() {
        #expect(MemoryLayout<TransformJob.Column>.stride * TransformJob.columnChunk <= 1024)
    }

    /// A steady-column draw where a column's vh passes `TransformJob.projectiveLimit`
    /// between its first and last row, while its u and v stay on the source: the pixels
    /// the reference leaves out there are left out (the chunk is drawn row by row), the
    /// others drawn; the bytes of the reference.
    @Test func steadyColumnsPastTheLimitAgree() throws {
        var rng = SeededRandom(seed: 37)
        let src = rng.surface(width: 8, height: 8, format: .argb8888)
        // uh, vh and wh grow together along x (u stays near 2 pixels, v near 4), vh by
        // about 2^31 a column and a row, passing 2^46 at the last columns' last rows.
        let dw = 32768
        let m = Matrix3(rows: [[16383, 0, 0.5], [32767, 32767, 16000], [8191, 0, 1]])
        let dst = rng.surface(width: dw, height: 4, format: .xrgb8888)
        let t = HomogeneousStepper(m)
        #expect(TransformJob.hasSteadyColumns(t))
        // Some column starts within the limit on row 0 and passes it by row 3.
        let crossing = (0..<dw).contains { x in
            t.at(x, 0).1.magnitude < TransformJob.projectiveLimit && t.at(x, 3).1.magnitude >= TransformJob.projectiveLimit
        }
        #expect(crossing)
        try expectSame(dst, "steady columns past the limit \(m)") { d, p in
            try d.draw(src, destinationToSource: m, filter: .bilinear, clip: nil, path: p)
        }
        // Both paths drew something: the draw is not empty.
        let untouched = dst.copy(), drawn = dst.copy()
        try drawn.draw(src, destinationToSource: m, filter: .bilinear)
        #expect(drawn.pixelBytes != untouched.pixelBytes)
    }

    /// A turned solid rectangle (`fill(_:width:height:destinationToSource:...)`) writes,
    /// on both paths and on spans, the bytes the reference writes drawing a picture of
    /// that size filled with the colour: opaque, translucent and tiny colours, every
    /// opacity kind, 1-pixel and long thin rectangles, clipped and not.
    @Test func transformedFillsAgreeWithASolidPicture() throws {
        var rng = SeededRandom(seed: 31)
        for i in 0..<150 {
            let (w, h) = i % 7 == 0 ? (1, Int.random(in: 1...9, using: &rng)) : rng.size()
            let color: UInt32 = [0xff34_3845, 0x8040_2010, 0x0101_0101, 0xffff_ffff, 0x7f7f_0000][i % 5]
            let picture = try Surface(width: w, height: h, format: color >> 24 == 255 ? .xrgb8888 : .argb8888)
            picture.fill(color)
            let (dw, dh) = (Int.random(in: 1...48, using: &rng), Int.random(in: 1...30, using: &rng))
            let dst = rng.surface(width: dw, height: dh, format: i % 3 == 0 ? .argb8888 : .xrgb8888)
            let m = randomAffine(&rng, dw, dh)
            let opacity: UInt8 = [255, 255, 200, 1, 128][i % 5]
            let clip = i % 2 == 0 ? nil : rng.clip(width: dw, height: dh)
            let want = dst.copy()
            try want.draw(picture, destinationToSource: m, filter: .bilinear, opacity: opacity, clip: clip, path: .reference)
            for path in [KernelPath.fast, .reference] {
                let got = dst.copy()
                try got.fill(color, width: w, height: h, destinationToSource: m, opacity: opacity, clip: clip, path: path)
                #expect(got.pixelBytes == want.pixelBytes, "fill #\(i) \(w)x\(h) \(path) opacity \(opacity) \(m)")
            }
            let spans = (0..<dh).map { RowSpan(y: $0, x0: Int.random(in: -2...dw, using: &rng), x1: Int.random(in: 0...dw + 2, using: &rng)) }
            let wantSpans = dst.copy(), gotSpans = dst.copy()
            try spans.withUnsafeBufferPointer { b throws(RasterError) in
                try wantSpans.draw(picture, destinationToSource: m, filter: .bilinear, opacity: opacity, spans: b, path: .reference)
                try gotSpans.fill(color, width: w, height: h, destinationToSource: m, opacity: opacity, spans: b)
            }
            #expect(gotSpans.pixelBytes == wantSpans.pixelBytes, "fill on spans #\(i)")
        }
    }

    func randomAffine(_ rng: inout SeededRandom, _ w: Int, _ h: Int) -> Matrix3 {
        let a = Double.random(in: -3.2...3.2, using: &rng), s = Double.random(in: 0.3...2.5, using: &rng)
        let sh = Double.random(in: -0.4...0.4, using: &rng)
        let tx = Double.random(in: -Double(w)...Double(w), using: &rng)
        let ty = Double.random(in: -Double(h)...Double(h), using: &rng)
        // Destination to source: rotate by a, scale by 1/s, shear, then translate.
        let c = cosine(a) / s, n = sine(a) / s
        return Matrix3(rows: [[c, -n + sh, tx], [n, c, ty], [0, 0, 1]])
    }

    /// A page of the destination's size turned about its left edge by 10...80 degrees,
    /// as the bench's page, scaled for precision.
    func randomProjective(_ rng: inout SeededRandom, _ w: Int, _ h: Int) -> Matrix3 {
        let th = Double.random(in: 0.17...1.4, using: &rng)
        let c = cosine(th), p = sine(th) / Double.random(in: 20...400, using: &rng)
        let W = Double(w), H = Double(h)
        // Forward page -> screen (spine at x = 0); its inverse up to scale (adjugate).
        let f = [[c, 0, 0], [p * H / 2, 1, 0], [p, 0, 1]]
        let adj = [
            [f[1][1] * f[2][2] - f[1][2] * f[2][1], f[0][2] * f[2][1] - f[0][1] * f[2][2], f[0][1] * f[1][2] - f[0][2] * f[1][1]],
            [f[1][2] * f[2][0] - f[1][0] * f[2][2], f[0][0] * f[2][2] - f[0][2] * f[2][0], f[0][2] * f[1][0] - f[0][0] * f[1][2]],
            [f[1][0] * f[2][1] - f[1][1] * f[2][0], f[0][1] * f[2][0] - f[0][0] * f[2][1], f[0][0] * f[1][1] - f[0][1] * f[1][0]],
        ]
        let k = 100.0 / max(W, H, 1)
        return Matrix3(rows: adj.map { $0.map { $0 * k * 16 } })
    }
}

// Double sine and cosine for building test matrices (Glibc's, tests only).
#if canImport(Glibc)
    import Glibc
    func sine(_ x: Double) -> Double { Glibc.sin(x) }
    func cosine(_ x: Double) -> Double { Glibc.cos(x) }
#endif
