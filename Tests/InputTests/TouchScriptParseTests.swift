import Testing
@testable import Input

@Suite struct TouchScriptParseTests {
    func parse(_ text: String) throws -> [TouchEvent] {
        try TouchScript.parse(text, path: "tour.touch").events
    }

    @Test func theExampleOfDesignSection3() throws {
        let events = try parse(
            """
            0.000  down   0  400 240      # slot 0 touches at (400, 240)
            0.050  move   0  390 240
            0.100  up     0
            1.000  tap       400 240      # down, then up 50 ms later
            2.000  swipe     700 240  100 240  0.30   # straight drag over 0.30 s, a move every 1/60 s
            """)
        var expected: [TouchEvent] = [
            .down(0, 400, 240, at: 0), .frame(at: 0),
            .move(0, 390, 240, at: 0.05), .frame(at: 0.05),
            .up(0, at: 0.1), .frame(at: 0.1),
            .down(0, 400, 240, at: 1), .frame(at: 1),
            .up(0, at: 1.05), .frame(at: 1.05),
            .down(0, 700, 240, at: 2), .frame(at: 2),
        ]
        for k in 1...17 {
            let t: Double = Double(k) / 60
            let x: Double = 700 + (100 - 700) * (t / 0.3)  // the straight line, as the parser computes it
            #expect(abs(x - (700 - 2000 * t)) < 1e-9)
            expected.append(.move(0, x, 240, at: 2 + t))
            expected.append(.frame(at: 2 + t))
        }
        expected.append(contentsOf: [TouchEvent.move(0, 100, 240, at: 2.3), .up(0, at: 2.3), .frame(at: 2.3)])
        #expect(events == expected)
    }

    @Test func aSwipeMovesEvery60thOfASecondAndEndsExactly() throws {
        let events = try parse("0.5 swipe 0 0 100 50 0.1").filter { $0.kind != .frame }
        // 0.1 s: moves at 1/60 ... 5/60, and the last at 0.1 exactly.
        #expect(events.count == 1 + 5 + 1 + 1)
        #expect(events.first == .down(0, 0, 0, at: 0.5))
        guard case .move(0, let p) = events[1].kind else { Issue.record("not a move"); return }
        #expect(events[1].time == 0.5 + 1.0 / 60)
        #expect(abs(p.x - 100.0 / 6) < 1e-9 && abs(p.y - 50.0 / 6) < 1e-9)
        #expect(events[6] == .move(0, 100, 50, at: 0.5 + 0.1))
        #expect(events[7] == .up(0, at: 0.6))
        // A duration shorter than one interval: down, the last move, up.
        #expect(try parse("0 swipe 0 0 9 9 0.01").filter { $0.kind != .frame }.count == 3)
    }

    @Test func commentsBlankLinesTabsAndCRLF() throws {
        let events = try parse("# a tour\r\n\r\n\t0\tdown\t2\t5\t6 # finger\r\n   \n0.5 up 2#lift\r\n#end")
        let expected: [TouchEvent] = [.down(2, 5, 6, at: 0), .frame(at: 0), .up(2, at: 0.5), .frame(at: 0.5)]
        #expect(events == expected)
        #expect(try parse("").isEmpty)
        #expect(try parse("\n\n# only comments\n").isEmpty)
    }

    @Test func numbersInDecimalForms() throws {
        let events = try parse("+.5 down 03 1e1 2.50\n5. up 3")
        let expected: [TouchEvent] = [.down(3, 10, 2.5, at: 0.5), .frame(at: 0.5), .up(3, at: 5), .frame(at: 5)]
        #expect(events == expected)
        #expect(try parse("0 down 1e0 0 0").first == .down(1, 0, 0, at: 0))
    }

    @Test func gestureVerbsTakeTheLowestFreeSlot() throws {
        let events = try parse(
            """
            0.00 down 0 1 1
            0.00 tap 10 10
            0.02 tap 20 20
            0.05 tap 30 30
            0.07 longpress 40 40 0.5
            """
        ).filter { $0.kind != .frame }
        let expected: [TouchEvent] = [
            .down(0, 1, 1, at: 0), .down(1, 10, 10, at: 0),
            .down(2, 20, 20, at: 0.02),
            .up(1, at: 0.05), .down(1, 30, 30, at: 0.05),  // the first tap's slot is free again
            .up(2, at: 0.07), .down(2, 40, 40, at: 0.07),
            .up(1, at: 0.1),
            .up(2, at: 0.07 + 0.5),
        ]
        #expect(events == expected)
    }

    @Test func eventsOfOneTimeKeepTheirLineOrderUnderOneFrame() throws {
        let events = try parse("0 down 1 5 5\n0 down 0 6 6\n1 move 1 7 7\n1 up 0\n1 up 1")
        let expected: [TouchEvent] = [
            .down(1, 5, 5, at: 0), .down(0, 6, 6, at: 0), .frame(at: 0),
            .move(1, 7, 7, at: 1), .up(0, at: 1), .up(1, at: 1), .frame(at: 1),
        ]
        #expect(events == expected)
    }

    @Test func cancelWithoutASlotCancelsEveryTouchAndCutsGesturesShort() throws {
        let events = try parse("0 down 3 1 1\n0 swipe 0 0 600 0 1\n0.05 cancel\n0.05 tap 5 5")
        let t1: Double = 1.0 / 60
        let t2: Double = 2.0 / 60
        let expected: [TouchEvent] = [
            .down(3, 1, 1, at: 0), .down(0, 0, 0, at: 0), .frame(at: 0),
            .move(0, 10, 0, at: t1), .frame(at: t1),
            .move(0, 20, 0, at: t2), .frame(at: t2),
            .move(0, 30, 0, at: 0.05), .cancel(0, at: 0.05), .cancel(3, at: 0.05),
            .down(0, 5, 5, at: 0.05), .frame(at: 0.05),
            .up(0, at: 0.1), .frame(at: 0.1),
        ]
        #expect(events == expected)
        #expect(try parse("0 cancel").isEmpty, "nothing down: nothing to cancel")
    }

    @Test func cancelASlot() throws {
        let events = try parse("0 down 4 1 1\n0 tap 2 2\n0.01 cancel 4\n0.02 cancel 0")
        let expected: [TouchEvent] = [
            .down(4, 1, 1, at: 0), .down(0, 2, 2, at: 0), .cancel(4, at: 0.01), .cancel(0, at: 0.02),
        ]
        #expect(events.filter { $0.kind != .frame } == expected)
    }

    @Test func aTouchMayStayDownAtTheEnd() throws {
        let script = try TouchScript.parse("0 down 0 1 1\n2.5 move 0 2 2", path: "hold.touch")
        #expect(script.duration == 2.5)
        #expect(script.path == "hold.touch")
    }

    @Test func thePlayerHandsOutEventsAsTimePasses() throws {
        let script = try TouchScript.parse("0 tap 1 1\n1 tap 2 2", path: "p")
        var player = TouchScript.Player(script)
        #expect(player.advance(to: -1).isEmpty)
        let first: [TouchEvent] = [.down(0, 1, 1, at: 0), .frame(at: 0)]
        #expect(Array(player.advance(to: 0)) == first)
        #expect(player.advance(to: 0).isEmpty)
        #expect(player.advance(to: 0.9).count == 2)
        #expect(!player.isFinished)
        #expect(player.advance(to: 100).count == 4)
        #expect(player.isFinished)
    }
}
