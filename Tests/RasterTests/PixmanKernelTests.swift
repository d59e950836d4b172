import CPixman
import FixedPoint
import Raster
import Testing

/// The untransformed kernels (fill, copy, over, over with opacity, quarter turns, rgb565
/// conversion) against pixman 0.42 on seeded random inputs: random sizes (1x1 and odd
/// widths included), strides with padding, random clips (at every edge, partly and wholly
/// outside, empty), both `KernelPath`s. Every pixel of the destination is compared, so a
/// pixel written outside the clip shows up too. xrgb8888 destinations are compared on
/// r, g, b only (pixman writes 0 into the top byte on some paths).
@Suite("Raster kernels against pixman")
struct PixmanKernelTests {
    static let formats32: [PixelFormat] = [.xrgb8888, .argb8888]

    /// fill = `pixman_image_fill_rectangles(SRC)` with the colour widened to 16 bits
    /// (c * 257), into argb8888, xrgb8888, rgb565 and a8. Tolerance 0 (exact): both store
    /// the colour itself, truncated to 5-6-5 or to its alpha byte.
    static let fillTolerance = 0

    @Test(arguments: KernelPath.allCases)
    func fill(path: KernelPath) {
        var rng = PixmanRandom(seed: 0xF111_0001)
        var tally = PixmanTally("fill \(path)")
        let formats: [PixelFormat] = [.argb8888, .xrgb8888, .rgb565, .a8]
        for trial in 0..<480 {
            let format = formats[trial % formats.count]
            let w = rng.side(40)
            let h = rng.side(20)
            let dst = rng.surface(width: w, height: h, format: format, content: PixmanRandom.destinationContent(format))
            let ref = PixmanOracle.clone(dst)
            let before = PixmanOracle.clone(dst)
            let color = UInt32(truncatingIfNeeded: rng.next())
            let clip = rng.clip(width: w, height: h)

            dst.fill(color, clip: clip, path: path)

            let r = clip.map { $0.intersection(ref.bounds) } ?? ref.bounds
            if !r.isEmpty {
                let img = PixmanImage(ref)
                func c16(_ shift: UInt32) -> UInt16 { UInt16((color >> shift) & 0xff) * 257 }
                var pc = pixman_color_t(red: c16(16), green: c16(8), blue: c16(0), alpha: c16(24))
                var rect = pixman_rectangle16_t(
                    x: Int16(r.x), y: Int16(r.y), width: UInt16(r.width), height: UInt16(r.height))
                let ok = pixman_image_fill_rectangles(PIXMAN_OP_SRC, img.handle, &pc, 1, &rect)
                #expect(ok != 0)
            }
            tally.add(
                PixmanOracle.compare(dst, ref, before: before),
                "trial \(trial): \(format) \(w)x\(h), color 0x\(String(color, radix: 16)), clip \(String(describing: clip))"
            )
        }
        tally.check(tolerance: Self.fillTolerance)
    }

    /// copy = `composite32(SRC)` from the source placed at an offset, over the clip cut to
    /// the placed source (Vitrine leaves pixels the source doesn't cover alone; pixman's
    /// SRC would clear them). xrgb8888 -> xrgb8888, argb8888 -> argb8888, both mixed
    /// pairs, and rgb565 -> rgb565; xrgb8888 sources carry junk in the top byte, which
    /// both must ignore. Tolerance 0 (exact).
    static let copyTolerance = 0

