import Testing

@testable import Runtime

/// `display on|off` and `brightness L` as the control socket reads them: exact words, a
/// level a finite number from 0 to 1, everything else refused quoting what was sent (the
/// kiosk carrying them out is in KioskPowerTests).
@Suite struct ControlPowerCommandTests {
    @Test func displayTakesOnOrOff() throws {
        #expect(try ControlCommand(line: "display on") == .display(on: true))
        #expect(try ControlCommand(line: "display  off") == .display(on: false))
        #expect(throws: ControlCommandError.badDisplay("dim")) { try ControlCommand(line: "display dim") }
        #expect(ControlCommandError.badDisplay("dim").description == #"display wants on or off, not "dim""#)
        #expect(throws: ControlCommandError.unknown(line: "display")) { try ControlCommand(line: "display") }
        #expect(throws: ControlCommandError.unknown(line: "display on now")) { try ControlCommand(line: "display on now") }
    }

    @Test func brightnessTakesAFiniteLevelFromZeroToOne() throws {
        #expect(try ControlCommand(line: "brightness 0") == .brightness(0))
        #expect(try ControlCommand(line: "brightness 0.35") == .brightness(0.35))
        #expect(try ControlCommand(line: "brightness 1") == .brightness(1))
        for word in ["NaN", "nan", "-1", "7", "1.0001", "inf", "-inf", "half", "0,5"] {
            #expect(throws: ControlCommandError.badBrightness(word)) { try ControlCommand(line: "brightness \(word)") }
        }
        #expect(ControlCommandError.badBrightness("7").description == #"brightness wants a number from 0 to 1, not "7""#)
        #expect(throws: ControlCommandError.unknown(line: "brightness")) { try ControlCommand(line: "brightness") }
    }

    @Test func theUnknownCommandsReplyListsThem() {
        #expect(
            ControlCommandError.unknown(line: "dim").description
                == #"unknown command "dim" (status, rotate 0|90|180|270|auto, reload, home, display on|off, brightness 0-1, screenshot)"#)
    }
}
