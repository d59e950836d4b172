import Testing
@testable import Input

/// Every message, word for word: a table of bad scripts and what they say.
@Suite struct TouchScriptErrorTests {
    static let table: [(script: String, message: String)] = [
        ("0 tapp 1 2", "tour.touch:1: unknown verb 'tapp'"),
        ("0 DOWN 0 1 1", "tour.touch:1: unknown verb 'DOWN'"),
        ("# intro\n\n0 tap 1 1\n  \n0.5 bogus # here", "tour.touch:5: unknown verb 'bogus'"),
        ("0 down 0 1", "tour.touch:1: expected 3 arguments after 'down' (slot x y), got 2"),
        ("0 move 0 1 2 3", "tour.touch:1: expected 3 arguments after 'move' (slot x y), got 4"),
        ("0 up", "tour.touch:1: expected 1 argument after 'up' (slot), got 0"),
        ("0 cancel 1 2", "tour.touch:1: expected 0 or 1 arguments after 'cancel' ([slot]), got 2"),
        ("0 tap 1 1 1", "tour.touch:1: expected 2 arguments after 'tap' (x y), got 3"),
        ("0 longpress 1 1", "tour.touch:1: expected 3 arguments after 'longpress' (x y duration), got 2"),
        ("0 swipe 1 1 2 2", "tour.touch:1: expected 5 arguments after 'swipe' (x0 y0 x1 y1 duration), got 4"),
        ("0 down 0 abc 1", "tour.touch:1: 'abc' is not a number"),
        ("0 down x 1 1", "tour.touch:1: 'x' is not a number"),
        ("0 tap 0x10 1", "tour.touch:1: '0x10' is not a number"),
        ("0 tap 1,5 1", "tour.touch:1: '1,5' is not a number"),
        ("0 tap nan 1", "tour.touch:1: 'nan' is not a finite number"),
        ("0 tap 1 inf", "tour.touch:1: 'inf' is not a finite number"),
        ("0 tap 1e999 1", "tour.touch:1: '1e999' is not a finite number"),
        ("0 longpress 1 1 -infinity", "tour.touch:1: '-infinity' is not a finite number"),
        ("inf tap 1 1", "tour.touch:1: 'inf' is not a finite number"),
        ("down 0 1 1", "tour.touch:1: expected a time in seconds, got 'down'"),
        ("1.5", "tour.touch:1: expected a verb after the time"),
        ("1.5 # a comment is no verb", "tour.touch:1: expected a verb after the time"),
        ("-1 tap 1 1", "tour.touch:1: time -1 is negative"),
        ("0 tap 1 1\n1.0 tap 1 1\n0.5 tap 1 1", "tour.touch:3: time 0.5 is earlier than the previous line's 1.0"),
        ("0 down 12 1 1", "tour.touch:1: slot 12 is out of range 0...9"),
        ("0 down -1 1 1", "tour.touch:1: slot -1 is out of range 0...9"),
        ("0 down 99999999999999999999 1 1", "tour.touch:1: slot 99999999999999999999 is out of range 0...9"),
        ("0 down 1.5 1 1", "tour.touch:1: slot 1.5 is not a whole number"),
        ("0 tap -5 1", "tour.touch:1: x -5 is not on any panel: coordinates are from 0 to 8191 pixels"),
        ("0 down 0 1 -0.5", "tour.touch:1: y -0.5 is not on any panel: coordinates are from 0 to 8191 pixels"),
        ("0 swipe 0 -2 1 1 1", "tour.touch:1: y0 -2 is not on any panel: coordinates are from 0 to 8191 pixels"),
        ("0 up 1", "tour.touch:1: up on slot 1, which is not down"),
        ("0 move 3 1 1", "tour.touch:1: move on slot 3, which is not down"),
        ("0 cancel 3", "tour.touch:1: cancel on slot 3, which is not down"),
        ("0 down 0 1 1\n1 up 0\n2 up 0", "tour.touch:3: up on slot 0, which is not down"),
        ("0 down 0 1 1\n0 down 0 2 2", "tour.touch:2: down on slot 0, which is already down"),
        ("0 swipe 0 0 10 10 0", "tour.touch:1: duration must be positive"),
        ("0 swipe 0 0 10 10 -1", "tour.touch:1: duration must be positive"),
        ("0 longpress 5 5 0", "tour.touch:1: duration must be positive"),
        ("0 tap 1 1\n0.01 up 0", "tour.touch:2: slot 0 is busy with the tap on line 1"),
        ("0 swipe 1 1 2 2 1\n0.5 move 0 3 3", "tour.touch:2: slot 0 is busy with the swipe on line 1"),
        ("0 longpress 1 1 1\n0.5 down 0 3 3", "tour.touch:2: slot 0 is busy with the longpress on line 1"),
        (
            (0...9).map { "0 down \($0) 1 1" }.joined(separator: "\n") + "\n0 tap 5 5",
            "tour.touch:11: no free slot for 'tap': all 10 slots are down"
        ),
        ("0 swipe 0 0 1 1 1e9", "tour.touch:1: the script makes more than 1000000 events"),
    ]

    @Test(arguments: table)
    func message(script: String, message: String) {
        #expect(throws: TouchScriptError.self) { try TouchScript.parse(script, path: "tour.touch") }
        do {
            _ = try TouchScript.parse(script, path: "tour.touch")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func theErrorCarriesPathLineAndFault() {
        do {
            _ = try TouchScript.parse("0 tap 1 1\n\n0.2 tapp 3 4", path: "shows/demo/tour.touch")
            Issue.record("parsed")
        } catch {
            #expect(error.path == "shows/demo/tour.touch")
            #expect(error.line == 3)
            #expect(error.fault == .unknownVerb("tapp"))
            #expect(error.message == "unknown verb 'tapp'")
        }
    }

    @Test func badUTF8IsReportedWithItsLine() {
        let bytes = Array("0 tap 1 1\n0.5 tap ".utf8) + [0xC3, 0x28] + Array(" 1\n".utf8)
        #expect(throws: TouchScriptError(path: "t.touch", line: 2, fault: .notUTF8)) {
            try TouchScript.parse(bytes: bytes, path: "t.touch")
        }
        #expect(TouchScriptError(path: "t.touch", line: 2, fault: .notUTF8).description == "t.touch:2: not valid UTF-8")
    }

    @Test func tooManyEventsInTotal() {
        // Each swipe of 10 s makes 602 events (down, 599 moves, the last move, up): the
        // 1662nd passes the million.
        let line = (0..<1700).map { "\($0 * 10) swipe 0 0 100 100 10" }.joined(separator: "\n")
        #expect(throws: TouchScriptError(path: "big", line: 1662, fault: .tooManyEvents(limit: 1_000_000))) {
            try TouchScript.parse(line, path: "big")
        }
    }
}