    @Test(arguments: KernelPath.allCases)
    func copy(path: KernelPath) throws {
        var rng = PixmanRandom(seed: 0xC0B1_0002)
        var tally = PixmanTally("copy \(path)")
        let pairs: [(PixelFormat, PixelFormat)] = [
            (.xrgb8888, .xrgb8888), (.argb8888, .argb8888), (.xrgb8888, .argb8888), (.argb8888, .xrgb8888),
            (.rgb565, .rgb565),
        ]
        for trial in 0..<600 {
            let (sf, df) = pairs[trial % pairs.count]
            let sw = rng.side(32)
            let sh = rng.side(20)
            let dw = rng.side(40)
            let dh = rng.side(24)
            let src = rng.surface(width: sw, height: sh, format: sf, content: PixmanRandom.sourceContent(sf))
            let dst = rng.surface(width: dw, height: dh, format: df, content: PixmanRandom.destinationContent(df))
            let ref = PixmanOracle.clone(dst)
            let before = PixmanOracle.clone(dst)
            let ox = rng.offset(source: sw, destination: dw)
            let oy = rng.offset(source: sh, destination: dh)
            let clip = rng.clip(width: dw, height: dh)

            try dst.copy(from: src, x: ox, y: oy, clip: clip, path: path)

            let r = (clip.map { $0.intersection(ref.bounds) } ?? ref.bounds)
                .intersection(PixelRect(x: ox, y: oy, width: sw, height: sh))
            PixmanOracle.composite(
                PIXMAN_OP_SRC, PixmanImage(src), into: PixmanImage(ref), rect: r, sourceX: r.x - ox, sourceY: r.y - oy)
            tally.add(
                PixmanOracle.compare(dst, ref, before: before),
                "trial \(trial): \(sf) \(sw)x\(sh) -> \(df) \(dw)x\(dh) at (\(ox), \(oy)), clip \(String(describing: clip))"
            )
        }
        tally.check(tolerance: Self.copyTolerance)
    }

    /// over = `composite32(OVER)`, argb8888 (premultiplied, alpha 0 and 255 included) or
    /// xrgb8888 (junk top byte, counts as opaque) onto xrgb8888 and argb8888, at an
    /// offset, inside a clip. Tolerance 0 (exact): Vitrine rounds d * (255 - sa) / 255 as
    /// pixman's MUL_UN8 does.
    static let overTolerance = 0

    /// over with opacity = `composite32(OVER)` with a solid mask of alpha m * 257 (pixman
    /// takes its top 8 bits, m), opacities 0...254. Tolerance 0 (exact): both scale the
    /// source by MUL_UN8(s, m), then composite as `over`.
    static let overOpacityTolerance = 0

    @Test(arguments: KernelPath.allCases, [false, true])
    func over(path: KernelPath, withOpacity: Bool) throws {
        var rng = PixmanRandom(seed: withOpacity ? 0x0BE4_0004 : 0x0BE4_0003)
        var tally = PixmanTally("over\(withOpacity ? " with opacity" : "") \(path)")
        for trial in 0..<720 {
            // Mostly premultiplied sources; an xrgb8888 one every fourth trial.
            let sf: PixelFormat = trial % 4 == 3 ? .xrgb8888 : .argb8888
            let df = Self.formats32[trial % 2]
            // Widths up to 40 so that the 4-pixel vector loop and its tail both run.
            let sw = rng.side(40)
            let sh = rng.side(16)
            let dw = rng.side(40)
            let dh = rng.side(20)
            let src = rng.surface(width: sw, height: sh, format: sf, content: PixmanRandom.sourceContent(sf))
            let dst = rng.surface(width: dw, height: dh, format: df, content: PixmanRandom.destinationContent(df))
            let ref = PixmanOracle.clone(dst)
            let before = PixmanOracle.clone(dst)
            let ox = rng.offset(source: sw, destination: dw)
            let oy = rng.offset(source: sh, destination: dh)
            let clip = rng.clip(width: dw, height: dh)
            let opacity: UInt8 = withOpacity ? (rng.oneIn(8) ? 0 : UInt8(rng.int(1...254))) : 255

            try dst.over(src, x: ox, y: oy, opacity: opacity, clip: clip, path: path)

            let r = (clip.map { $0.intersection(ref.bounds) } ?? ref.bounds)
                .intersection(PixelRect(x: ox, y: oy, width: sw, height: sh))
            let mask = withOpacity ? PixmanImage(solid: UInt32(opacity) << 24) : nil
            PixmanOracle.composite(
                PIXMAN_OP_OVER, PixmanImage(src), mask: mask, into: PixmanImage(ref), rect: r, sourceX: r.x - ox,
                sourceY: r.y - oy)
            tally.add(
                PixmanOracle.compare(dst, ref, before: before),
                "trial \(trial): \(sf) \(sw)x\(sh) over \(df) \(dw)x\(dh) at (\(ox), \(oy)), opacity \(opacity), clip \(String(describing: clip))"
            )
        }
        tally.check(tolerance: withOpacity ? Self.overOpacityTolerance : Self.overTolerance)
    }

