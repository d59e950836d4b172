import Board
import ConfigFile
import Glibc
import Display
import Input
import Logging
import Power
import Testing
import VitrineTestSupport

@testable import Runtime
@testable import Scenes

/// Screen power through the kiosk's loop: the backlight on a stand-in sysfs tree (passed
/// as the kiosk's `sysfsRoot`, so no environment is touched), the display's switch
/// recorded, and the policy's clock moved ahead of real time where a test needs minutes
/// to pass. Real time, about 6 s.
@Suite(.serialized) struct KioskPowerTests {
    /// Records the screen switch's calls.
    final class RecordedSwitch: ScreenSwitch {
        private(set) var calls: [Bool] = []
        func setScreenPower(_ on: Bool) throws(DisplayError) { calls.append(on) }
    }

    /// The system's clocks read `ahead` seconds later: the policy's minutes in no time.
    final class AheadClock {
        var ahead = 0.0
        func read() -> PowerClockReading { PowerClockReading.system().advanced(by: ahead) }
    }

    /// What the kiosk told systemd, in order.
    final class Notes {
        private(set) var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
        var pings: Int { lines.filter { $0 == "WATCHDOG=1" }.count }
    }

    /// A kiosk on `display` with `settings`, its screen switch recorded, its watchdog
    /// ticking every 50 ms (so that `pollOnce` returns while nothing else happens), after
    /// its first frame and the start of screen power.
    func started(
        on display: any DisplayBackend, _ settings: KioskSettings, notes: Notes = Notes()
    ) throws -> (Kiosk, RecordedSwitch) {
        var settings = settings
        settings.watchdogInterval = 0.1
        let kiosk = try Kiosk(
            settings: settings, display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: nil) },
            textRasterizer: nil, notify: { notes.add($0) },
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let screen = RecordedSwitch()
        kiosk.power.screenSwitch = screen
        kiosk.watchdogTimer.arm(after: 0.05, every: 0.05)
        try kiosk.frame(at: 0, force: true)
        kiosk.armTouch()
        kiosk.startPower()
        kiosk.scheduleIfMoving()
        return (kiosk, screen)
    }

    func run(_ kiosk: Kiosk, until t: Double) throws {
        while kiosk.now < t { try kiosk.pollOnce() }
    }

    func status(_ kiosk: Kiosk) -> [String: String] {
        kiosk.statusValues
    }

    @Test func dimsThenGoesDarkWithoutTouchAndDrawsNothingWhileDark() throws {
        let tree = try BacklightTree(max: 100, level: 50)
        defer { tree.remove() }
        let clock = AheadClock()
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.power = PowerSettings(
            backlight: .path(tree.boardPath), brightness: 0.8, dimAfter: 10, dimBrightness: 0.2, screenOffAfter: 20)
        settings.sysfsRoot = tree.root
        settings.powerClock = clock.read
        let notes = Notes()
        let (kiosk, screen) = try started(on: HeadlessDisplay(width: 160, height: 96), settings, notes: notes)
        #expect(tree.value("brightness") == 80, "the board's brightness, set at start")
        #expect(status(kiosk)["display"] == "on" && status(kiosk)["brightness"] == "0.8")
        #expect(status(kiosk)["backlight"] == tree.directory)
        #expect(kiosk.power.timerDue != nil, "the loop's timer is set for the dimming")

        clock.ahead = 10.5
        kiosk.powerTimerFired()
        #expect(tree.value("brightness") == 20)
        #expect(status(kiosk)["display"] == "dim" && status(kiosk)["brightness"] == "0.2")
        #expect(screen.calls.isEmpty, "dim is the backlight alone")
        let beforeLit = kiosk.framesDrawn
        try run(kiosk, until: 0.5)
        #expect(kiosk.framesDrawn > beforeLit, "the doors still move on a dim screen")

        clock.ahead = 20.5
        kiosk.powerTimerFired()
        #expect(tree.value("brightness") == 0 && tree.value("bl_power") == 4)
        #expect(screen.calls == [false])
        #expect(status(kiosk)["display"] == "off" && status(kiosk)["brightness"] == "0")
        let drawn = kiosk.framesDrawn
        let pings = notes.pings
        // The doors move until 1.7 s, and a command asks for a frame: on a dark screen
        // none of it is drawn or timed.
        try run(kiosk, until: 0.8)
        #expect(kiosk.command("home") == ["ok screen=home"])
        try run(kiosk, until: 1.2)
        #expect(kiosk.framesDrawn == drawn, "frames drawn while dark")
        #expect(kiosk.frameDeadline == nil, "a frame timed while dark")
        #expect(notes.pings > pings, "the watchdog is fed while dark")

        #expect(kiosk.command("display on") == ["ok display=on"])
        #expect(screen.calls == [false, true])
        #expect(tree.value("brightness") == 80 && tree.value("bl_power") == 0)
        while kiosk.framesDrawn == drawn && kiosk.now < 30 { try kiosk.pollOnce() }
        #expect(kiosk.framesDrawn > drawn, "waking repaints")
    }

    @Test func theLoopWakesForThePolicysNextChange() throws {
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.power = PowerSettings(screenOffAfter: 0.5)
        let (kiosk, screen) = try started(on: HeadlessDisplay(width: 160, height: 96), settings)
        #expect(status(kiosk)["display"] == "on" && status(kiosk)["backlight"] == "none")
        // Long after 0.5 s (a bound only a hang would cross): the timer fired, nothing else.
        try run(kiosk, until: 2.5)
        #expect(status(kiosk)["display"] == "off")
        #expect(screen.calls == [false])
    }

    @Test func aTouchOnADarkScreenWakesItAndTapsNothing() throws {
        let display = try FlipPacedDisplay(width: 800, height: 480)
        let show = try ShowPlayback.load(folder: nil).show
        let books = try #require(show.home.tiles.firstIndex { $0.open == .folder("books") })
        let p = HomeLayout(home: show.home, width: 800, height: 480).tapPoint(books)
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        // After the doors (1.7 s) and `display off`: a tap on Books, then another.
        settings.touchScript = try TouchScript.parse(
            "2.000 tap \(Int(p.x)) \(Int(p.y))\n3.000 tap \(Int(p.x)) \(Int(p.y))\n", path: "t.touch")
        let (kiosk, screen) = try started(on: display, settings)
        try run(kiosk, until: 1.9)
        #expect(kiosk.scene.screen == "home")
        #expect(kiosk.command("display off") == ["ok display=off"])
        let drawn = kiosk.framesDrawn
        #expect(status(kiosk)["wake_ms"] == "none")
        try run(kiosk, until: 2.6)
        #expect(screen.calls == [false, true], "the tap woke the screen")
        #expect(status(kiosk)["display"] == "on")
        // From the tap's own time to the flip of the first frame after it: a figure, here
        // only checked to be one.
        let wake = try #require(status(kiosk)["wake_ms"].flatMap(Double.init), "no wake_ms after the wake")
        #expect(wake >= 0)
        #expect(kiosk.framesDrawn > drawn, "waking repaints")
        #expect(kiosk.scene.screen == "home", "the waking tap opened the folder")
        #expect(kiosk.touchStats.began == 0, "the waking tap reached the scene")
        try run(kiosk, until: 3.6)
        #expect(kiosk.scene.screen == "folder:books", "the tap after it")
        #expect(display.violations == 0)
    }

    /// `source = "iio"`: while dark the accelerometer is not sampled (a panel turned in
    /// the dark leaves the orientation as it was), and once awake it is again (the turn
    /// follows).
    @Test func theAccelerometerRestsWhileDarkAndTurnsThePictureOnWaking() throws {
        let tree = try AccelerometerTree()
        defer { tree.remove() }
        tree.pose(x: 0, y: -1024, z: 0)  // upright
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.rotationSource = .iio
        settings.iioRoot = tree.root
        let (kiosk, _) = try started(on: HeadlessDisplay(width: 160, height: 96), settings)
        kiosk.armOrientation()
        try run(kiosk, until: 1.9)
        #expect(kiosk.command("display off") == ["ok display=off"])
        tree.pose(x: 1024, y: 0, z: 0)  // left edge up, in the dark
        // Many sample intervals (0.1 s) and more than the samples' agreement needs.
        try run(kiosk, until: kiosk.now + 1.5)
        #expect(kiosk.rotation.orientation == .upright, "sampled while dark")
        #expect(kiosk.command("display on") == ["ok display=on"])
        // A bound only a hang would cross.
        let end = kiosk.now + 10
        while kiosk.orientation != .clockwise90 && kiosk.now < end { try kiosk.pollOnce() }
        #expect(kiosk.rotation.orientation == .clockwise90, "not sampled after waking")
        #expect(kiosk.orientation == .clockwise90, "sampled, but the picture did not turn")
    }

    /// While dark, `rotate` and `reload` are carried out as always and draw nothing; the
    /// wake's repaint is in the orientation asked for.
    @Test func rotateAndReloadWorkWhileDarkAndTheWakeShowsThem() throws {
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.power = PowerSettings(screenOffAfter: 0)
        let (kiosk, screen) = try started(on: HeadlessDisplay(width: 160, height: 96), settings)
        try run(kiosk, until: 1.9)
        #expect(kiosk.command("display off") == ["ok display=off"])
        let drawn = kiosk.framesDrawn
        #expect(kiosk.command("rotate 90") == ["ok rotation=90"])
        #expect(kiosk.command("reload").first?.hasPrefix("ok show=") == true)
        try run(kiosk, until: kiosk.now + 0.5)
        #expect(kiosk.framesDrawn == drawn, "frames drawn while dark")
        #expect(status(kiosk)["rotation"] == "90" && status(kiosk)["display"] == "off")
        #expect(kiosk.command("display on") == ["ok display=on"])
        #expect(screen.calls == [false, true])
        // A bound only a hang would cross.
        let end = kiosk.now + 10
        while (kiosk.framesDrawn == drawn || kiosk.orientation != .clockwise90) && kiosk.now < end {
            try kiosk.pollOnce()
        }
        #expect(kiosk.framesDrawn > drawn, "waking repaints")
        #expect(kiosk.orientation == .clockwise90)
        #expect((kiosk.pipeline.logicalWidth, kiosk.pipeline.logicalHeight) == (96, 160))
    }

    @Test func controlCommandsSetTheBacklightAndRefuseBadLevels() throws {
        let tree = try BacklightTree(max: 100, level: 50)
        defer { tree.remove() }
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.power = PowerSettings(backlight: .path(tree.boardPath))
        settings.sysfsRoot = tree.root
        let (kiosk, screen) = try started(on: HeadlessDisplay(width: 160, height: 96), settings)
        #expect(status(kiosk)["brightness"] == "0.5", "the backlight's own level")

        #expect(kiosk.command("brightness 0.3") == ["ok brightness=0.3"])
        #expect(tree.value("brightness") == 30)
        for bad in ["NaN", "-1", "7"] {
            #expect(kiosk.command("brightness \(bad)") == ["error: brightness wants a number from 0 to 1, not \"\(bad)\""])
        }
        #expect(kiosk.command("display dim") == ["error: display wants on or off, not \"dim\""])
        #expect(tree.value("brightness") == 30 && status(kiosk)["brightness"] == "0.3")

        #expect(kiosk.command("display off") == ["ok display=off"])
        #expect(tree.value("brightness") == 0 && tree.value("bl_power") == 4 && screen.calls == [false])
        #expect(status(kiosk)["display"] == "off" && status(kiosk)["brightness"] == "0")
        // A level set while dark is the level it wakes to.
        #expect(kiosk.command("brightness 0.6") == ["ok brightness=0.6"])
        #expect(tree.value("brightness") == 0)
        #expect(kiosk.command("display on") == ["ok display=on"])
        #expect(tree.value("brightness") == 60 && tree.value("bl_power") == 0 && screen.calls == [false, true])
        #expect(status(kiosk)["display"] == "on" && status(kiosk)["brightness"] == "0.6")
    }

    @Test func withoutPowerTheBacklightIsReadAndNeverWritten() throws {
        let tree = try BacklightTree(max: 255, level: 128)
        defer { tree.remove() }
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.sysfsRoot = tree.root  // the only backlight there: chosen, as on a panel
        let written = modified(tree.directory + "/brightness")
        let (kiosk, screen) = try started(on: HeadlessDisplay(width: 160, height: 96), settings)
        try run(kiosk, until: 0.5)
        #expect(modified(tree.directory + "/brightness") == written, "brightness written")
        #expect(tree.value("brightness") == 128 && tree.value("bl_power") == 0)
        #expect(screen.calls.isEmpty)
        #expect(status(kiosk)["display"] == "on" && status(kiosk)["backlight"] == tree.directory)
        #expect(status(kiosk)["brightness"] == ScreenPower.levelText(128.0 / 255))
        #expect(kiosk.power.output.nextChange == nil, "nothing to wake for")
    }

    /// The modification time of `path`, nanoseconds.
    func modified(_ path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { return -1 }
        return info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
    }
}
