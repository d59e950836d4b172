import ConfigFile
import Input
import Logging
import Testing

@testable import Runtime
@testable import Scenes

/// Touch through the kiosk's loop (the same path libinput's events take after the edge:
/// tracker, router, scene), fed by a touch script on a flip-paced display: what `status`
/// counts, and the latency from a touch to the flip that shows it. Real time, about 3 s.
@Suite(.serialized) struct KioskTouchTests {
    @Test func aTapOpensTheFolderAndIsCountedWithItsLatency() throws {
        let display = try FlipPacedDisplay(width: 800, height: 480)
        let playback = try ShowPlayback.load(folder: nil)
        let show = playback.show
        let home = HomeLayout(home: show.home, width: 800, height: 480)
        let tile = try #require(show.home.tiles.firstIndex { $0.open == .folder("books") })
        let p = home.tapPoint(tile)
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.watchdogInterval = 0.1
        // After the doors (1.7 s): a tap on Books; a two-finger pinch on the open panel
        // (moving too far for a tap: it opens nothing).
        settings.touchScript = try TouchScript.parse(
            """
            2.000 tap \(Int(p.x)) \(Int(p.y))
            2.600 down 0 300 400
            2.600 down 1 500 400
            2.650 move 0 380 400
            2.650 move 1 420 400
            2.700 up 0
            2.700 up 1
            """, path: "t.touch")
        let kiosk = try Kiosk(
            settings: settings, display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in playback },
            textRasterizer: nil, notify: { _ in }, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        kiosk.watchdogTimer.arm(after: 0.05, every: 0.05)
        try kiosk.frame(at: 0, force: true)
        kiosk.armTouch()
        kiosk.scheduleIfMoving()
        while kiosk.now < 3.2 { try kiosk.pollOnce() }
        let status = kiosk.statusValues
        #expect(status["screen"] == "folder:books")
        #expect(status["touch_began"] == "3")
        #expect(status["touch_ended"] == "3")
        #expect(status["touch_down"] == "0")
        #expect(status["touch_most_down"] == "2")
        #expect(status["touch_cancelled"] == "0")
        // The tap changed the picture: one sample at least, from the touch to a vblank.
        let samples = Int(status["touch_latency_samples"] ?? "") ?? 0
        #expect(samples >= 1)
        #expect(kiosk.touchStats.percentile(50).map { $0 >= 0 } == true)
    }
}