    /// rotate = `composite32(SRC)` with a NEAREST, REPEAT_NONE transform mapping each
    /// destination pixel centre to the centre of the source pixel `QuarterTurn`'s table
    /// puts there (for a destination W x H, source sw x sh):
    ///   clockwise90:  [0 1 0; -1 0 W; 0 0 1]  (pixbench's rotate90)
    ///   half:         [-1 0 sw; 0 -1 sh; 0 0 1]
    ///   clockwise270: [0 -1 sw; 1 0 0; 0 0 1]
    /// 32-bit pairs (same and mixed formats) and rgb565. Tolerance 0 (exact).
    static let rotateTolerance = 0

    /// The destination-to-source matrix pixman gets for `turn` of an sw x sh source.
    static func quarterTurnMatrix(_ turn: QuarterTurn, sourceWidth sw: Int, sourceHeight sh: Int) -> Matrix3 {
        let (W, _) = turn.turnedSize(width: sw, height: sh)
        let rows: [[Double]] =
            switch turn {
            case .clockwise90: [[0, 1, 0], [-1, 0, Double(W)], [0, 0, 1]]
            case .half: [[-1, 0, Double(sw)], [0, -1, Double(sh)], [0, 0, 1]]
            case .clockwise270: [[0, -1, Double(sw)], [1, 0, 0], [0, 0, 1]]
            }
        return Matrix3(rows: rows)
    }

    @Test(arguments: KernelPath.allCases)
    func rotate(path: KernelPath) throws {
        var rng = PixmanRandom(seed: 0x2070_0005)
        var tally = PixmanTally("rotate \(path)")
        let pairs: [(PixelFormat, PixelFormat)] = [
            (.xrgb8888, .xrgb8888), (.argb8888, .argb8888), (.rgb565, .rgb565), (.xrgb8888, .argb8888),
            (.argb8888, .xrgb8888),
        ]
        for trial in 0..<540 {
            let (sf, df) = pairs[trial % pairs.count]
            let turn = QuarterTurn.allCases[(trial / pairs.count) % 3]
            // Up to 40 so that the fast path's 32-pixel tiles are crossed.
            let sw = rng.side(40)
            let sh = rng.side(40)
            let (dw, dh) = turn.turnedSize(width: sw, height: sh)
            let src = rng.surface(width: sw, height: sh, format: sf, content: PixmanRandom.sourceContent(sf))
            let dst = rng.surface(width: dw, height: dh, format: df, content: PixmanRandom.destinationContent(df))
            let ref = PixmanOracle.clone(dst)
            let before = PixmanOracle.clone(dst)
            let clip = rng.clip(width: dw, height: dh)

            try dst.rotate(from: src, turn: turn, clip: clip, path: path)

            let r = clip.map { $0.intersection(ref.bounds) } ?? ref.bounds
            let s = PixmanImage(src)
            s.setTransform(Self.quarterTurnMatrix(turn, sourceWidth: sw, sourceHeight: sh), filter: .nearest)
            PixmanOracle.composite(PIXMAN_OP_SRC, s, into: PixmanImage(ref), rect: r, sourceX: r.x, sourceY: r.y)
            tally.add(
                PixmanOracle.compare(dst, ref, before: before),
                "trial \(trial): \(turn) \(sf) \(sw)x\(sh) -> \(df), clip \(String(describing: clip))")
        }
        tally.check(tolerance: Self.rotateTolerance)
    }

