import Rotation
import Testing

@testable import Runtime

/// The control socket's line framing and command parser, on plain bytes and text (the
/// kiosk's side is in KioskRotationTests and ControlSocketTests; the fuzz target
/// ControlLineFuzz feeds both with anything).
@Suite struct ControlCommandTests {
    func frame(_ text: String, closed: Bool) -> ControlRequest {
        ControlRequest(received: Array(text.utf8), peerClosed: closed)
    }

    @Test func aLineEndsAtTheFirstLFAndIsTrimmed() {
        #expect(frame("status\n", closed: false) == .line("status"))
        #expect(frame(" \t rotate 90 \r\nstatus\n", closed: false) == .line("rotate 90"))
        #expect(frame("\n", closed: false) == .line(""))
        #expect(frame("stat", closed: false) == .incomplete)
        #expect(frame("", closed: false) == .incomplete)
    }

    @Test func aPeerThatClosesEndsItsLine() {
        #expect(frame("home", closed: true) == .line("home"))
        #expect(frame("", closed: true) == .silent)
        #expect(frame("  ", closed: true) == .line(""))
    }

    @Test func aLineOverTheLimitIsRefusedWhole() {
        let limit = ControlRequest.maxBytes
        #expect(frame(String(repeating: "a", count: limit) + "\n", closed: false) == .line(String(repeating: "a", count: limit)))
        #expect(frame(String(repeating: "a", count: limit + 1) + "\n", closed: false) == .tooLong)
        #expect(frame(String(repeating: "a", count: limit + 1), closed: false) == .tooLong)
        #expect(frame(String(repeating: "a", count: limit), closed: false) == .incomplete)
    }

    @Test func bytesThatAreNotUTF8BecomeAnUnknownCommand() {
        let request = ControlRequest(received: [0x73, 0xff, 0x0a], peerClosed: false)
        #expect(request == .line("s\u{FFFD}"))
        #expect(throws: ControlCommandError.unknown(line: "s\u{FFFD}")) { try ControlCommand(line: "s\u{FFFD}") }
    }

    @Test func commands() throws {
        #expect(try ControlCommand(line: "status") == .status)
        #expect(try ControlCommand(line: "home") == .home)
        #expect(try ControlCommand(line: "reload") == .reload)
        #expect(try ControlCommand(line: "rotate   270") == .rotate(.to(.clockwise270)))
        #expect(try ControlCommand(line: "rotate auto") == .rotate(.auto))
    }

    @Test func mistakesAreNamedWordForWord() {
        #expect(throws: ControlCommandError.badOrientation("45")) { try ControlCommand(line: "rotate 45") }
        #expect(
            "\(ControlCommandError.badOrientation("45"))" == #"rotate wants 0, 90, 180, 270 or auto, not "45""#)
        for line in ["", "status now", "rotate", "rotate 90 90", "Status", "home\thome"] {
            #expect(throws: ControlCommandError.unknown(line: line)) { try ControlCommand(line: line) }
        }
        #expect(
            "\(ControlCommandError.unknown(line: "statu"))"
                == #"unknown command "statu" (status, rotate 0|90|180|270|auto, reload, home, display on|off, brightness 0-1, screenshot)"#)
        let long = String(repeating: "x", count: 41)
        #expect(
            "\(ControlCommandError.unknown(line: long))"
                == #"unknown command ""# + String(repeating: "x", count: 40)
                + #"..." (status, rotate 0|90|180|270|auto, reload, home, display on|off, brightness 0-1, screenshot)"#)
    }

    /// Only the orientations as written: "090", "+90", "0090" are refused.
    @Test func rotateTakesOnlyTheFourAnglesAsWritten() {
        for word in ["090", "0090", "+90", "00", "0180"] {
            #expect(throws: ControlCommandError.badOrientation(word)) { try ControlCommand(line: "rotate " + word) }
        }
        #expect(RotationRequest(text: "090") == nil && Orientation(text: "00") == nil)
        #expect(Orientation(text: "0") == .upright && Orientation(text: "270") == .clockwise270)
    }

    /// A reply never echoes a control byte raw (a NUL, an ESC that would drive the
    /// operator's terminal): escaped as the configuration errors escape them.
    @Test func repliesEscapeControlBytes() {
        #expect(
            "\(ControlCommandError.unknown(line: "st\u{0}at\u{1B}[2J"))"
                == #"unknown command "st\u0000at\u001B[2J" (status, rotate 0|90|180|270|auto, reload, home, display on|off, brightness 0-1, screenshot)"#)
        #expect(
            "\(ControlCommandError.badOrientation("9\u{1B}]0;x\u{7}"))"
                == #"rotate wants 0, 90, 180, 270 or auto, not "9\u001B]0;x\u0007""#)
        #expect(
            "\(ControlCommandError.unknown(line: "say \"hi\"\t\\"))"
                == #"unknown command "say \"hi\"\t\\" (status, rotate 0|90|180|270|auto, reload, home, display on|off, brightness 0-1, screenshot)"#)
    }
}
