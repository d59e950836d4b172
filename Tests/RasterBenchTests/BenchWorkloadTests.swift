import CPixman
import FixedPoint
import Raster
@testable import RasterBench
import Testing

/// `vitrine bench` must do the same work as the pixman reference benchmark: the same
/// content through the same transforms. Each workload is run at a small size with the
/// project's kernels and, on the same inputs, with pixman (as pixbench.c does), and the
/// two framebuffers compared.
@Suite struct BenchWorkloadTests {
    /// pixman over a Surface's memory.
    func image(_ s: Surface) -> OpaquePointer {
        let format: pixman_format_code_t =
            switch s.format {
            case .argb8888: PIXMAN_a8r8g8b8
            case .xrgb8888: PIXMAN_x8r8g8b8
            case .rgb565: PIXMAN_r5g6b5
            case .a8: PIXMAN_a8
            }
        return pixman_image_create_bits(
            format, Int32(s.width), Int32(s.height), s.baseAddress.assumingMemoryBound(to: UInt32.self),
            Int32(s.stride))!
    }

    func transform(_ m: Matrix3) -> pixman_transform {
        var t = pixman_transform()
        t.matrix.0 = (m.m00.raw, m.m01.raw, m.m02.raw)
        t.matrix.1 = (m.m10.raw, m.m11.raw, m.m12.raw)
        t.matrix.2 = (m.m20.raw, m.m21.raw, m.m22.raw)
        return t
    }

    /// What pixbench's run_once does for `workload`, on fresh copies of its inputs.
    func pixmanResult(_ workload: BenchWorkload, _ w: Int, _ h: Int) -> Surface {
        let fb = BenchContent.background(width: w, height: h)
        let dst = image(fb)
        defer { pixman_image_unref(dst) }
        func composite(_ op: pixman_op_t, _ src: OpaquePointer, _ mask: OpaquePointer?) {
            pixman_image_composite32(op, src, mask, dst, 0, 0, 0, 0, 0, 0, Int32(w), Int32(h))
        }
        switch workload {
        case .fill:
            var c = pixman_color(red: 0x2020, green: 0x6060, blue: 0xa0a0, alpha: 0xffff)
            let solid = pixman_image_create_solid_fill(&c)!
            composite(PIXMAN_OP_SRC, solid, nil)
            pixman_image_unref(solid)
        case .copy:
            let s = BenchContent.opaque(width: w, height: h)
            let src = image(s)
            composite(PIXMAN_OP_SRC, src, nil)
            pixman_image_unref(src)
        case .over, .overOpacity, .affineBilinear, .projectiveBilinear:
            let s = BenchContent.premultiplied(width: workload == .projectiveBilinear ? w / 2 : w, height: h)
            let src = image(s)
            var mask: OpaquePointer?
            if workload == .overOpacity {
                var a = pixman_color(red: 0, green: 0, blue: 0, alpha: 0xcccc)
                mask = pixman_image_create_solid_fill(&a)
            }
            if workload == .affineBilinear || workload == .projectiveBilinear {
                var t = transform(
                    workload == .affineBilinear
                        ? BenchTransforms.affineInverse(width: w, height: h)
                        : BenchTransforms.projectiveInverse(width: w, height: h))
                _ = pixman_image_set_transform(src, &t)
                _ = pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
                pixman_image_set_repeat(src, PIXMAN_REPEAT_NONE)
            }
            composite(PIXMAN_OP_OVER, src, mask)
            if let mask { pixman_image_unref(mask) }
            pixman_image_unref(src)
        case .rotate90:
            let s = BenchContent.opaque(width: h, height: w)
            let src = image(s)
            var t = transform(Matrix3(rows: [[0, 1, 0], [-1, 0, Double(w)], [0, 0, 1]]))
            _ = pixman_image_set_transform(src, &t)
            _ = pixman_image_set_filter(src, PIXMAN_FILTER_NEAREST, nil, 0)
            composite(PIXMAN_OP_SRC, src, nil)
            pixman_image_unref(src)
        case .toRGB565:
            let opaque = BenchContent.opaque(width: w, height: h)
            let out = try! Surface(width: w, height: h, format: .rgb565)
            let src = image(opaque), o = image(out)
            pixman_image_composite32(PIXMAN_OP_SRC, src, nil, o, 0, 0, 0, 0, 0, 0, Int32(w), Int32(h))
            pixman_image_unref(src)
            pixman_image_unref(o)
            return out
        case .memset, .memcpy:
            break
        }
        return fb
    }