    /// convert = `composite32(SRC)` between surfaces of the same size: xrgb8888 (junk top
    /// byte) and argb8888 to rgb565 (truncation, as pixman's CONVERT_8888_TO_0565), and
    /// rgb565 to xrgb8888 and argb8888 (bit replication, alpha 255). Tolerance 0 (exact).
    static let convertTolerance = 0

    @Test(arguments: KernelPath.allCases)
    func convert(path: KernelPath) throws {
        var rng = PixmanRandom(seed: 0x0565_0006)
        var tally = PixmanTally("convert \(path)")
        let pairs: [(PixelFormat, PixelFormat)] = [
            (.xrgb8888, .rgb565), (.argb8888, .rgb565), (.rgb565, .xrgb8888), (.rgb565, .argb8888),
        ]
        for trial in 0..<480 {
            let (sf, df) = pairs[trial % pairs.count]
            let w = rng.side(40)
            let h = rng.side(20)
            let src = rng.surface(width: w, height: h, format: sf, content: PixmanRandom.sourceContent(sf))
            let dst = rng.surface(width: w, height: h, format: df, content: PixmanRandom.destinationContent(df))
            let ref = PixmanOracle.clone(dst)
            let before = PixmanOracle.clone(dst)
            let clip = rng.clip(width: w, height: h)

            try dst.convert(from: src, clip: clip, path: path)

            let r = clip.map { $0.intersection(ref.bounds) } ?? ref.bounds
            PixmanOracle.composite(
                PIXMAN_OP_SRC, PixmanImage(src), into: PixmanImage(ref), rect: r, sourceX: r.x, sourceY: r.y)
            tally.add(
                PixmanOracle.compare(dst, ref, before: before),
                "trial \(trial): \(sf) -> \(df) \(w)x\(h), clip \(String(describing: clip))")
        }
        tally.check(tolerance: Self.convertTolerance)
    }
}

/// The oracle itself: a comparison must see a one-unit difference in any compared
/// channel, and must not see one in xrgb8888's ignored top byte.
@Suite("pixman oracle")
struct PixmanOracleSelfTests {
    @Test(arguments: PixelFormat.allCases)
    func seesOneUnitDifferences(format: PixelFormat) {
        var rng = PixmanRandom(seed: 0x5E1F_0001)
        for _ in 0..<50 {
            let w = rng.side(9)
            let h = rng.side(5)
            let a = rng.surface(width: w, height: h, format: format, content: PixmanRandom.destinationContent(format))
            let b = PixmanOracle.clone(a)
            #expect(PixmanOracle.compare(a, b).maxDiff == 0)
            let x = rng.int(0...(w - 1))
            let y = rng.int(0...(h - 1))
            let channels = PixmanOracle.channels(format)
            let (shift, mask) = channels[rng.int(0...(channels.count - 1))]
            let v = PixmanOracle.pixel(a, x, y)
            // One unit up, or down where the channel is at its maximum.
            let c = (v >> shift) & mask
            let changed = (v & ~(mask << shift)) | ((c == mask ? c - 1 : c + 1) << shift)
            switch format.bytesPerPixel {
            case 4: b.row(y, as: UInt32.self)[x] = changed
            case 2: b.row(y, as: UInt16.self)[x] = UInt16(changed)
            default: b.row(y, as: UInt8.self)[x] = UInt8(changed)
            }
            let d = PixmanOracle.compare(a, b)
            #expect(d.maxDiff == 1 && d.differing == 1 && d.worst?.x == x && d.worst?.y == y)
            if format == .xrgb8888 {
                b.row(y, as: UInt32.self)[x] = v ^ 0xff00_0000
                #expect(PixmanOracle.compare(a, b).maxDiff == 0)
            }
        }
    }
}
