import ConfigFile
import Display
import Glibc
import LinuxSystem
import Logging
import Rotation
import Scenes
import Testing

@testable import Compositor
@testable import Runtime

/// What a reload or a turn replaces is released: every paint pool's threads end when the
/// pool goes, and the kiosk's old pipeline, compositor, scene, touch routing and show are
/// freed once the new ones are in place, the paint threads passed on to the new pipeline
/// (the same threads all along). What it guards against: a pool whose threads keep the
/// pool alive, a thread and megabytes more after every `ctl rotate` and reload.
///
/// Other suites run in parallel in this process and start threads of their own, so the
/// exact check is by thread id (/proc/self/task/TID must be gone); the process's thread
/// count is checked too, against a bound far below what the leak would add.
@Suite struct ReloadLeakTests {
    /// Threads of this process now (/proc/self/task).
    static func threadCount() -> Int {
        guard let dir = opendir("/proc/self/task") else { return -1 }
        defer { closedir(dir) }
        var n = 0
        while let entry = readdir(dir) {
            let first = withUnsafeBytes(of: entry.pointee.d_name) { $0[0] }
            if first != UInt8(ascii: ".") { n += 1 }
        }
        return n
    }

    static func threadRuns(_ tid: pid_t) -> Bool { access("/proc/self/task/\(tid)", F_OK) == 0 }

    /// The threads of `tids` that still run after waiting for them at most `bound` seconds
    /// (a hang bound). `pthread_join` returns when the kernel clears the thread's id, a
    /// moment before its /proc/self/task entry goes, so a joined thread may still be
    /// listed briefly.
    static func stillRunning(_ tids: [pid_t], bound: Double = 10) -> [pid_t] {
        let start = MonotonicClock.now()
        while true {
            let still = tids.filter(threadRuns)
            if still.isEmpty || MonotonicClock.now() - start > bound { return still }
            usleep(1000)
        }
    }

    @Test func droppedPaintPoolsEndTheirThreads() {
        let before = Self.threadCount()
        var started: [pid_t] = []
        for _ in 0..<100 {
            let pool = PaintPool(workers: 2)
            #expect(pool.workerCount == 2)
            #expect(pool.threadIDs.allSatisfy { $0 > 0 && Self.threadRuns($0) })
            started += pool.threadIDs
        }
        #expect(started.count == 200)
        let still = Self.stillRunning(started)
        #expect(still.isEmpty, "threads of dropped pools still run: \(still.count) of \(started.count)")
        let after = Self.threadCount()
        // The leak would leave 200 more; other suites' threads come and go meanwhile.
        #expect(after - before < 50, "threads: \(before) before, \(after) after 100 pools of 2")
    }

    @Test func droppedFramePipelinesEndTheirThreads() throws {
        let display = try HeadlessDisplay(width: 320, height: 240)
        let before = Self.threadCount()
        var started: [pid_t] = []
        for i in 0..<40 {
            // Each mount: a turned one makes the pipeline's shadow and transfers in bands.
            let pipeline = try FramePipeline(display: display, orientation: Orientation.allCases[i % 4], paintThreads: 2)
            let layer = Layer(name: "card", frame: Rect2D(x: 10, y: 10, width: 200, height: 150))
            layer.contents = .color(0xff33_6699)
            pipeline.compositor.root.addSublayer(layer)
            try pipeline.drawFrame()
            started += pipeline.compositor.pool.threadIDs
        }
        #expect(started.count == 80)
        let still = Self.stillRunning(started)
        #expect(still.isEmpty, "threads of dropped pipelines still run: \(still.count) of \(started.count)")
        let after = Self.threadCount()
        #expect(after - before < 50, "threads: \(before) before, \(after) after 40 pipelines")
    }

    /// A pipeline made to replace another (a turn) paints with the same threads: none
    /// started for it, none ended when the old one goes, all ended when both have gone.
    @Test func aReplacingPipelineKeepsThePaintThreads() throws {
        let display = try HeadlessDisplay(width: 320, height: 240)
        var old: FramePipeline? = try FramePipeline(display: display, orientation: .upright, paintThreads: 2)
        let threads = old!.compositor.pool.threadIDs
        #expect(threads.count == 2)
        var new: FramePipeline? = try FramePipeline(display: display, orientation: .clockwise90, replacing: old)
        #expect(new!.compositor.pool.threadIDs == threads)
        old = nil
        try new!.drawFrame()
        #expect(Self.stillRunning(threads, bound: 0) == threads)
        new = nil
        #expect(Self.stillRunning(threads).isEmpty)
    }

