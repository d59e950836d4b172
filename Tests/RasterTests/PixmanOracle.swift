import CPixman
import FixedPoint
import Raster
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// pixman as the oracle for Raster's kernels (the Testing article): the same inputs composed by
// both, then compared pixel by pixel. pixman works directly on the Surfaces' memory.

/// A pixman image: either bits over a `Surface`'s memory (no copy; the surface is kept
/// alive with it) or a solid colour. Released with the wrapper.
final class PixmanImage {
    let handle: OpaquePointer
    /// The surface whose memory the image uses, kept alive as long as the image.
    private let surface: Surface?

    /// Bits over `surface`'s memory, same size, stride and format.
    init(_ surface: Surface) {
        precondition(surface.stride % 4 == 0, "pixman_image_create_bits needs a stride that is a multiple of 4")
        let h = pixman_image_create_bits(
            PixmanImage.format(surface.format), Int32(surface.width), Int32(surface.height),
            surface.baseAddress.assumingMemoryBound(to: UInt32.self), Int32(surface.stride))
        self.handle = h!
        self.surface = surface
    }

    /// A solid colour from an 8-bit `0xAARRGGBB`, each channel widened to 16 bits as
    /// c * 257 (so pixman's 8-bit view of it, c16 >> 8, is c again).
    init(solid argb: UInt32) {
        func c16(_ shift: UInt32) -> UInt16 { UInt16((argb >> shift) & 0xff) * 257 }
        var color = pixman_color_t(red: c16(16), green: c16(8), blue: c16(0), alpha: c16(24))
        self.handle = pixman_image_create_solid_fill(&color)!
        self.surface = nil
    }

    deinit { pixman_image_unref(handle) }

    static func format(_ f: PixelFormat) -> pixman_format_code_t {
        switch f {
        case .argb8888: PIXMAN_a8r8g8b8
        case .xrgb8888: PIXMAN_x8r8g8b8
        case .rgb565: PIXMAN_r5g6b5
        case .a8: PIXMAN_a8
        }
    }

    /// Sets `m` (destination to source) as the image's transform, entry for entry
    /// (`matrix[i][j] = m.mIJ.raw`), with `filter` and REPEAT_NONE.
    func setTransform(_ m: Matrix3, filter: SampleFilter) {
        var t = pixman_transform_t(
            matrix: (
                (m.m00.raw, m.m01.raw, m.m02.raw), (m.m10.raw, m.m11.raw, m.m12.raw),
                (m.m20.raw, m.m21.raw, m.m22.raw)
            ))
        let ok = pixman_image_set_transform(handle, &t)
        precondition(ok != 0, "pixman_image_set_transform failed")
        pixman_image_set_filter(handle, filter == .bilinear ? PIXMAN_FILTER_BILINEAR : PIXMAN_FILTER_NEAREST, nil, 0)
        pixman_image_set_repeat(handle, PIXMAN_REPEAT_NONE)
    }
}

