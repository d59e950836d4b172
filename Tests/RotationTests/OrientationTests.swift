import Testing

@testable import Rotation

@Suite struct OrientationTests {
    @Test func textIsExactlyTheFourAngles() {
        #expect(Orientation(text: "0") == .upright)
        #expect(Orientation(text: "90") == .clockwise90)
        #expect(Orientation(text: "180") == .upsideDown)
        #expect(Orientation(text: "270") == .clockwise270)
        for bad in ["45", "360", "-90", " 90", "90 ", "", "auto", "0090", "９０"] {
            #expect(Orientation(text: bad) == nil, "\(bad)")
        }
    }

    @Test func turnsAddAndUndo() {
        #expect(Orientation.clockwise90.turned(by: .upsideDown) == .clockwise270)
        #expect(Orientation.clockwise270.turned(by: .clockwise270) == .upsideDown)
        for o in Orientation.allCases {
            #expect(o.turned(by: o.inverse) == .upright)
            #expect(o.turned(by: .upright) == o)
        }
    }

    @Test func logicalSizeSwapsForQuarterTurns() {
        #expect(Orientation.upright.logicalSize(panelWidth: 800, panelHeight: 480) == (800, 480))
        #expect(Orientation.clockwise90.logicalSize(panelWidth: 800, panelHeight: 480) == (480, 800))
        #expect(Orientation.upsideDown.logicalSize(panelWidth: 800, panelHeight: 480) == (800, 480))
        #expect(Orientation.clockwise270.logicalSize(panelWidth: 800, panelHeight: 480) == (480, 800))
    }
}
