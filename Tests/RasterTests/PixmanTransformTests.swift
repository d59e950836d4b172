import CPixman
import FixedPoint
import Raster
import Testing

/// Transformed draws (`Surface.draw(_:destinationToSource:...)`) against pixman 0.42: the
/// same Q16.16 destination-to-source matrix given to both (pixman's
/// `matrix[i][j] = m.mIJ.raw`), REPEAT_NONE, OVER onto xrgb8888 (and argb8888), with and
/// without a constant opacity (pixman: a solid mask of alpha m * 257), both `KernelPath`s,
/// random sizes (1x1 and odd widths included), strides and clips. Sources are mostly
/// premultiplied argb8888 (alpha 0 and 255 included), sometimes xrgb8888 with a junk top
/// byte. xrgb8888 destinations are compared on r, g, b only.
@Suite("Transformed draws against pixman")
struct PixmanTransformTests {
    /// One random case: what to draw, where, through which matrix.
    struct Case {
        var src: Surface
        var dst: Surface
        var m: Matrix3
        var clip: PixelRect?
        var opacity: UInt8
        var text: String
    }

    /// The matrix's raw Q16.16 entries, row by row: enough to replay a case.
    static func raws(_ m: Matrix3) -> String {
        "[\(m.entries.map { String($0.raw) }.joined(separator: ", "))]"
    }

    /// Random source, destination (`destination`, or up to 40x32), clip and opacity, the
    /// source's size from `sourceSize` (given the destination's) and the matrix from
    /// `matrix` (given both sizes).
    static func makeCase(
        _ rng: inout PixmanRandom, trial: Int, withOpacity: Bool, destination: (Int, Int)? = nil,
        sourceSize: (inout PixmanRandom, _ dw: Int, _ dh: Int) -> (Int, Int),
        matrix: (inout PixmanRandom, _ sw: Int, _ sh: Int, _ dw: Int, _ dh: Int) -> (Matrix3, String)
    ) -> Case {
        let sf: PixelFormat = trial % 4 == 3 ? .xrgb8888 : .argb8888
        let df: PixelFormat = trial % 3 == 2 ? .argb8888 : .xrgb8888
        let (dw, dh) = destination ?? (rng.side(40), rng.side(32))
        let (sw, sh) = sourceSize(&rng, dw, dh)
        let src = rng.surface(width: sw, height: sh, format: sf, content: PixmanRandom.sourceContent(sf))
        let dst = rng.surface(width: dw, height: dh, format: df, content: PixmanRandom.destinationContent(df))
        let (m, what) = matrix(&rng, sw, sh, dw, dh)
        let clip = rng.clip(width: dw, height: dh)
        let opacity: UInt8 = withOpacity ? (rng.oneIn(10) ? 0 : UInt8(rng.int(1...254))) : 255
        return Case(
            src: src, dst: dst, m: m, clip: clip, opacity: opacity,
            text:
                "trial \(trial): \(sf) \(sw)x\(sh) -> \(df) \(dw)x\(dh), \(what), m = \(raws(m)), opacity \(opacity), clip \(String(describing: clip))"
        )
    }

    /// Draws `c` with Vitrine (into `c.dst`) and with pixman (into the returned copy of
    /// the destination as it was, also returned).
    static func drawBoth(_ c: Case, filter: SampleFilter, path: KernelPath) throws -> (pixman: Surface, before: Surface)
    {
        let ref = PixmanOracle.clone(c.dst)
        let before = PixmanOracle.clone(c.dst)
        try c.dst.draw(c.src, destinationToSource: c.m, filter: filter, opacity: c.opacity, clip: c.clip, path: path)
        let r = c.clip.map { $0.intersection(ref.bounds) } ?? ref.bounds
        let s = PixmanImage(c.src)
        s.setTransform(c.m, filter: filter)
        let mask = c.opacity == 255 ? nil : PixmanImage(solid: UInt32(c.opacity) << 24)
        // Source origin = destination origin: pixman maps destination pixel centres
        // through the transform, as Vitrine does.
        PixmanOracle.composite(
            PIXMAN_OP_OVER, s, mask: mask, into: PixmanImage(ref), rect: r, sourceX: r.x, sourceY: r.y)
        return (ref, before)
    }

