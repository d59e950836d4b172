import FixedPoint
import Raster
import Testing

@Suite struct TurnedRectTests {
    /// Every pixel of a rectangle, turned one by one as the table in QuarterTurn says,
    /// fills exactly the turned rectangle.
    @Test(arguments: QuarterTurn.allCases) func turnedRectHoldsEveryTurnedPixel(turn: QuarterTurn) throws {
        let (sw, sh) = (7, 5)
        let source = try Surface(width: sw, height: sh, format: .xrgb8888)
        source.fill(0xff00_0000)
        let rect = PixelRect(x: 1, y: 2, width: 4, height: 2)
        source.fill(0xffff_ffff, clip: rect)
        let (tw, th) = turn.turnedSize(width: sw, height: sh)
        let dest = try Surface(width: tw, height: th, format: .xrgb8888)
        try dest.rotate(from: source, turn: turn)
        let turned = turn.turnedRect(rect, sourceWidth: sw, sourceHeight: sh)
        for y in 0..<th {
            for x in 0..<tw {
                let inside = x >= turned.x && x < turned.maxX && y >= turned.y && y < turned.maxY
                #expect((dest[x, y] == 0xffff_ffff) == inside, "(\(x), \(y))")
            }
        }
    }
}
