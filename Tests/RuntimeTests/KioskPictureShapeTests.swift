import Assets
import ConfigFile
import Display
import Glibc
import Logging
import Raster
import Rotation
import Testing
import VitrineTestSupport

@testable import Runtime

/// A very wide or very tall picture as the wallpaper, through the kiosk's loop: a reload
/// into such a show, the other orientation's pictures made ahead on a `control` board,
/// and a turn all draw (each trapped: the picture was resampled whole to 33120x480
/// pixels, more than a surface may be, and the kiosk died after READY, into a restart
/// loop). Real time, about a second.
@Suite(.serialized) struct KioskPictureShapeTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A show folder under /tmp whose pictures are all `wall.png`, `width` x `height`.
    static func show(_ dir: String, wall width: Int, _ height: Int) throws {
        try OnePictureShow.write(dir, title: "Shapes", width: width, height: height)
    }

    @Test func aReloadIntoASliverWallpaperAndATurnDraw() throws {
        let dir = "/tmp/vitrine-kioskshape-\(getpid())"
        _ = try? FileTree.remove(dir)
        mkdir(dir, 0o755)
        defer { _ = try? FileTree.remove(dir) }
        try Self.show(dir, wall: 40, 30)
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.watchdogInterval = 0.1
        settings.rotationSource = .control
        settings.resume = "home"
        settings.paintThreads = 0
        let k = try Kiosk(
            settings: settings, display: HeadlessDisplay(width: 800, height: 480), signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: dir) },
            textRasterizer: nil, notify: { _ in }, logger: Self.quiet)
        k.watchdogTimer.arm(after: 0.05, every: 0.05)
        try k.frame(at: 0, force: true)
        k.armOrientation()
        k.scheduleIfMoving()
        func run(until done: () -> Bool) throws {
            let by = k.now + 30  // a bound only a hang crosses
            while !done() && k.now < by { try k.pollOnce() }
        }
        #expect(k.command("rotate 0") == ["ok rotation=0"])
        try run(until: { k.turnPrewarmed })

        try Self.show(dir, wall: 69, 1)
        #expect(k.command("reload") == ["ok show=\(dir)"])
        let drawn = k.framesDrawn
        // At rest: the turned layout's pictures made ahead (a 41x1 picture trapped there).
        try run(until: { k.turnPrewarmed && k.framesDrawn > drawn && !k.isMoving })
        #expect(k.turnPrewarmed && k.framesDrawn > drawn)
        #expect(k.command("rotate 90") == ["ok rotation=90"])
        try run(until: { k.orientation == .clockwise90 && !k.isMoving })
        #expect(k.orientation == .clockwise90)
        #expect((k.pipeline.logicalWidth, k.pipeline.logicalHeight) == (480, 800))
    }
}
