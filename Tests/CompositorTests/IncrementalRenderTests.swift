import FixedPoint
import Raster
import Testing
import VitrineTestSupport

@testable import Compositor

/// The compositor's central promise: repainting only the damage gives the same picture
/// as repainting everything. Random trees, random changes, frame after frame.
@Suite struct IncrementalRenderTests {
    struct Rng {
        var base: SplitMix64
        init(state: UInt64) { base = SplitMix64(seed: state) }
        mutating func int(_ n: Int) -> Int { Int(base.next() % UInt64(n)) }
        mutating func double(_ lo: Double, _ hi: Double) -> Double {
            lo + (hi - lo) * Double(base.next() >> 11) / Double(1 << 53)
        }
    }

    @Test(arguments: Array(UInt64(1)...12)) func damageRepaintEqualsFullRepaint(seed: UInt64) throws {
        var rng = Rng(state: seed)
        let (w, h) = (64, 48)
        let c = Compositor(width: w, height: h)
        let images = [TestImages.gradient(width: 12, height: 9), TestImages.disc(size: 10)]
        var layers: [Layer] = []
        for i in 0..<8 {
            let l = Layer(name: "l\(i)", frame: Rect2D(x: rng.double(-5, 55), y: rng.double(-5, 40), width: 12, height: 9))
            switch rng.int(3) {
            case 0: l.contents = .image(images[rng.int(2)])
            case 1: l.contents = .color(rng.int(2) == 0 ? 0xff80_4020 : 0x8040_2010)
            default: break
            }
            let parents = [c.root] + layers
            parents[rng.int(parents.count)].addSublayer(l)
            layers.append(l)
        }
        // Two buffers, as a double-buffered display: each frame draws into the older.
        let buffers = [TestImages.target(width: w, height: h), TestImages.target(width: w, height: h)]
        let reference = TestImages.target(width: w, height: h)
        for frame in 0..<60 {
            for _ in 0..<(1 + rng.int(3)) {
                let l = layers[rng.int(layers.count)]
                let op = rng.int(9)
                switch op {
                case 0: l.position = Point2D(x: rng.double(0, 60), y: rng.double(0, 45))
                case 1: l.position.x += Double(rng.int(7) - 3)
                case 2: l.opacity = [1, 0.5, 0][rng.int(3)]
                case 3: l.isHidden.toggle()
                case 4: l.transform = .rotation(angle: rng.double(-1, 1), x: 0, y: 0, z: 1)
                case 5: l.transform = Transform3D.perspective(eyeDistance: 300).rotated(angle: rng.double(-1, 1), x: 0, y: 1, z: 0)
                case 6: l.zPosition = Double(rng.int(3))
                case 7: l.masksToBounds.toggle()
                default:
                    // Move it elsewhere in the tree (never under itself).
                    let candidates = [c.root] + layers.filter { $0 !== l && !$0.isDescendant(of: l) }
                    candidates[rng.int(candidates.count)].addSublayer(l)
                }
            }
            let target = buffers[frame % 2]
            // Each frame is two renders (the reference's too, which changes nothing), so
            // the older buffer was last drawn 4 renders ago.
            _ = try c.render(into: target, bufferAge: frame < 2 ? 0 : 4)
            _ = try c.render(into: reference, bufferAge: 0)
            if let diff = TestImages.firstDifference(target, reference) {
                Issue.record("seed \(seed) frame \(frame): damage repaint differs from full repaint at \(diff)")
                return
            }
        }
    }
}