    /// A kiosk on a flip-paced display, the demo show, its loop run between commands.
    func kiosk() throws -> (Kiosk, FlipPacedDisplay) {
        let display = try FlipPacedDisplay(width: 320, height: 192)
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.watchdogInterval = 0.1
        settings.paintThreads = 1
        let kiosk = try Kiosk(
            settings: settings, display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: nil) },
            textRasterizer: AssetsTextRasterizer(), notify: { _ in },
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        // Wakes pollOnce while the kiosk is idle.
        kiosk.watchdogTimer.arm(after: 0.01, every: 0.01)
        return (kiosk, display)
    }

    /// Weak references to what a rebuild replaces.
    struct Replaced {
        weak var pipeline: FramePipeline?
        weak var compositor: Compositor?
        weak var root: Layer?
        weak var scene: AnyObject?
        weak var router: AnyObject?
        weak var tracker: AnyObject?
        weak var program: AnyObject?

        init(_ k: Kiosk) {
            pipeline = k.pipeline
            compositor = k.pipeline.compositor
            root = k.pipeline.compositor.root
            scene = k.scene
            router = k.router
            tracker = k.tracker
            program = k.program
        }

        /// What is still alive, by name.
        var alive: [String] {
            var out: [String] = []
            if pipeline != nil { out.append("pipeline") }
            if compositor != nil { out.append("compositor") }
            if root != nil { out.append("layer tree") }
            if scene != nil { out.append("scene") }
            if router != nil { out.append("router") }
            if tracker != nil { out.append("tracker") }
            if program != nil { out.append("show") }
            return out
        }
    }

    @Test func reloadsAndTurnsReleaseWhatTheyReplace() throws {
        let (kiosk, display) = try kiosk()
        try kiosk.frame(at: 0, force: true)
        kiosk.scheduleIfMoving()
        func run(_ seconds: Double) throws {
            let end = kiosk.now + seconds
            while kiosk.now < end { try kiosk.pollOnce() }
        }
        /// Runs the loop until `done` (a turn is made at the next frame, which a busy
        /// machine may hold back), at most 30 s: a hang bound.
        func run(until done: () -> Bool) throws {
            let end = kiosk.now + 30
            while !done() && kiosk.now < end { try kiosk.pollOnce() }
        }
        try run(0.1)
        let paintThreads = kiosk.pipeline.compositor.pool.threadIDs
        var leftovers: [String] = []
        for i in 0..<20 {
            // A reload: a new show, pipeline and scene.
            let old = Replaced(kiosk)
            #expect(kiosk.command("reload") == ["ok show=built-in demo show"])
            try run(0.02)
            if !old.alive.isEmpty { leftovers.append("reload \(i): \(old.alive.joined(separator: ", "))") }
            // A turn: a new pipeline and scene on the same show.
            let turned = Replaced(kiosk)
            let angle = [90, 180, 270, 0][i % 4]
            #expect(kiosk.command("rotate \(angle)") == ["ok rotation=\(angle)"])
            try run(until: { kiosk.orientation.degrees == angle })
            try run(0.02)
            let turnedAlive = turned.alive.filter { $0 != "show" }
            if !turnedAlive.isEmpty { leftovers.append("rotate \(i): \(turnedAlive.joined(separator: ", "))") }
        }
        #expect(leftovers.isEmpty, "still alive after being replaced: \(leftovers.prefix(4))")
        // The first pipeline's paint threads paint still, and no others were started.
        #expect(kiosk.pipeline.compositor.pool.threadIDs == paintThreads)
        #expect(ReloadLeakTests.stillRunning(paintThreads, bound: 0) == paintThreads)
        #expect(display.violations == 0)
        // And it still draws: the last turn's frames reached the display.
        #expect(kiosk.framesDrawn > 40)
    }

    @Test func theKioskKeepsLargeBlocksInTheirOwnMappings() {
        // glibc has mallopt: the threshold is fixed (see AllocatorTuning).
        #expect(AllocatorTuning.apply())
    }
}
