import Testing
import Raster
import VitrineTestSupport
@testable import Assets

@Suite("Placeholder")
struct PlaceholderTests {
    static let ink = Placeholder.ink, bg = Placeholder.background

    /// 10x10, pixel by pixel: 2-pixel border, the two diagonals 2 pixels wide across
    /// (3 pixels a row at 45 degrees), meeting in the middle.
    @Test func smallSquareExactly() {
        let s = Placeholder.surface(width: 10, height: 10)
        #expect((s.width, s.height, s.format) == (10, 10, .xrgb8888))
        let rows = (0..<10).map { y in String((0..<10).map { x in s[x, y] == Self.ink ? "#" : s[x, y] == Self.bg ? "." : "?" }) }
        #expect(
            rows == [
                "##########",
                "##########",
                "####..####",
                "##########",
                "##.####.##",
                "##.####.##",
                "##########",
                "####..####",
                "##########",
                "##########",
            ])
    }

    @Test func isDeterministicAndSymmetric() {
        let a = Placeholder.surface(width: 37, height: 23)
        let b = Placeholder.surface(width: 37, height: 23)
        for y in 0..<23 {
            for x in 0..<37 {
                #expect(a[x, y] == b[x, y])
                #expect(a[x, y] == a[36 - x, y] && a[x, y] == a[x, 22 - y], "(\(x), \(y))")
                #expect(a[x, y] == Self.ink || a[x, y] == Self.bg)
            }
        }
    }

    /// A wide placeholder's diagonals are unbroken: every column where the lines cross
    /// the inside rows (the rest is under the border) has ink there.
    @Test func wideCrossIsContinuous() {
        let s = Placeholder.surface(width: 120, height: 12)
        for x in 20..<100 {
            let inkRows = (2..<10).filter { s[x, $0] == Self.ink }
            #expect(!inkRows.isEmpty, "column \(x)")
        }
    }

    @Test func degenerateSizesAreClamped() {
        let s = Placeholder.surface(width: 0, height: -3)
        #expect((s.width, s.height) == (1, 1))
        #expect(s[0, 0] == Self.ink)
        let line = Placeholder.surface(width: 5, height: 1)
        #expect((0..<5).allSatisfy { line[$0, 0] == Self.ink })
    }

    /// Drawn into part of a bigger surface (any format), clipped, nothing outside touched.
    @Test func drawIntoARectangle() throws {
        let s = try Surface(width: 20, height: 20, format: .xrgb8888)
        s.fill(0xff00_ff00)
        Placeholder.draw(into: s, rect: PixelRect(x: 12, y: -4, width: 10, height: 10))
        #expect(s[11, 0] == 0xff00_ff00 && s[12, 6] == 0xff00_ff00)
        #expect(s[12, 0] == Self.ink && s[19, 5] == Self.ink)  // left border; bottom border row 5
        #expect(s[14, 0] == Self.bg && s[14, 1] == Self.bg && s[15, 1] == Self.ink)
        let r565 = try Surface(width: 8, height: 8, format: .rgb565)
        Placeholder.draw(into: r565, rect: r565.bounds)
        #expect(r565.row(4, as: UInt16.self)[4] != 0)
    }

    /// The picture a failed asset shows, at a typical icon-like size: checked by eye when
    /// recorded (grey, dark 2 px frame, an X from corner to corner).
    @Test func golden() throws {
        let s = Placeholder.surface(width: 48, height: 32)
        try assertGolden(s, named: "placeholder_w48_h32", in: GoldenImage.directory())
        // The numbers behind the picture: the frame, the centre of the cross, plain grey
        // between the arms.
        #expect(s[0, 0] == Self.ink && s[47, 31] == Self.ink && s[1, 16] == Self.ink && s[2, 16] == Self.bg)
        #expect(s[23, 15] == Self.ink && s[24, 16] == Self.ink)
        #expect(s[24, 4] == Self.bg && s[4, 16] == Self.bg)
    }
}
