import CPixman
import Raster
import Testing

/// The coverage kernel (`Surface.over(color:coverage:...)`: a glyph's mask drawn in a
/// colour) against pixman's `over_n_8_8888` (a solid source, an a8 mask, OVER) on
/// seeded random inputs: colours with alpha 0, 255 and between, coverage with 0 and 255
/// runs, destinations argb8888 and xrgb8888 (its junk top byte counts as opaque), at an
/// offset, inside a clip. Tolerance 0 (exact), both paths.
@Suite struct CoverageKernelTests {
    @Test(arguments: KernelPath.allCases)
    func coverage(path: KernelPath) throws {
        var rng = PixmanRandom(seed: 0xC0FE_0011)
        var tally = PixmanTally("coverage \(path)")
        let formats: [PixelFormat] = [.argb8888, .xrgb8888]
        for trial in 0..<600 {
            let df = formats[trial % 2]
            let mw = rng.side(40)
            let mh = rng.side(16)
            let dw = rng.side(40)
            let dh = rng.side(20)
            // Coverage: runs of 0, runs of 255, and anything between.
            var mask = [UInt8](repeating: 0, count: mw * mh)
            for i in mask.indices {
                mask[i] = rng.oneIn(3) ? 0 : rng.oneIn(3) ? 255 : UInt8(rng.int(1...254))
            }
            let color: UInt32 = rng.oneIn(4) ? (0xff00_0000 | UInt32(rng.int(0...0xff_ffff))) : rng.premultipliedPixel()
            let dst = rng.surface(width: dw, height: dh, format: df, content: PixmanRandom.destinationContent(df))
            let ref = PixmanOracle.clone(dst)
            let before = PixmanOracle.clone(dst)
            let ox = rng.offset(source: mw, destination: dw)
            let oy = rng.offset(source: mh, destination: dh)
            let clip = rng.clip(width: dw, height: dh)

            try mask.withUnsafeBufferPointer {
                try dst.over(
                    color: color, coverage: $0, coverageWidth: mw, coverageHeight: mh, x: ox, y: oy, clip: clip, path: path)
            }

            // pixman: the mask as an a8 image (rows padded to 4 bytes, as pixman wants).
            let a8 = try Surface(width: mw, height: mh, format: .a8, stride: (mw + 3) & ~3)
            for y in 0..<mh {
                let row = a8.row(y, as: UInt8.self)
                for x in 0..<mw { row[x] = mask[y * mw + x] }
            }
            let r = (clip.map { $0.intersection(ref.bounds) } ?? ref.bounds)
                .intersection(PixelRect(x: ox, y: oy, width: mw, height: mh))
            let (solid, maskImage, refImage) = (PixmanImage(solid: color), PixmanImage(a8), PixmanImage(ref))
            if !r.isEmpty {
                withExtendedLifetime((solid, maskImage, refImage)) {
                    pixman_image_composite32(
                        PIXMAN_OP_OVER, solid.handle, maskImage.handle, refImage.handle, 0, 0, Int32(r.x - ox),
                        Int32(r.y - oy), Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
                }
            }
            tally.add(
                PixmanOracle.compare(dst, ref, before: before),
                "trial \(trial): colour \(String(color, radix: 16)) mask \(mw)x\(mh) -> \(df) \(dw)x\(dh) at (\(ox), \(oy)), clip \(String(describing: clip))"
            )
        }
        tally.check(tolerance: 0)
    }
}
