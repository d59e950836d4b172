import ConfigFile
import Display
import Logging
import Rotation
import ShowDemo
import Testing
import VitrineTestSupport

@testable import Runtime

/// A show without `[launch]` in the kiosk's loop: with the orientation known at the start
/// the first frame is home; with a source to wait for, a plain cover until the
/// orientation comes (laid out anew for it), then home without a turn.
@Suite(.serialized) struct KioskNoLaunchTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    func kiosk(_ settings: KioskSettings, on display: FlipPacedDisplay) throws -> Kiosk {
        var settings = settings
        settings.watchdogInterval = 0.1
        var show = DemoShow.show
        show.launch = nil
        let program = ShowPlayback(show: show, assets: .demo(), origin: "demo without launch")
        let kiosk = try Kiosk(
            settings: settings, display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in program },
            textRasterizer: nil, notify: { _ in }, logger: Self.quiet)
        kiosk.watchdogTimer.arm(after: 0.05, every: 0.05)
        try kiosk.frame(at: 0, force: true)
        kiosk.armOrientation()
        kiosk.scheduleIfMoving()
        return kiosk
    }

    /// Runs the loop until `done` holds, for at most `bound` seconds more (a bound only a
    /// hang crosses).
    func run(_ kiosk: Kiosk, until done: () -> Bool, bound: Double = 30) throws {
        let by = kiosk.now + bound
        while !done() && kiosk.now < by { try kiosk.pollOnce() }
    }

    @Test func aFixedOrientationStartsAtHome() throws {
        let k = try kiosk(KioskSettings(mount: .upright, idleReset: 0), on: try FlipPacedDisplay(width: 160, height: 96))
        #expect(!k.scene.isWaitingForOrientation)
        #expect(k.statusValues["screen"] == "home")
    }

    @Test func theCoverWaitsForControlThenHomeComesInTheOrientationGiven() throws {
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.rotationSource = .control
        let k = try kiosk(settings, on: try FlipPacedDisplay(width: 160, height: 96))
        #expect(k.scene.isWaitingForOrientation)
        #expect(k.statusValues["screen"] == "launch")
        #expect(k.command("rotate 270") == ["ok rotation=270"])
        #expect(!k.scene.isWaitingForOrientation)
        #expect(k.orientation == .clockwise270 && k.transition == nil)
        try run(k, until: { k.statusValues["screen"] == "home" && !k.isMoving })
        #expect(k.statusValues["screen"] == "home")
        #expect(k.orientation == .clockwise270 && k.transition == nil)
        #expect((k.pipeline.logicalWidth, k.pipeline.logicalHeight) == (96, 160))
    }
}