enum PixmanOracle {
    /// `pixman_image_composite32` over the destination rectangle `rect` (already cut to
    /// the destination), reading the source from (`sourceX`, `sourceY`) on; a solid
    /// `mask` is position-independent.
    static func composite(
        _ op: pixman_op_t, _ src: PixmanImage, mask: PixmanImage? = nil, into dst: PixmanImage, rect: PixelRect,
        sourceX: Int, sourceY: Int
    ) {
        guard !rect.isEmpty else { return }
        pixman_image_composite32(
            op, src.handle, mask?.handle, dst.handle, Int32(sourceX), Int32(sourceY), 0, 0, Int32(rect.x),
            Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }

    /// A new surface with the same size, format, stride and bytes as `s`.
    static func clone(_ s: Surface) -> Surface {
        let c = try! Surface(width: s.width, height: s.height, format: s.format, stride: s.stride)
        c.baseAddress.copyMemory(from: s.baseAddress, byteCount: s.stride * s.height)
        return c
    }

    /// Pixel (x, y) of any format as an unsigned integer.
    static func pixel(_ s: Surface, _ x: Int, _ y: Int) -> UInt32 {
        switch s.format.bytesPerPixel {
        case 4: s.row(y, as: UInt32.self)[x]
        case 2: UInt32(s.row(y, as: UInt16.self)[x])
        default: UInt32(s.row(y, as: UInt8.self)[x])
        }
    }

    /// The channels compared for `format`, as (shift, mask) pairs: a, r, g, b for
    /// argb8888; r, g, b for xrgb8888 (its top byte is ignored: pixman writes 0 there on
    /// some paths, Vitrine 0xff); r5, g6, b5 for rgb565; the byte for a8.
    static func channels(_ format: PixelFormat) -> [(UInt32, UInt32)] {
        switch format {
        case .argb8888: [(24, 0xff), (16, 0xff), (8, 0xff), (0, 0xff)]
        case .xrgb8888: [(16, 0xff), (8, 0xff), (0, 0xff)]
        case .rgb565: [(11, 0x1f), (5, 0x3f), (0, 0x1f)]
        case .a8: [(0, 0xff)]
        }
    }

    /// Compares `vitrine` with `pixman` (same size and format) at every pixel for which
    /// `include` holds: the largest per-channel difference (in the format's channel units)
    /// and the first pixel showing it.
    /// `before` (the destination before either drew) counts the compared pixels pixman
    /// changed, to show that a test exercises the kernel at all.
    static func compare(
        _ vitrine: Surface, _ pixman: Surface, before: Surface? = nil, include: (Int, Int) -> Bool = { _, _ in true }
    ) -> PixmanDiff {
        precondition(
            vitrine.width == pixman.width && vitrine.height == pixman.height && vitrine.format == pixman.format)
        let ch = channels(vitrine.format)
        var d = PixmanDiff()
        for y in 0..<vitrine.height {
            for x in 0..<vitrine.width where include(x, y) {
                let a = pixel(vitrine, x, y)
                let b = pixel(pixman, x, y)
                var diff = 0
                for (shift, mask) in ch {
                    let ca = Int((a >> shift) & mask)
                    let cb = Int((b >> shift) & mask)
                    diff = max(diff, abs(ca - cb))
                    d.maxAbove = max(d.maxAbove, ca - cb)
                    d.maxBelow = max(d.maxBelow, cb - ca)
                }
                d.compared += 1
                if diff > 0 { d.differing += 1 }
                if let before, pixel(before, x, y) != b { d.changed += 1 }
                if diff > d.maxDiff {
                    d.maxDiff = diff
                    d.worst = (x, y, a, b)
                }
            }
        }
        return d
    }
}

/// One comparison's result.
struct PixmanDiff {
    /// Largest per-channel difference seen.
    var maxDiff = 0
    /// Largest amount by which a Vitrine channel exceeds pixman's, and falls short of it.
    var maxAbove = 0
    var maxBelow = 0
    var compared = 0
    var differing = 0
    /// Compared pixels that pixman changed (when the comparison was given `before`).
    var changed = 0
    /// The first pixel with the largest difference: position, Vitrine's value, pixman's.
    var worst: (x: Int, y: Int, vitrine: UInt32, pixman: UInt32)?
}

/// The results of many trials of one test, with the trial that showed the largest
/// difference described well enough to replay it.
struct PixmanTally {
    let name: String
    var maxDiff = 0
    var compared = 0
    var differing = 0
    var changed = 0
    var maxAbove = 0
    var maxBelow = 0
    var trials = 0
    var worst = "no difference"

    init(_ name: String) { self.name = name }

    mutating func add(_ d: PixmanDiff, _ context: @autoclosure () -> String) {
        trials += 1
        compared += d.compared
        differing += d.differing
        changed += d.changed
        maxAbove = max(maxAbove, d.maxAbove)
        maxBelow = max(maxBelow, d.maxBelow)
        if d.maxDiff > maxDiff, let w = d.worst {
            maxDiff = d.maxDiff
            worst =
                "\(context()); pixel (\(w.x), \(w.y)): Vitrine 0x\(hex(w.vitrine)), pixman 0x\(hex(w.pixman))"
        }
    }

    /// Expects the largest difference to be at most `tolerance`, and that pixels were
    /// compared at all; prints what was measured.
    func check(tolerance: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        print(
            "pixman oracle: \(name): max diff \(maxDiff) (tolerance \(tolerance); Vitrine above by \(maxAbove), below by \(maxBelow)), \(differing) of \(compared) pixels differ (\(changed) drawn), \(trials) trials; worst: \(worst)"
        )
        #expect(compared > 0 && changed > 0, "\(name): nothing compared or drawn", sourceLocation: sourceLocation)
        #expect(
            maxDiff <= tolerance, "\(name): max diff \(maxDiff) > \(tolerance): \(worst)",
            sourceLocation: sourceLocation)
    }
}

private func hex(_ v: UInt32) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: max(0, 8 - s.count)) + s
}

/// Double 3x3 matrices, row-major, column vectors (p' = M p): the exact transforms the
/// tests build, before they are rounded to `Matrix3`'s Q16.16.
enum PixmanGeometry {
    typealias M3 = [[Double]]

