import ConfigFile
import Display
import Logging
import Testing

@testable import Runtime

/// The kiosk's loop on a display paced by page flips (a double below the kiosk, with
/// DRM's rules): one flip in flight, the next frame drawn when the last lands, nothing
/// drawn while idle or while the output is gone, a fresh pipeline when it comes back
/// with another size. Real time, about 3.5 s; the real DRM proof is the VM suite.
@Suite(.serialized) struct KioskPacingTests {
    /// A kiosk on `display` whose watchdog ticks every 50 ms, so that `pollOnce` returns
    /// while the kiosk is idle (it would sleep in poll() for good otherwise).
    func kiosk(on display: FlipPacedDisplay) throws -> Kiosk {
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.watchdogInterval = 0.1
        let kiosk = try Kiosk(
            settings: settings, display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: nil) },
            textRasterizer: nil, notify: { _ in }, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        kiosk.watchdogTimer.arm(after: 0.05, every: 0.05)
        return kiosk
    }

    /// Runs the loop until scene time `t`.
    func run(_ kiosk: Kiosk, until t: Double) throws {
        while kiosk.now < t { try kiosk.pollOnce() }
    }

    @Test func framesFollowFlipsDuringTheLaunchThenStop() throws {
        let display = try FlipPacedDisplay(width: 160, height: 96)
        let kiosk = try kiosk(on: display)
        try kiosk.frame(at: 0, force: true)
        kiosk.scheduleIfMoving()
        // Hold 0.5 s, doors 1.2 s: then still.
        try run(kiosk, until: 3.0)
        #expect(display.violations == 0)
        // The doors moved: frames (few on a busy machine), never two presents within one
        // refresh period (the same interval between two vblanks of the display's grid).
        // Not a gap in seconds: on a busy machine a frame drawn late in one period is
        // followed by one early in the next, and both are right.
        #expect(display.presents.count > 2)
        let periods = display.presents.map { (($0 - display.origin) / display.period).rounded(.down) }
        #expect(Set(periods).count == periods.count, "two presents within one refresh period")
        // Every frame but perhaps the one in flight was reported shown.
        #expect(kiosk.flips.shown >= kiosk.framesDrawn - 1 && kiosk.flips.shown <= kiosk.framesDrawn)
        // Then idle: nothing more for half a second.
        let drawn = display.presents.count
        try run(kiosk, until: 3.5)
        #expect(display.presents.count == drawn)
        // Damage repair saw real ages: 0 for the first use of each buffer, then 2 (two buffers).
        #expect(display.ages.prefix(2) == [0, 0])
        #expect(display.ages.dropFirst(2).allSatisfy { $0 == 2 })
    }

    @Test func nothingIsDrawnWithoutAnOutputAndAWholeFrameWhenItIsBack() throws {
        let display = try FlipPacedDisplay(width: 160, height: 96)
        let kiosk = try kiosk(on: display)
        try kiosk.frame(at: 0, force: true)
        kiosk.scheduleIfMoving()
        try run(kiosk, until: 0.6)
        display.unplug()
        let before = display.presents.count
        try run(kiosk, until: 0.8)
        // Asked for a frame (a control command) while unplugged: still nothing drawn.
        _ = kiosk.command("home")
        try run(kiosk, until: 1.0)
        #expect(display.presents.count == before, "frames drawn with no output")
        // Back as a portrait panel: a new pipeline of that size, and a frame drawn on it.
        try display.plug(width: 96, height: 160)
        try run(kiosk, until: 2.0)
        #expect(display.violations == 0)
        #expect(kiosk.pipeline.logicalWidth == 96 && kiosk.pipeline.logicalHeight == 160)
        #expect(display.presents.count > before)
        #expect(display.front?.width == 96)
    }
}