    /// The largest per-channel difference between the two results, colour channels only
    /// (the top byte of xrgb8888 is padding), over the pixels `include` accepts.
    func maxDifference(_ a: Surface, _ b: Surface, include: (Int, Int) -> Bool = { _, _ in true }) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width where include(x, y) {
                let (p, q): (UInt32, UInt32) =
                    a.format == .rgb565
                    ? (UInt32(a.row(y, as: UInt16.self)[x]), UInt32(b.row(y, as: UInt16.self)[x]))
                    : (a[x, y] & 0xff_ffff, b[x, y] & 0xff_ffff)
                for shift: UInt32 in [0, 8, 16] {
                    worst = max(worst, abs(Int((p >> shift) & 0xff) - Int((q >> shift) & 0xff)))
                }
            }
        }
        return worst
    }

    @Test(arguments: BenchWorkload.allCases.filter { $0 != .memset && $0 != .memcpy })
    func sameResultAsPixman(workload: BenchWorkload) {
        let (w, h) = (96, 64)
        let bench = BenchCase(workload, width: w, height: h)
        bench.run()
        let ours = bench.rgb565 ?? bench.framebuffer
        let theirs = pixmanResult(workload, w, h)
        if workload == .projectiveBilinear {
            // Only on the page, away from its spine and top edge: pixman's unsigned
            // division gets positions left of the spine and above the page wrong
            // (the Performance article). The page is the right half, x >= W/2 + 1.
            let m = BenchTransforms.projectiveInverse(width: w, height: h)
            let onPage: (Int, Int) -> Bool = { x, y in
                let X = Double(x) + 0.5, Y = Double(y) + 0.5
                let rows = m.rowsAsDoubles
                let wh = rows[2][0] * X + rows[2][1] * Y + rows[2][2]
                let u = (rows[0][0] * X + rows[0][1] * Y + rows[0][2]) / wh
                let v = (rows[1][0] * X + rows[1][1] * Y + rows[1][2]) / wh
                return u >= 1.0 / 256 && v >= 1.0 / 256 && u < Double(w / 2) + 0.5 && v < Double(h) + 0.5
            }
            #expect(maxDifference(ours, theirs, include: onPage) <= 1)
        } else if workload == .affineBilinear {
            // Bilinear keeps two fewer fraction bits between its two passes, so that
            // it fits 16-bit lanes (Raster/Bilinear.swift): pixman's value or one less.
            #expect(maxDifference(ours, theirs) <= 1)
        } else {
            // The kernels round as pixman does: the same bytes.
            #expect(maxDifference(ours, theirs) == 0, "\(workload.rawValue)")
        }
        // And the workload changed the framebuffer (as pixbench warns when it doesn't).
        if workload != .toRGB565 { #expect(maxDifference(ours, bench.background) > 0) }
    }

    @Test func lineFormatIsPixbenchs() {
        let r = BenchResult(
            workload: .overOpacity, width: 800, height: 480, medianMilliseconds: 0.20649, minMilliseconds: 0.2,
            repetitions: 10)
        #expect(r.line == "over_opacity 800x480 median_ms=0.206 min_ms=0.200 mpix_per_s=1859.7")
    }

    @Test func decimalFormatting() {
        #expect(Decimal.format(0.0005, places: 3) == "0.001")
        #expect(Decimal.format(12.3449, places: 2) == "12.34")
        #expect(Decimal.format(-1.5, places: 0) == "-2")
        #expect(Decimal.format(7, places: 1) == "7.0")
    }

    @Test func contentMatchesPixbenchFormulas() {
        // Spot values computed by hand from pixbench.c's formulas at 64x48.
        let bg = BenchContent.background(width: 64, height: 48)
        // x = 40, y = 10: r = 32 + 96*10/47 = 52, g = 48 + 96*40/63 = 108, b = 128 + 48*((1+0)&1) = 176
        #expect(bg[40, 10] == 0xff34_6cb0)
        let pm = BenchContent.premultiplied(width: 64, height: 48)
        // x = 20, y = 30 (marker): (255, 0, 0) at a = 240 -> r = (255*240+127)/255 = 240
        #expect(pm[20, 30] == 0xf0f0_0000)
        let op = BenchContent.opaque(width: 64, height: 48)
        // grid at x = 0: (240, 240, 240)
        #expect(op[0, 5] == 0xfff0_f0f0)
    }
}
