import Testing
@testable import Input

/// `rotate R` lines: kept apart from the touch events as the word written, their time and
/// line; only their shape is checked here (the words are the runtime's:
/// `TouchScriptRotationTests` in RuntimeTests).
@Suite struct TouchScriptRotateTests {
    @Test func rotateLinesAreKeptAsWrittenWithTheirTimesAndLines() throws {
        let script = try TouchScript.parse(
            """
            # a tour that turns the panel
            0.5  tap 10 10
            1.0  rotate 90        # a quarter clockwise
            1.0  rotate\tauto
            2.5  rotate 45
            \r
            3    rotate   wobble
            """, path: "turn.touch")
        #expect(
            script.rotations == [
                ScriptRotation(time: 1.0, word: "90", line: 3),
                ScriptRotation(time: 1.0, word: "auto", line: 4),
                ScriptRotation(time: 2.5, word: "45", line: 5),
                ScriptRotation(time: 3, word: "wobble", line: 7),
            ])
        // No touch event comes of them: the tap's down and up alone.
        let expected: [TouchEvent] = [.down(0, 10, 10, at: 0.5), .frame(at: 0.5), .up(0, at: 0.55), .frame(at: 0.55)]
        #expect(script.events == expected)
        #expect(script.duration == 3, "the last rotation is the script's end")
    }

    @Test func aScriptWithoutRotateLinesHasNone() throws {
        #expect(try TouchScript.parse("0 tap 1 1", path: "p").rotations.isEmpty)
        #expect(TouchScript(path: "p", events: []).rotations.isEmpty)
    }

    /// Shape only: exactly one argument, and its time in order with every other line.
    static let badShapes: [(script: String, message: String)] = [
        ("0 rotate", "t.touch:1: expected 1 argument after 'rotate' (orientation), got 0"),
        ("0 rotate # a comment is no argument", "t.touch:1: expected 1 argument after 'rotate' (orientation), got 0"),
        ("0 rotate 90 180", "t.touch:1: expected 1 argument after 'rotate' (orientation), got 2"),
        ("0 ROTATE 90", "t.touch:1: unknown verb 'ROTATE'"),
        ("rotate 90", "t.touch:1: expected a time in seconds, got 'rotate'"),
        ("-1 rotate 90", "t.touch:1: time -1 is negative"),
        ("nan rotate 90", "t.touch:1: 'nan' is not a finite number"),
        ("1 tap 1 1\n0.5 rotate 90", "t.touch:2: time 0.5 is earlier than the previous line's 1"),
        ("1 rotate 90\n0.5 tap 1 1", "t.touch:2: time 0.5 is earlier than the previous line's 1"),
        ("2 rotate 90\n1.5 rotate 0", "t.touch:2: time 1.5 is earlier than the previous line's 2"),
    ]

    @Test(arguments: badShapes) func badShapesAreRefusedWithTheLine(script: String, message: String) {
        do {
            _ = try TouchScript.parse(script, path: "t.touch")
            Issue.record("accepted: \(script)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// The words are not Input's to judge: any single word parses (the runtime refuses
    /// "45" when it loads the script).
    @Test func anyWordParses() throws {
        for word in ["0", "90", "180", "270", "auto", "45", "-90", "AUTO", "x"] {
            #expect(try TouchScript.parse("0 rotate \(word)", path: "p").rotations.map(\.word) == [word])
        }
    }

    /// The message the runtime gives a bad word, word for word; the quoted word is
    /// shortened like every other token.
    @Test func theUnknownOrientationMessage() {
        let e = TouchScriptError(
            path: "turn.touch", line: 5, fault: .unknownOrientation(word: "45", allowed: "0, 90, 180, 270 or auto"))
        #expect(e.description == "turn.touch:5: rotate wants 0, 90, 180, 270 or auto, not \"45\"")
        let long = TouchScriptError(
            path: "p", line: 1, fault: .unknownOrientation(word: String(repeating: "9", count: 500), allowed: "a"))
        #expect(long.description.count < 120)
    }

    /// The player hands rotations out at their times, apart from the events, which come
    /// out exactly as from the same script without its rotate lines.
    @Test func thePlayerHandsOutRotationsAtTheirTimes() throws {
        let touches = "0 tap 1 1\n1 tap 2 2\n"
        let script = try TouchScript.parse(
            "0 tap 1 1\n0.5 rotate 90\n1 tap 2 2\n1 rotate 180\n1 rotate auto\n3 rotate 0", path: "p")
        let plain = try TouchScript.parse(touches, path: "p")
        #expect(script.events == plain.events)

        var player = TouchScript.Player(script)
        var plainPlayer = TouchScript.Player(plain)
        #expect(player.nextTime == 0)
        var handed: [(Double, [String])] = []
        for t in [-1, 0, 0.4, 0.5, 0.9, 1.0, 1.05, 2, 3, 10] {
            #expect(Array(player.advance(to: t)) == Array(plainPlayer.advance(to: t)), "events at \(t)")
            let due = player.rotations(through: t)
            if !due.isEmpty { handed.append((t, due.map(\.word))) }
            #expect(player.rotations(through: t).isEmpty, "each is handed out once")
            if t == 0.4 { #expect(player.nextTime == 0.5, "a rotation is the next thing due") }
            if t == 1.0 { #expect(player.nextTime == 1.05, "the second tap's up") }
            if t == 2 {
                #expect(player.nextTime == 3)
                #expect(!player.isFinished, "a rotation is still to come")
            }
        }
        #expect(handed.map(\.0) == [0.5, 1.0, 3])
        #expect(handed.map(\.1) == [["90"], ["180", "auto"], ["0"]])
        #expect(player.isFinished && player.nextTime == nil)
    }

    @Test func aScriptOfRotationsAloneIsPlayedToTheEnd() throws {
        var player = TouchScript.Player(try TouchScript.parse("2 rotate 270", path: "p"))
        #expect(player.nextTime == 2 && !player.isFinished)
        #expect(player.advance(to: 5).isEmpty)
        #expect(player.rotations(through: 1.999).isEmpty)
        #expect(player.rotations(through: 2).map(\.word) == ["270"])
        #expect(player.isFinished)
    }
}
