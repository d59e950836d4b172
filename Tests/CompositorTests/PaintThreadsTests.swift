import Raster
import Testing
import VitrineTestSupport

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

    /// Frame after frame, as the threads' shares of the rows move with their speeds
    /// (`BandShares`): each frame the very picture painted alone.
    @Test func framesAfterTheSharesMovedPaintTheSamePicture() throws {
        let (w, h) = (320, 240)
        let alone = Compositor(width: w, height: h, paintThreads: 0)
        let banded = Compositor(width: w, height: h, paintThreads: 2)
        var spinners: [Layer] = []
        for c in [alone, banded] {
            let backdrop = Layer(frame: Rect2D(x: 0, y: 0, width: 320, height: 240))
            backdrop.contents = .image(TestImages.gradient(width: 320, height: 240))
            c.root.addSublayer(backdrop)
            let l = Layer(frame: Rect2D(x: 40, y: 20, width: 200, height: 180))
            l.contents = .image(TestImages.gradient(width: 200, height: 180))
            c.root.addSublayer(l)
            spinners.append(l)
        }
        for frame in 0..<8 {
            for l in spinners { l.transform = .rotation(angle: 0.15 * Double(frame), x: 0, y: 0, z: 1) }
            let a = TestImages.target(width: w, height: h), b = TestImages.target(width: w, height: h)
            _ = try alone.render(into: a, bufferAge: 0)
            _ = try banded.render(into: b, bufferAge: 0)
            #expect(TestImages.firstDifference(b, a) == nil, "frame \(frame)")
        }
    }
}

/// The threads' shares of a job's rows: cut into bands that cover the region, and moved
/// toward the speeds each thread showed.
@Suite struct BandSharesTests {
    func cut(_ shares: BandShares, _ region: PixelRect, parts: Int) -> [PixelRect] {
        var bands = Array(repeating: PixelRect.empty, count: parts)
        shares.cut(region, parts: parts, into: &bands)
        return bands
    }

    @Test func evenSharesCutEvenBandsThatCoverTheRegion() {
        let s = BandShares(threads: 3)
        let bands = cut(s, PixelRect(x: 5, y: 10, width: 100, height: 90), parts: 3)
        #expect(bands.map(\.height) == [30, 30, 30])
        #expect(bands.map(\.y) == [10, 40, 70])
        #expect(bands.allSatisfy { $0.x == 5 && $0.width == 100 })
        // Two of three threads running: the first two shares, in proportion.
        #expect(cut(s, PixelRect(x: 0, y: 0, width: 10, height: 9), parts: 2).map(\.height) == [5, 4])
    }

    /// Whatever the shares (seeded), the bands follow each other from the region's top
    /// to its bottom, a row at least each when there are rows enough.
    @Test func anyCutCoversTheRegionOnce() {
        var g = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let parts = Int.random(in: 1...5, using: &g), height = Int.random(in: 1...60, using: &g)
            var s = BandShares(threads: parts)
            var bands = Array(repeating: PixelRect.empty, count: parts)
            for _ in 0..<3 {
                s.cut(PixelRect(x: 3, y: 7, width: 20, height: height), parts: parts, into: &bands)
                var y = 7
                for b in bands {
                    #expect(b.y == y && b.height >= (height >= parts ? 1 : 0) && b.x == 3 && b.width == 20)
                    y = b.maxY
                }
                #expect(y == 7 + height)
                let times = (0..<parts).map { _ in Int64.random(in: 1...1_000_000, using: &g) }
                times.withUnsafeBufferPointer { s.learn(bands: bands, parts: parts, nanoseconds: $0.baseAddress!) }
            }
        }
    }

    @Test func aSlowerThreadGetsFewerRows() {
        var s = BandShares(threads: 2)
        var bands = cut(s, PixelRect(x: 0, y: 0, width: 64, height: 120), parts: 2)
        // The first thread took twice as long for its 60 rows: its speed is a third of
        // the sum, and one job moves its share half way there, from 1/2 to 5/12.
        let times: [Int64] = [2_000_000, 1_000_000]
        times.withUnsafeBufferPointer { s.learn(bands: bands, parts: 2, nanoseconds: $0.baseAddress!) }
        #expect(abs(s.shares[0] - 5.0 / 12) < 1e-12 && abs(s.shares[1] - 7.0 / 12) < 1e-12)
        bands = cut(s, PixelRect(x: 0, y: 0, width: 64, height: 120), parts: 2)
        #expect(bands.map(\.height) == [50, 70])
    }

    @Test func aThreadKeepsAQuarterOfAnEvenShareAndAtLeastARow() {
        var s = BandShares(threads: 2)
        let region = PixelRect(x: 0, y: 0, width: 64, height: 4)
        for _ in 0..<40 {
            let bands = cut(s, region, parts: 2)
            #expect(bands.allSatisfy { $0.height >= 1 } && bands[0].y == 0 && bands[1].maxY == 4)
            let times: [Int64] = [1_000_000_000, 1]
            times.withUnsafeBufferPointer { s.learn(bands: bands, parts: 2, nanoseconds: $0.baseAddress!) }
        }
        #expect(abs(s.shares[0] + s.shares[1] - 1) < 1e-9)
        #expect(s.shares[0] >= BandShares.least / 2 * 0.99)
    }

    @Test func aJobWithoutRowsOrTimeTeachesNothing() {
        var s = BandShares(threads: 2)
        let bands = [PixelRect(x: 0, y: 0, width: 8, height: 0), PixelRect(x: 0, y: 0, width: 8, height: 8)]
        let times: [Int64] = [5, 7]
        times.withUnsafeBufferPointer { s.learn(bands: bands, parts: 2, nanoseconds: $0.baseAddress!) }
        let zero: [Int64] = [0, 7]
        let full = [PixelRect(x: 0, y: 0, width: 8, height: 4), PixelRect(x: 0, y: 4, width: 8, height: 4)]
        zero.withUnsafeBufferPointer { s.learn(bands: full, parts: 2, nanoseconds: $0.baseAddress!) }
        #expect(s.shares == [0.5, 0.5])
    }
}
