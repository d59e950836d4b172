import ConfigFile
import Display
import Input
import Logging
import Testing

@testable import Runtime
@testable import Scenes

/// How often the kiosk's loop wakes while a finger rests on something that takes touch
/// and nothing changes on screen: once a refresh period (for the gestures' deadlines),
/// never in a busy loop. (It used to wake about 5000 times a second: a tick that drew
/// nothing did not count as one, so the next was due at once.) Real time, about 3 s.
@Suite(.serialized) struct KioskWakeTests {
    @Test func aFingerHeldOnATileWakesTheLoopOnceAPeriod() throws {
        let display = try HeadlessDisplay(width: 800, height: 480)
        let playback = try ShowPlayback.load(folder: nil)
        let home = HomeLayout(home: playback.show.home, width: 800, height: 480)
        let tile = try #require(playback.show.home.tiles.firstIndex { $0.open == .folder("books") })
        let p = home.tapPoint(tile)
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        // After the doors (1.7 s): a finger held still on the Books tile for a second.
        settings.touchScript = try TouchScript.parse("2.000 longpress \(Int(p.x)) \(Int(p.y)) 1.0\n", path: "t.touch")
        let kiosk = try Kiosk(
            settings: settings, display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in playback },
            textRasterizer: nil, notify: { _ in },
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        // A tick every 0.1 s besides, so that `pollOnce` returns when the loop sleeps.
        kiosk.watchdogTimer.arm(after: 0.1, every: 0.1)
        try kiosk.frame(at: 0, force: true)
        kiosk.armTouch()
        kiosk.scheduleIfMoving()
        while kiosk.now < 2.1 { try kiosk.pollOnce() }
        #expect(kiosk.router.activeTouchCount == 1, "the finger is on the tile")
        let drawn = kiosk.framesDrawn
        var wakes = 0
        while kiosk.now < 2.9 {
            try kiosk.pollOnce()
            wakes += 1
        }
        // 0.8 s at 60 Hz: 48 ticks and 8 of the test's timer; on a busy machine fewer.
        // Not thousands.
        #expect(wakes <= 70, "\(wakes) wake-ups in 0.8 s")
        #expect(kiosk.framesDrawn == drawn, "nothing changed, nothing drawn")
        while kiosk.now < 3.3 { try kiosk.pollOnce() }
        #expect(kiosk.router.activeTouchCount == 0 && kiosk.touchStats.ended == 1)
    }
}