    /// A random affine destination-to-source matrix: the inverse (in Double, bottom row
    /// then forced to 0 0 1) of source -> destination = translate(tx, ty) rotate(angle)
    /// scale(sx, sy) translate(-sw/2, -sh/2). Kinds: pure translations (whole or
    /// fractional), quarter turns, axis-aligned scales (pixman's scaled fast paths,
    /// flips included), rotations with magnifications 3...8, and general rotations with
    /// scales 0.3...2.5.
    static func randomAffine(_ rng: inout PixmanRandom, _ sw: Int, _ sh: Int, _ dw: Int, _ dh: Int) -> (Matrix3, String)
    {
        typealias G = PixmanGeometry
        var angle = 0.0
        var sx = 1.0
        var sy = 1.0
        let kind = rng.int(0...9)
        switch kind {
        case 0: break
        case 1: angle = Double(90 * rng.int(-2...3))
        case 2:
            sx = rng.double(0.3...2.5)
            sy = rng.oneIn(3) ? sx : rng.double(0.3...2.5)
            if rng.oneIn(4) { sx = -sx }
            if rng.oneIn(4) { sy = -sy }
        case 3:  // strong magnification: the bilinear weights' every bit shows
            angle = rng.double(-180...180)
            sx = rng.double(3...8)
            sy = sx
        default:
            angle = rng.double(-180...180)
            sx = rng.double(0.3...2.5)
            sy = rng.oneIn(2) ? sx : rng.double(0.3...2.5)
            if rng.oneIn(8) { sx = -sx }
        }
        var tx = rng.double(-3...(Double(dw) + 3))
        var ty = rng.double(-3...(Double(dh) + 3))
        if kind <= 1 && rng.oneIn(2) {
            // Whole-pixel placement (pixman then reduces BILINEAR to NEAREST).
            tx = (tx - Double(sw) / 2).rounded() + Double(sw) / 2
            ty = (ty - Double(sh) / 2).rounded() + Double(sh) / 2
        }
        var f = G.translate(-Double(sw) / 2, -Double(sh) / 2)
        f = G.mul(G.scale(sx, sy), f)
        f = G.mul(G.rotate(degrees: angle), f)
        f = G.mul(G.translate(tx, ty), f)
        var inv = G.inverse(f)
        inv[2] = [0, 0, 1]
        return (
            Matrix3(rows: inv),
            "affine angle \(angle) scale (\(sx), \(sy)) centre at (\(tx), \(ty))"
        )
    }

    /// Affine bilinear, BILINEAR filter. Tolerance 1 per channel: Vitrine evaluates
    /// positions as pixman_transform_point_3d does (one rounding, ties up), steps them by
    /// m00, m10 as pixman's fetchers do, and takes pixman's 7-bit weights, so both read
    /// the same four pixels with the same weights; pixman blends them as
    /// floor(sum / 16384) in 64 bits (its SSE2 scaled paths give the same integers),
    /// while Vitrine's 16-bit-lane blend (`bilinear` in Bilinear.swift) drops two
    /// fraction bits of each column first and may give one less, which OVER carries
    /// through as at most one unit either way.
    static let affineBilinearTolerance = 1

    /// Affine nearest, NEAREST filter. Tolerance 0 (exact): both take
    /// floor(position - 1/65536).
    static let affineNearestTolerance = 0

    /// With opacity (solid mask m * 257, m in 0...254): the same tolerances as without,
    /// since both scale the sample by MUL_UN8(s, m) before OVER.
    @Test(arguments: KernelPath.allCases, [false, true])
    func affineBilinear(path: KernelPath, withOpacity: Bool) throws {
        try runAffine(
            filter: .bilinear, path: path, withOpacity: withOpacity, seed: 0xAFF1_0001,
            tolerance: Self.affineBilinearTolerance)
    }

