import ConfigFile
import Display
import Glibc
import Logging
import Rotation
import Testing
import VitrineTestSupport

@testable import Runtime

/// The rotation service in the kiosk's loop, on a flip-paced display: every source
/// (the panel's property, an accelerometer on a fixture tree, the control socket's
/// `rotate`), the launch's wait for a first orientation, a change carried out at the next
/// frame with its turn, and a burst of requests turning once. Real time, a few seconds.
@Suite(.serialized) struct KioskRotationTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    func kiosk(_ settings: KioskSettings, on display: FlipPacedDisplay) throws -> Kiosk {
        var settings = settings
        settings.watchdogInterval = 0.1
        let kiosk = try Kiosk(
            settings: settings, display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: nil) },
            textRasterizer: nil, notify: { _ in }, logger: Self.quiet)
        kiosk.watchdogTimer.arm(after: 0.05, every: 0.05)
        try kiosk.frame(at: 0, force: true)
        kiosk.armOrientation()
        kiosk.scheduleIfMoving()
        return kiosk
    }

    func run(_ kiosk: Kiosk, until t: Double) throws {
        while kiosk.now < t { try kiosk.pollOnce() }
    }

    /// Runs the loop until `done` holds, for at most `bound` seconds more (a bound only a
    /// hang crosses: a busy machine only makes the wait longer).
    func run(_ kiosk: Kiosk, until done: () -> Bool, bound: Double = 30) throws {
        let by = kiosk.now + bound
        while !done() && kiosk.now < by { try kiosk.pollOnce() }
    }

    /// Home at rest: the launch over, nothing moving.
    func atRest(_ kiosk: Kiosk) -> Bool { kiosk.scene.screen == "home" && !kiosk.isMoving }

    func status(_ kiosk: Kiosk) -> [String: String] {
        kiosk.statusValues
    }

    /// `source = "panel"`: the connector's "Left Side Up" turns a panel mounted upright
    /// a quarter clockwise before the first frame; an unknown value keeps the mount.
    @Test func thePanelsPropertyDecidesBeforeTheFirstFrame() throws {
        let display = try FlipPacedDisplay(width: 160, height: 96)
        display.panelOrientation = ("Left Side Up", "DSI-1")
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.rotationSource = .panel
        let k = try kiosk(settings, on: display)
        #expect(k.orientation == .clockwise90)
        #expect((k.pipeline.logicalWidth, k.pipeline.logicalHeight) == (96, 160))
        #expect(status(k)["rotation"] == "90" && status(k)["rotation_source"] == "panel")
        #expect(status(k)["screen"] == "launch")

        let odd = try FlipPacedDisplay(width: 160, height: 96)
        odd.panelOrientation = ("Sideways", "DSI-1")
        settings.mount = .upsideDown
        let k2 = try kiosk(settings, on: odd)
        #expect(k2.orientation == .upsideDown)
    }

    /// `source = "iio"` on a fixture tree: upright at start; the panel turned so its left
    /// edge is up (gravity along +x) turns the kiosk to 90 within a few samples, with the
    /// turn; held still, nothing more is drawn; the sensor gone keeps 90.
    @Test func theAccelerometerTurnsTheKioskAndAVanishedOneKeepsIt() throws {
        let tree = try AccelerometerTree()
        defer { tree.remove() }
        tree.pose(x: 0, y: -1024, z: 0)  // upright: gravity down the panel
        let display = try FlipPacedDisplay(width: 160, height: 96)
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.rotationSource = .iio
        settings.iioRoot = tree.root
        let k = try kiosk(settings, on: display)
        #expect(k.orientation == .upright)
        #expect(!k.scene.isWaitingForOrientation)
        try run(k, until: { atRest(k) })  // past the launch
        #expect(status(k)["screen"] == "home")
        tree.pose(x: 1024, y: 0, z: 0)  // left edge up
        try run(k, until: { k.orientation == .clockwise90 })
        #expect(k.orientation == .clockwise90)
        #expect((k.pipeline.logicalWidth, k.pipeline.logicalHeight) == (96, 160))
        #expect(k.transition != nil)
        try run(k, until: { k.transition == nil })
        #expect(k.transition == nil)
        #expect(status(k)["screen"] == "home" && status(k)["animating"] == "false")
        // Held still at 10 Hz: no frame.
        let drawn = k.framesDrawn
        try run(k, until: k.now + 0.5)
        #expect(k.framesDrawn == drawn)
        // The sensor goes away: the last orientation stays, the loop runs on.
        tree.unplug()
        try run(k, until: k.now + 0.4)
        #expect(k.orientation == .clockwise90)
        #expect(status(k)["rotation"] == "90" && status(k)["rotation_source"] == "iio")
    }

    /// `source = "control"`: the launch holds its doors for a first `rotate` (at most a
    /// second); `rotate 270` during the wait lays the launch out at 270, doors closed,
    /// and it goes on.
    @Test func theLaunchWaitsForControlThenGoesOnInTheOrientationGiven() throws {
        let display = try FlipPacedDisplay(width: 160, height: 96)
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.rotationSource = .control
        let k = try kiosk(settings, on: display)
        #expect(k.scene.isWaitingForOrientation)
        try run(k, until: 0.3)
        // Still waiting, unless the machine stalled the loop past the second's limit.
        if k.now < 0.9 { #expect(k.scene.isWaitingForOrientation) }
        #expect(k.command("rotate 270") == ["ok rotation=270"])
        #expect(!k.scene.isWaitingForOrientation)
        #expect(k.orientation == .clockwise270 && k.transition == nil)
        #expect(status(k)["screen"] == "launch")
        try run(k, until: { atRest(k) })
        #expect(status(k)["screen"] == "home")
        #expect(k.orientation == .clockwise270)

        // Nobody says anything: the wait ends at a second, at the mount.
        let quiet = try kiosk(settings, on: try FlipPacedDisplay(width: 160, height: 96))
        try run(quiet, until: 0.5)
        if quiet.now < 0.9 { #expect(quiet.scene.isWaitingForOrientation) }
        try run(quiet, until: { !quiet.scene.isWaitingForOrientation })
        #expect(!quiet.scene.isWaitingForOrientation)
        #expect(quiet.now >= RotationService.launchWaitLimit)
        #expect(quiet.orientation == .upright)
    }

    /// A hundred `rotate` commands between two frames: one turn, to the last, and every
    /// frame drawn at the size of the orientation it was drawn in.
    @Test func aBurstOfRotationsTurnsOnceToTheLast() throws {
        let display = try FlipPacedDisplay(width: 160, height: 96)
        let k = try kiosk(KioskSettings(mount: .upright, idleReset: 0), on: display)
        try run(k, until: 2.0)
        let words = ["90", "180", "270", "0", "auto", "45", "x"]
        var errors = 0
        for i in 0..<100 {
            let reply = k.command("rotate \(words[i % words.count])")
            if reply.first?.hasPrefix("error:") == true { errors += 1 }
        }
        #expect(errors == 28)
        #expect(k.command("rotate 90") == ["ok rotation=90"])
        #expect(k.orientation == .upright)  // not yet: at the next frame
        // The very next frame drawn is the new orientation's (no stale size in between).
        let drawn = k.framesDrawn
        let by = k.now + 10  // a hang bound
        while k.framesDrawn == drawn && k.now < by { try k.pollOnce() }
        #expect(k.framesDrawn == drawn + 1)
        #expect(k.orientation == .clockwise90)
        #expect(k.lastTurn != nil)
        #expect((k.pipeline.logicalWidth, k.pipeline.logicalHeight) == (96, 160))
        #expect(display.front.map { ($0.width, $0.height) } ?? (0, 0) == (160, 96))
        try run(k, until: { !k.isMoving })
        #expect(status(k)["animating"] == "false" && status(k)["rotation"] == "90")
        #expect(k.command("rotate 45") == [#"error: rotate wants 0, 90, 180, 270 or auto, not "45""#])
        #expect(status(k)["rotation"] == "90")
    }
    /// Requests as fast as the loop turns (`perPoll` of them between two polls, the
    /// `k`-th being `request(k)`) for half a second on a display the loop paces itself
    /// (headless, 60 Hz), from rest: the frames drawn, the refresh periods gone by, and
    /// the requests sent.
    func flood(perPoll: Int, _ request: (Int) -> String) throws -> (frames: Int, periods: Double, requests: Int) {
        let display = try HeadlessDisplay(width: 160, height: 96)
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.watchdogInterval = 0.1
        let k = try Kiosk(
            settings: settings, display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: nil) },
            textRasterizer: nil, notify: { _ in }, logger: Self.quiet)
        k.watchdogTimer.arm(after: 0.05, every: 0.05)
        try k.frame(at: 0, force: true)
        k.scheduleIfMoving()
        try run(k, until: { atRest(k) })
        let (drawn, began) = (k.framesDrawn, k.now)
        var i = 0
        while k.now < began + 0.5 {
            for _ in 0..<perPoll {
                #expect(k.command(request(i)).first?.hasPrefix("ok") == true)
                i += 1
            }
            try k.pollOnce()
        }
        return (k.framesDrawn - drawn, (k.now - began) * display.refreshRate, i)
    }

    /// `rotate` requests as fast as the loop turns: frames stay at most one a period.
    /// Every turn carried out in a frame rebuilt the scene and asked for the next frame
    /// at once: 1,000 requests a second drew 229 frames a second.
    @Test func rotateRequestsGoThroughTheFramePacing() throws {
        let f = try flood(perPoll: 21) { $0 % 2 == 0 ? "rotate 90" : "rotate 0" }
        #expect(f.frames > 0)
        #expect(Double(f.frames) <= f.periods + 2, "\(f.frames) frames in \(f.periods) periods, \(f.requests) requests")
    }

    /// `reload` and `home` requests as fast as the loop turns: frames stay at most one a
    /// period too (a reload made a fresh pipeline and forgot when the last frame was
    /// drawn, so each drew at once).
    @Test(arguments: ["reload", "home"]) func otherRequestsGoThroughTheFramePacing(request: String) throws {
        let f = try flood(perPoll: 1) { _ in request }
        #expect(Double(f.frames) <= f.periods + 2, "\(f.frames) frames in \(f.periods) periods, \(f.requests) requests")
    }
}
