import Raster
import Testing

@testable import Compositor

/// Painting in bands on several threads gives the very same picture as painting alone.
@Suite struct PaintThreadsTests {
    func render(threads: Int) throws -> Surface {
        let (w, h) = (320, 240)  // above PaintPool.minimumPixels, so it really splits
        let c = Compositor(width: w, height: h, paintThreads: threads)
        let backdrop = Layer(frame: Rect2D(x: 0, y: 0, width: 320, height: 240))
        backdrop.contents = .image(TestImages.gradient(width: 320, height: 240))
        c.root.addSublayer(backdrop)
        for i in 0..<6 {
            let l = Layer(frame: Rect2D(x: Double(20 + 45 * i), y: Double(30 + 25 * i), width: 90, height: 70))
            l.contents = .image(i % 2 == 0 ? TestImages.gradient(width: 90, height: 70) : TestImages.disc(size: 70))
            l.transform = i % 3 == 2
                ? Transform3D.perspective(eyeDistance: 400).rotated(angle: 0.6, x: 0, y: 1, z: 0)
                : .rotation(angle: 0.2 * Double(i), x: 0, y: 0, z: 1)
            l.opacity = i == 3 ? 0.7 : 1
            c.root.addSublayer(l)
        }
        let target = TestImages.target(width: w, height: h)
        _ = try c.render(into: target, bufferAge: 0)
        return target
    }

    @Test func bandsOnThreadsPaintTheSamePicture() throws {
        let alone = try render(threads: 0)
        for threads in [1, 2, 3] {
            #expect(TestImages.firstDifference(try render(threads: threads), alone) == nil, "\(threads) threads")
        }
    }
}