    @Test(arguments: KernelPath.allCases, [false, true])
    func affineNearest(path: KernelPath, withOpacity: Bool) throws {
        try runAffine(
            filter: .nearest, path: path, withOpacity: withOpacity, seed: 0xAFF1_0002,
            tolerance: Self.affineNearestTolerance)
    }

    func runAffine(filter: SampleFilter, path: KernelPath, withOpacity: Bool, seed: UInt64, tolerance: Int) throws {
        var rng = PixmanRandom(seed: seed &+ (withOpacity ? 1 << 32 : 0))
        var tally = PixmanTally("affine \(filter)\(withOpacity ? " with opacity" : "") \(path)")
        for trial in 0..<600 {
            let c = Self.makeCase(
                &rng, trial: trial, withOpacity: withOpacity, sourceSize: { r, _, _ in (r.side(24), r.side(24)) },
                matrix: Self.randomAffine)
            let (ref, before) = try Self.drawBoth(c, filter: filter, path: path)
            tally.add(PixmanOracle.compare(c.dst, ref, before: before), c.text)
        }
        tally.check(tolerance: tolerance)
    }

    /// A page-turn homography like the bench's projective_bilinear at small sizes: the
    /// sw x sh page turned 10...80 degrees about its spine at x = spineX (W/2 or left of
    /// it), its middle at midY, seen with m34 = -1/eye, eye 2000 (the bench's) or close
    /// enough for strong perspective while the horizon stays right of the destination;
    /// inverted in Double and normalized as pixbench does (components <= 30000 over the
    /// destination, w > 0, m20 a whole number of 1/65536).
    static func randomPage(_ rng: inout PixmanRandom, _ sw: Int, _ sh: Int, _ dw: Int, _ dh: Int) -> (Matrix3, String) {
        typealias G = PixmanGeometry
        let angle = rng.double(10...80)
        let spineX = rng.oneIn(2) ? Double(dw / 2) : rng.double(0...(Double(dw) / 2))
        let midY = Double(dh) / 2 + rng.double(-Double(dh) / 4...Double(dh) / 4)
        let tanA = G.rotate(degrees: angle)[1][0] / G.rotate(degrees: angle)[0][0]
        // The horizon is at X = spineX + eye / tan(angle); keep it beyond W + 1.
        let eye = rng.oneIn(3) ? 2000 : tanA * (Double(dw) + 1 - spineX) * rng.double(1.3...6)
        let f = G.pageForward(degrees: angle, eye: eye, spineX: spineX, midY: midY, pageHeight: Double(sh))
        let inv = G.normalizeHomography(G.inverse(f), width: dw, height: dh, limit: 30000)!
        return (
            Matrix3(rows: inv),
            "page angle \(angle) eye \(eye) spine x \(spineX) mid y \(midY)"
        )
    }

    /// Whether destination pixel (x, y) is on the page, where pixman's projective fetch is
    /// right: its exact (Double) source position through the Q16.16 matrix `m` has w > 0,
    /// 1/256 <= u < sw + 0.5 and 1/256 <= v < sh + 0.5. (pixman 0.42 divides u and v as
    /// unsigned, so where either is negative its samples are meaningless; see
    /// the Performance article.)
    static func onPage(_ m: Matrix3, sw: Int, sh: Int, x: Int, y: Int) -> Bool {
        let (uh, vh, wh) = PixmanGeometry.apply(m.rowsAsDoubles, Double(x) + 0.5, Double(y) + 0.5)
        guard wh > 0 else { return false }
        let u = uh / wh
        let v = vh / wh
        return u >= 1.0 / 256 && v >= 1.0 / 256 && u < Double(sw) + 0.5 && v < Double(sh) + 0.5
    }

