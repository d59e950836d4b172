import Testing

@testable import Rotation

/// DRM's "panel orientation" names (as drm_connector.c spells them) and their
/// combination with the board's mount.
@Suite struct PanelOrientationPropertyTests {
    @Test func kernelNames() throws {
        #expect(try PanelOrientationProperty.orientation("Normal") == .upright)
        #expect(try PanelOrientationProperty.orientation("Upside Down") == .upsideDown)
        #expect(try PanelOrientationProperty.orientation("Left Side Up") == .clockwise90)
        #expect(try PanelOrientationProperty.orientation("Right Side Up") == .clockwise270)
        #expect(PanelOrientationProperty.entries.map(\.name) == ["Normal", "Upside Down", "Left Side Up", "Right Side Up"])
    }

    /// Mount (the casing's turn) plus the panel's turn in the casing.
    @Test func combinedWithTheMount() {
        #expect(PanelOrientationProperty.combined(.upsideDown, with: .clockwise90) == .clockwise270)
        #expect(PanelOrientationProperty.combined(.clockwise90, with: .upright) == .clockwise90)
        #expect(PanelOrientationProperty.combined(.clockwise270, with: .clockwise90) == .upright)
        #expect(PanelOrientationProperty.combined(.upright, with: .upsideDown) == .upsideDown)
    }

    /// Anything else, lower case and stray spaces included, is an error quoting the value.
    @Test func unknownNamesAreErrors() {
        for bad in ["Sideways", "normal", "Left side up", " Normal", "Normal\n", ""] {
            #expect(throws: PanelOrientationError(value: bad, connector: "DSI-1")) {
                try PanelOrientationProperty.orientation(bad, connector: "DSI-1")
            }
        }
        #expect(
            PanelOrientationError(value: "Sideways", connector: "DSI-1").description
                == #"DSI-1: panel orientation "Sideways" is not one of Normal, Upside Down, Left Side Up, Right Side Up"#)
        #expect(
            PanelOrientationError(value: "Normal\n").description
                == #"panel orientation "Normal\x0a" is not one of Normal, Upside Down, Left Side Up, Right Side Up"#)
    }
}
