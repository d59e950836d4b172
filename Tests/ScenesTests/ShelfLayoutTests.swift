import Compositor
import FixedPoint
import Motion
import Testing

@testable import Scenes

/// The shelf's numbers: slots, pitch, each cover's scale at three offsets, the resting
/// cover for release velocities, the book's cover rectangle.
@Suite struct ShelfLayoutTests {
    /// Eight 400x600 covers (the demo's size) on an 800x480 screen.
    static let landscape = ShelfLayout(
        width: 800, height: 480, covers: Array(repeating: Size2D(width: 400, height: 600), count: 8))

    /// Slot 0.85 * 480 = 408 tall, 408 * 2/3 = 272 wide; spacing 10 * 480 / 667 = 7.2 -> 7;
    /// pitch 279. Portrait 480x800: 680 x 453, spacing 12, pitch 465.
    @Test func slotsAndPitch() {
        let l = Self.landscape
        #expect(l.slots[0] == Size2D(width: 272, height: 408))
        #expect(l.pitch == 279)
        #expect(l.maxOffset == 7 * 279)
        let p = ShelfLayout(width: 480, height: 800, covers: [Size2D(width: 400, height: 600)])
        #expect(p.slots[0] == Size2D(width: 453, height: 680))
        #expect(p.pitch == 465)
        // Covers of different sizes: each slot by its own aspect, the pitch by the widest.
        let mixed = ShelfLayout(
            width: 800, height: 480,
            covers: [Size2D(width: 400, height: 600), Size2D(width: 64, height: 64), Size2D(width: 0, height: 0)])
        #expect(mixed.slots.map(\.width) == [272, 408, 260])
        #expect(mixed.pitch == 415)
        // A cover wider than the screen is shortened to the screen's width.
        let wide = ShelfLayout(width: 400, height: 480, covers: [Size2D(width: 1000, height: 500)])
        #expect(wide.slots[0] == Size2D(width: 400, height: 200))
        // No covers: the article's aspect sets the pitch.
        #expect(ShelfLayout(width: 800, height: 480, covers: []).pitch == 260 + 7)
    }

    /// Scale = 0.7 * clamp(1 - d / 800, 0.75, 1) for covers 0, 1, 2 at offsets 0, 100, 279.
    @Test(arguments: [
        (0.0, [0.7, 0.525, 0.525]),
        // d = 100, 179, 458: 0.7 * 0.875, 0.7 * 0.77625, floor.
        (100.0, [0.6125, 0.543375, 0.525]),
        (279.0, [0.525, 0.7, 0.525]),
    ]) func scales(offset: Double, expected: [Double]) {
        for (i, s) in expected.enumerated() {
            #expect(abs(Self.landscape.scale(i, offset: offset) - s) < 1e-12, "cover \(i) at \(offset)")
        }
        // The frame is the slot scaled about the cover's centre.
        let f = Self.landscape.frame(1, offset: offset)
        let s = expected[1]
        #expect(abs(f.width - 272 * s) < 1e-9 && abs(f.height - 408 * s) < 1e-9)
        #expect(abs(f.centre.x - (400 + 279 - offset)) < 1e-9 && f.centre.y == 240)
    }

    /// Released at 1.6 pitches (446.4 pt): the proposed offset moves v / λ, λ = 1000 ln(1/0.99)
    /// = 10.0503 per s (2000 pt/s: 199.0 pt). -2000: floor(0.887) = 0; -1, 0, 1 (under the
    /// 20 pt/s still speed): round(1.6) = 2 (not floor's 1 for -1); 2000: ceil(2.313) = 3.
    @Test(arguments: [(-2000.0, 0), (-1.0, 2), (0.0, 2), (1.0, 2), (2000.0, 3)])
    func restingCover(velocity: Double, expected: Int) {
        let l = Self.landscape
        let x = 1.6 * l.pitch
        #expect(abs(ShelfLayout.proposedOffset(from: x, velocity: 2000) - x - 198.9983) < 1e-3)
        #expect(l.restingCover(offset: x, velocity: velocity) == expected)
    }

    /// Clamping at both ends; a flick passes several covers; 1.4 pitches rounds down.
    @Test func restingCoverEnds() {
        let l = Self.landscape
        #expect(l.restingCover(offset: 1.6 * 279, velocity: 20_000) == 7)  // ceil(8.7) clamped
        #expect(l.restingCover(offset: 1.6 * 279, velocity: 8000) == 5)  // 446.4 + 796 = 4.45 pitches
        #expect(l.restingCover(offset: -50, velocity: -2000) == 0)
        #expect(l.restingCover(offset: 1.4 * 279, velocity: 0) == 1)
        #expect(l.restingCover(offset: 1.4 * 279, velocity: 19.9) == 1)
        #expect(l.restingCover(offset: 1.4 * 279, velocity: 20) == 2)
        #expect(ShelfLayout(width: 800, height: 480, covers: []).restingCover(offset: 0, velocity: 3000) == 0)
        let one = ShelfLayout(width: 800, height: 480, covers: [Size2D(width: 400, height: 600)])
        #expect(one.restingCover(offset: 100, velocity: 3000) == 0 && one.maxOffset == 0)
    }

    /// Hit testing: the cover under a point, none between covers.
    @Test func coverAt() {
        let l = Self.landscape
        #expect(l.cover(at: Point2D(x: 400, y: 240), offset: 0) == 0)
        #expect(l.cover(at: Point2D(x: 679, y: 240), offset: 0) == 1)
        #expect(l.cover(at: Point2D(x: 540, y: 240), offset: 0) == nil)
        #expect(l.cover(at: Point2D(x: 400, y: 30), offset: 0) == nil)
        #expect(l.visible(offset: 0) == 0..<3)
        #expect(l.visible(offset: 3 * 279) == 1..<6)
    }
}