    /// Projective bilinear, compared on the page (`onPage`) inside the clip and everywhere
    /// outside the clip (untouched by both). Tolerance 1 per channel: both round
    /// (uh, vh, wh) once per pixel centre and divide (uh << 16) / wh truncating (the same
    /// for positive components), so they sample the same positions; the blends differ
    /// as in `affineBilinearTolerance`.
    static let projectiveTolerance = 1

    @Test(arguments: KernelPath.allCases, [false, true])
    func projectiveBilinear(path: KernelPath, withOpacity: Bool) throws {
        var rng = PixmanRandom(seed: 0x9A6E_0001 &+ (withOpacity ? 1 << 32 : 0))
        var tally = PixmanTally("projective bilinear\(withOpacity ? " with opacity" : "") \(path)")
        for trial in 0..<500 {
            // The page: up to half the destination wide, up to its full height.
            let c = Self.makeCase(
                &rng, trial: trial, withOpacity: withOpacity, destination: (rng.int(4...48), rng.int(4...40)),
                sourceSize: { r, dw, dh in (r.side(max(1, dw / 2)), r.side(dh)) }, matrix: Self.randomPage)
            let (m, sw, sh) = (c.m, c.src.width, c.src.height)

            let (ref, before) = try Self.drawBoth(c, filter: .bilinear, path: path)
            let r = c.clip.map { $0.intersection(ref.bounds) } ?? ref.bounds
            let diff = PixmanOracle.compare(c.dst, ref, before: before) { x, y in
                !r.contains(x: x, y: y) || Self.onPage(m, sw: sw, sh: sh, x: x, y: y)
            }
            tally.add(diff, c.text)
        }
        tally.check(tolerance: Self.projectiveTolerance)
    }

    /// The bilinear sample itself: drawn at opacity 255 onto a transparent argb8888
    /// destination, where OVER leaves the sample as it is (s + 0), through the affine and
    /// the page matrices, compared on every drawn pixel (page pixels only for the page).
    /// Tolerance: Vitrine's channel is pixman's or one less, never more, as Bilinear.swift
    /// documents (its 16-bit-lane blend floors twice where pixman floors once).
    static let sampleBelowTolerance = 1
    static let sampleAboveTolerance = 0

    @Test(arguments: KernelPath.allCases, [false, true])
    func bilinearSamplesArePixmansOrOneLess(path: KernelPath, projective: Bool) throws {
        var rng = PixmanRandom(seed: 0x5A3B_0001 &+ (projective ? 1 << 32 : 0))
        var tally = PixmanTally("bilinear samples\(projective ? " (page)" : "") \(path)")
        for trial in 0..<300 {
            let sf: PixelFormat = trial % 4 == 3 ? .xrgb8888 : .argb8888
            let dw = rng.int(4...40)
            let dh = rng.int(4...32)
            let sw = projective ? rng.side(max(1, dw / 2)) : rng.side(24)
            let sh = projective ? rng.side(dh) : rng.side(24)
            let src = rng.surface(width: sw, height: sh, format: sf, content: PixmanRandom.sourceContent(sf))
            let dst = try Surface(width: dw, height: dh, format: .argb8888)
            let (m, what) = projective ? Self.randomPage(&rng, sw, sh, dw, dh) : Self.randomAffine(&rng, sw, sh, dw, dh)
            let c = Case(
                src: src, dst: dst, m: m, clip: nil, opacity: 255,
                text:
                    "trial \(trial): \(sf) \(sw)x\(sh) -> transparent argb8888 \(dw)x\(dh), \(what), m = \(Self.raws(m))"
            )
            let (ref, before) = try Self.drawBoth(c, filter: .bilinear, path: path)
            let diff = PixmanOracle.compare(dst, ref, before: before) { x, y in
                !projective || Self.onPage(m, sw: sw, sh: sh, x: x, y: y)
            }
            tally.add(diff, c.text)
        }
        tally.check(tolerance: Self.sampleBelowTolerance)
        #expect(tally.maxAbove <= Self.sampleAboveTolerance, "\(tally.name): Vitrine above pixman by \(tally.maxAbove)")
    }
}
