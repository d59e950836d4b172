import CAllocCount
import Compositor
import Raster
import Testing

/// Occlusion by transformed opaque pictures allocates nothing per frame in steady state:
/// a stack of turning opaque pictures (affine and in perspective) over a backdrop, every
/// frame planned row by row, the planner's storage kept from frame to frame. Counted on
/// the calling thread, which paints a whole small frame alone (no paint threads) and a
/// band of a large one (one paint thread).
@Suite struct OcclusionAllocationTests {
    static func picture(_ w: Int, _ h: Int) -> Surface {
        let s = try! Surface(width: w, height: h, format: .xrgb8888)
        for y in 0..<h {
            for x in 0..<w { s[x, y] = 0xff00_0000 | UInt32(x & 0xff) << 16 | UInt32(y & 0xff) << 8 | 0x40 }
        }
        return s
    }

    @Test(arguments: [(0, 160, 120), (1, 480, 320)])
    func turningOpaquePicturesAllocateNothing(threads: Int, width: Int, height: Int) throws {
        let c = Compositor(width: width, height: height, paintThreads: threads)
        let (w, h) = (Double(width), Double(height))
        c.root.addSublayer(Layer(frame: Rect2D(x: 0, y: 0, width: w, height: h), contents: .color(0xff20_2020)))
        var layers: [Layer] = []
        for i in 0..<6 {
            let l = Layer(
                frame: Rect2D(x: w * Double(i) / 8, y: h * 0.2, width: w * 0.4, height: h * 0.6),
                contents: .image(Self.picture(64, 48)))
            c.root.addSublayer(l)
            layers.append(l)
        }
        let target = try Surface(width: width, height: height, format: .xrgb8888)
        var counts: [UInt] = []
        counts.reserveCapacity(40)
        var occluded = 0
        for frame in 0..<40 {
            let t = Double(frame) / 30
            for (i, l) in layers.enumerated() {
                l.transform =
                    i % 2 == 0
                    ? .rotation(angle: 0.3 * t + Double(i), x: 0, y: 0, z: 1)
                    : Transform3D.perspective(eyeDistance: 500).rotated(angle: 0.5 * t - 0.6, x: 0, y: 1, z: 0)
            }
            let before = vitrine_thread_allocations()
            occluded += try c.render(into: target, bufferAge: 1).occludedPixels
            counts.append(vitrine_thread_allocations() - before)
        }
        #expect(occluded > 0)
        let steady = counts.dropFirst(3)
        #expect(steady.allSatisfy { $0 == 0 }, "allocations per frame: \(Array(steady))")
    }
}