    static func mul(_ a: M3, _ b: M3) -> M3 {
        var r: M3 = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
        for i in 0..<3 {
            for j in 0..<3 {
                var sum: Double = a[i][0] * b[0][j]
                sum += a[i][1] * b[1][j]
                sum += a[i][2] * b[2][j]
                r[i][j] = sum
            }
        }
        return r
    }

    static func inverse(_ m: M3) -> M3 {
        var r: M3 = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
        r[0][0] = m[1][1] * m[2][2] - m[1][2] * m[2][1]
        r[0][1] = m[0][2] * m[2][1] - m[0][1] * m[2][2]
        r[0][2] = m[0][1] * m[1][2] - m[0][2] * m[1][1]
        r[1][0] = m[1][2] * m[2][0] - m[1][0] * m[2][2]
        r[1][1] = m[0][0] * m[2][2] - m[0][2] * m[2][0]
        r[1][2] = m[0][2] * m[1][0] - m[0][0] * m[1][2]
        r[2][0] = m[1][0] * m[2][1] - m[1][1] * m[2][0]
        r[2][1] = m[0][1] * m[2][0] - m[0][0] * m[2][1]
        r[2][2] = m[0][0] * m[1][1] - m[0][1] * m[1][0]
        let det = m[0][0] * r[0][0] + m[0][1] * r[1][0] + m[0][2] * r[2][0]
        return r.map { $0.map { $0 / det } }
    }

    static func translate(_ x: Double, _ y: Double) -> M3 { [[1, 0, x], [0, 1, y], [0, 0, 1]] }
    static func scale(_ x: Double, _ y: Double) -> M3 { [[x, 0, 0], [0, y, 0], [0, 0, 1]] }
    /// y-down pixels: a positive angle turns clockwise on screen.
    static func rotate(degrees: Double) -> M3 {
        let r = degrees * Double.pi / 180
        let c = cos(r)
        let s = sin(r)
        return [[c, -s, 0], [s, c, 0], [0, 0, 1]]
    }

    /// (uh, vh, wh) = m (x, y, 1).
    static func apply(_ m: M3, _ x: Double, _ y: Double) -> (Double, Double, Double) {
        (
            m[0][0] * x + m[0][1] * y + m[0][2], m[1][0] * x + m[1][1] * y + m[1][2],
            m[2][0] * x + m[2][1] * y + m[2][2]
        )
    }

    /// A page turned `degrees` about its left edge (the spine), as the bench's
    /// projective_bilinear and the Architecture article's sign conventions: the sw x sh page's point
    /// (u, v) goes to 3D (u cos, v - sh/2, -u sin), is seen with m34 = -1/`eye`
    /// (w = 1 + u sin / eye), and lands on screen at (spineX + x'/w, midY + y'/w).
    /// Returns the page-to-screen homography.
    static func pageForward(degrees: Double, eye: Double, spineX: Double, midY: Double, pageHeight sh: Double) -> M3 {
        let th = degrees * Double.pi / 180
        let c = cos(th)
        let p = sin(th) / eye
        return [[c + p * spineX, 0, spineX], [p * midY, 1, midY - sh / 2], [p, 0, 1]]
    }

    /// pixbench's `normalize_homography`: `m0` scaled so that every homogeneous component
    /// over the w x h destination grown by 1 px is at most `limit` in magnitude with
    /// w > 0, then shrunk so that m[2][0] is a whole number of 1/65536. Nil when w
    /// changes sign over that rectangle (a horizon inside it).
    static func normalizeHomography(_ m0: M3, width w: Int, height h: Int, limit: Double) -> M3? {
        var maxabs = 0.0
        var wpos = false
        var wneg = false
        for cy in 0..<2 {
            for cx in 0..<2 {
                let x = cx == 1 ? Double(w) + 1 : -1
                let y = cy == 1 ? Double(h) + 1 : -1
                let v = apply(m0, x, y)
                maxabs = max(maxabs, abs(v.0), abs(v.1), abs(v.2))
                if v.2 > 0 { wpos = true } else { wneg = true }
            }
        }
        guard wpos != wneg else { return nil }
        let k = limit / maxabs * (wneg ? -1 : 1)
        var m = m0.map { $0.map { $0 * k } }
        let q = abs(m[2][0]) * 65536
        if q >= 1 {
            let adj = q.rounded(.down) / q
            m = m.map { $0.map { $0 * adj } }
        }
        return m
    }
}
