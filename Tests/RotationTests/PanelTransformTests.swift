import FixedPoint
import Input
import Testing

@testable import Rotation

/// The one transform: the Architecture article's table, written out here by hand for an 800x480 panel
/// as the oracle, against `PanelTransform` (which derives it from `QuarterTurn`'s map).
@Suite struct PanelTransformTests {
    /// Each panel corner, touched, in logical space: what a person holding the panel turned
    /// R clockwise sees as top-left, top-right, bottom-left, bottom-right.
    @Test func eachPanelCornerTouchedLandsOnTheRightLogicalPoint() {
        let corners = [PanelPoint(x: 0, y: 0), PanelPoint(x: 799, y: 0), PanelPoint(x: 0, y: 479), PanelPoint(x: 799, y: 479)]
        let expected: [Orientation: [Point2D]] = [
            // Upright: the panel's top-left is the top-left.
            .upright: [Point2D(x: 0, y: 0), Point2D(x: 799, y: 0), Point2D(x: 0, y: 479), Point2D(x: 799, y: 479)],
            // Turned a quarter clockwise (480x800 logical): the panel's top-left corner is
            // now at the top right, its bottom-left at the top left.
            .clockwise90: [Point2D(x: 479, y: 0), Point2D(x: 479, y: 799), Point2D(x: 0, y: 0), Point2D(x: 0, y: 799)],
            .upsideDown: [Point2D(x: 799, y: 479), Point2D(x: 0, y: 479), Point2D(x: 799, y: 0), Point2D(x: 0, y: 0)],
            // Turned a quarter counter-clockwise: the panel's top-left is the bottom left.
            .clockwise270: [Point2D(x: 0, y: 799), Point2D(x: 0, y: 0), Point2D(x: 479, y: 799), Point2D(x: 479, y: 0)],
        ]
        for o in Orientation.allCases {
            let t = PanelTransform(orientation: o, panelWidth: 800, panelHeight: 480)
            #expect(corners.map(t.logicalPoint) == expected[o]!, "\(o)")
        }
    }

    /// The Architecture article's table, point by point, for a logical point and the logical size.
    @Test(arguments: Orientation.allCases) func logicalPointsLandWhereTheTableSays(o: Orientation) {
        let (W, H) = (800, 480)
        let t = PanelTransform(orientation: o, panelWidth: W, panelHeight: H)
        let (lw, lh) = o.swapsAxes ? (H, W) : (W, H)
        #expect((t.logicalWidth, t.logicalHeight) == (lw, lh))
        for (x, y) in [(0, 0), (17, 30), (lw - 1, 0), (0, lh - 1), (lw - 1, lh - 1), (lw / 2, lh / 3)] {
            let want: (Int, Int) =
                switch o {
                case .upright: (x, y)
                case .clockwise90: (y, H - 1 - x)
                case .upsideDown: (W - 1 - x, H - 1 - y)
                case .clockwise270: (W - 1 - y, x)
                }
            let got = t.panelPixel(x: x, y: y)
            #expect(got.x == want.0 && got.y == want.1, "\(o) (\(x), \(y))")
            let p = t.panelPoint(Point2D(x: Double(x), y: Double(y)))
            #expect(p == PanelPoint(x: Double(want.0), y: Double(want.1)))
        }
    }

    /// There and back for every pixel of a small odd-sized panel, and every logical pixel
    /// inside the panel: the two directions are one map and its inverse.
    @Test(arguments: Orientation.allCases) func everyPixelRoundTrips(o: Orientation) {
        let t = PanelTransform(orientation: o, panelWidth: 7, panelHeight: 4)
        var seen = Set<Int>()
        for y in 0..<t.logicalHeight {
            for x in 0..<t.logicalWidth {
                let p = t.panelPixel(x: x, y: y)
                #expect((0..<7).contains(p.x) && (0..<4).contains(p.y))
                seen.insert(p.y * 7 + p.x)
                let back = t.logicalPixel(x: p.x, y: p.y)
                #expect(back.x == x && back.y == y)
            }
        }
        #expect(seen.count == 28)
    }

    /// The output's turn is the logical image turned by 360 - R, and the point map is that
    /// turn's: the pixels and the touch can't disagree.
    @Test func theScanoutTurnIsTheTransformsTurn() {
        #expect(PanelTransform(orientation: .upright, panelWidth: 8, panelHeight: 4).scanoutTurn == nil)
        #expect(PanelTransform(orientation: .clockwise90, panelWidth: 8, panelHeight: 4).scanoutTurn == .clockwise270)
        #expect(PanelTransform(orientation: .upsideDown, panelWidth: 8, panelHeight: 4).scanoutTurn == .half)
        #expect(PanelTransform(orientation: .clockwise270, panelWidth: 8, panelHeight: 4).scanoutTurn == .clockwise90)
        for o in Orientation.allCases where o != .upright {
            let t = PanelTransform(orientation: o, panelWidth: 8, panelHeight: 4)
            #expect(t.toPanel == t.scanoutTurn!.map(sourceWidth: t.logicalWidth, sourceHeight: t.logicalHeight))
            #expect(t.toPanel.inverse == t.toLogical && t.toLogical.inverse == t.toPanel)
        }
    }
}
