import ConfigFile
import Input
import Logging
import Testing

@testable import Runtime

/// A touch script looped by the kiosk (`vitrine run --touch FILE --touch-loop SECONDS`):
/// pass k plays each line at its time + k × the period, through the kiosk's own loop.
@Suite(.serialized) struct KioskTouchLoopTests {
    static let script = """
        0.100 tap 300 200
        0.150 rotate 90
        0.200 swipe 100 100 200 100 0.05
        """

    @Test func aShiftedScriptKeepsItsLinesLater() throws {
        let s = try TouchScript.parse(Self.script, path: "t.touch")
        let later = s.shifted(by: 10)
        #expect(later.events.count == s.events.count && later.rotations.count == s.rotations.count)
        #expect(zip(s.events, later.events).allSatisfy { $1.time == $0.time + 10 && $1.kind == $0.kind })
        #expect(later.rotations.map(\.time) == [10.15] && later.rotations.map(\.word) == ["90"])
        #expect(later.duration == s.duration + 10)
    }

    @Test func aLoopPeriodMustOutlastTheScript() throws {
        let s = try TouchScript.parse(Self.script, path: "t.touch")
        #expect(s.duration == 0.25)
        try s.validateLoop(period: 0.251)
        try s.validateLoop(period: 86_400)
        for bad in [0.25, 0.1, 0, -1, 86_400.5, .nan, .infinity] {
            #expect(throws: TouchLoopError.self) { try s.validateLoop(period: bad) }
        }
        do {
            try s.validateLoop(period: 0.2)
            Issue.record("accepted 0.2")
        } catch {
            #expect(
                "\(error)"
                    == "--touch-loop wants seconds longer than the last time in t.touch (0.250 s) and at most 86400, not 0.200"
            )
        }
        do {
            try s.validateLoop(period: .nan)
        } catch {
            #expect("\(error)".hasSuffix(", not nan"))
        }
    }

    /// A script over at 0 s (one line at 0) still loops at least a frame period at
    /// 10 Hz apart: 1e-9 s replayed it millions of times a second and spun a core.
    @Test func aLoopPeriodIsAtLeastAFramePeriod() throws {
        let s = try TouchScript.parse("0 down 0 10 10\n0 up 0\n", path: "t.touch")
        #expect(s.duration == 0)
        try s.validateLoop(period: 0.1)
        for bad in [1e-9, 0.05, 0.0999] {
            #expect(throws: TouchLoopError.self) { try s.validateLoop(period: bad) }
        }
        do {
            try s.validateLoop(period: 1e-9)
            Issue.record("accepted 1e-9")
        } catch {
            #expect("\(error)" == "--touch-loop wants at least 0.100 seconds (a frame period at 10 Hz: a shorter loop only spins), not 1e-09")
        }
    }

    /// Four passes of a one-tap script in 1.1 s, each tap counted whole; without the loop,
    /// one.
    @Test(arguments: [0.25, nil]) func theKioskPlaysEveryPass(period: Double?) throws {
        let display = try FlipPacedDisplay(width: 800, height: 480)
        let playback = try ShowPlayback.load(folder: nil)
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.touchScript = try TouchScript.parse("0.200 tap 400 240\n", path: "t.touch")
        settings.touchLoop = period
        let kiosk = try Kiosk(
            settings: settings, display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in playback },
            textRasterizer: nil, notify: { _ in },
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        try kiosk.frame(at: 0, force: true)
        kiosk.armTouch()
        kiosk.scheduleIfMoving()
        // Taps at 0.2, 0.45, 0.7, 0.95 s (with the loop).
        while kiosk.now < 1.1 { try kiosk.pollOnce() }
        let expected = period == nil ? 1 : 4
        #expect(kiosk.touchStats.began == expected)
        #expect(kiosk.touchStats.ended == expected)
        #expect(kiosk.touchStats.down == 0)
        #expect(kiosk.touchPass == (period == nil ? 0 : 4))
    }
}
