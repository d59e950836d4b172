import LinuxSystem
internal import Glibc
import Assets
import Compositor
import Display
import FixedPoint
import Input
import Raster
import Rotation
import Scenes

/// `vitrine render`: the runtime on the headless backend with a manual clock, from a
/// cold start at t = 0 to each requested time. Writes what the panel would show (panel
/// space, native size, after rotation) and reports each frame's time (update and composite).
///
/// A touch script's `rotate` lines turn the show as the kiosk does: at the first step at
/// or after a line's time, touches in progress are cancelled, the pipeline and scene are
/// made anew for the new orientation on the screen shown (the launch resumes home), and
/// the old frame turns into the new layout over 0.3 s (`OrientationChange`,
/// `TurnTransition`). The pictures stay the panel's: its native size, whatever the
/// orientation.
///
/// Presenting (`vitrine render --present`): the same frames, at the same manual-clock
/// steps, go to a real display instead (a Wayland window, DRM, fbdev), and after each the
/// renderer waits, outside the frame's time, until the display has shown it and has a
/// buffer free. So a frame's time on a real display and on the headless backend compare
/// frame for frame: the same scene times, the same damage, only the display differs.
public final class HeadlessRenderer {
    /// One drawn frame.
    public struct FrameReport: Sendable, Equatable {
        public var index: Int
        /// Scene time, seconds.
        public var time: Double
        /// Wall time of the whole frame, milliseconds: the touches and turns due, the
        /// scene's update, then the composite and hand-over (turned and converted
        /// included). `frame(at:player:warning:)`.
        public var milliseconds: Double
        public var stats: FrameStats

        /// The printed line: `frame 0003 t=0.050 frame_ms=2.413 repainted_px=1234 rects=2`.
        public var line: String {
            "frame \(Self.padded(index)) t=\(Decimal.format(time, places: 3))"
                + " frame_ms=\(Decimal.format(milliseconds, places: 3))"
                + " repainted_px=\(stats.repaintedPixels) rects=\(stats.repaintedRects)"
        }

        static func padded(_ n: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: Swift.max(0, 4 - s.count)) + s
        }
    }

    public let request: RenderRequest
    /// The frame pipeline of the current orientation (a new one after each turn).
    public private(set) var pipeline: FramePipeline
    /// The headless display the frames are drawn into and written from; nil when they
    /// are presented on `output` instead.
    public let display: HeadlessDisplay?
    /// Where the frames go: `display`, or the display given to present on.
    let output: any DisplayBackend
    var scene: any PlayableScene
    public let program: any ShowProgram
    let textRasterizer: (any TextRasterizing)?
    let touches: TouchScript?
    var tracker: TouchTracker
    var router: TouchRouter<LayerHitTester>
    /// The orientation the pipeline and scene are laid out for: `request.rotation` until a
    /// script's `rotate` line turns it.
    public private(set) var orientation: Orientation
    /// The turn on screen after an orientation change, while it runs.
    var transition: TurnTransition?
    /// Whether the other orientation's pictures were made ahead (`atRest()`).
    var turnPrepared = false

    /// - Parameter program: what to play (nil: the built-in test scene); `request.scene`
    ///   is the screen it starts on ("launch": a cold start).
    ///   `screen`: a display to present every frame on (timing only, at its own size and
    ///   format: the request's must match it), instead of the headless one.
    /// - Throws: `RenderError.usage` for an unknown format, rotation or size.
    public init(
        _ request: RenderRequest, program: (any ShowProgram)? = nil, textRasterizer: (any TextRasterizing)? = nil,
        presentingOn screen: (any DisplayBackend)? = nil
    ) throws(RenderError) {
        guard program != nil || request.scene == "test" else {
            throw .usage("scene '\(request.scene)' needs a show")
        }
        let program = program ?? TestProgram()
        self.program = program
        let format: PixelFormat
        switch request.format {
        case "xrgb8888": format = .xrgb8888
        case "rgb565": format = .rgb565
        default: throw .usage("unknown format '\(request.format)' (xrgb8888 or rgb565)")
        }
        if let screen {
            guard request.timingOnly else { throw .usage("presenting on a display needs --timing-only: no pictures are kept") }
            guard screen.width == request.width, screen.height == request.height, screen.format == format else {
                throw .usage(
                    "the display is \(screen.width)x\(screen.height) \(screen.format), the request \(request.width)x\(request.height) \(request.format)")
            }
            display = nil
            output = screen
        } else {
            let headless: HeadlessDisplay
            do {
                headless = try HeadlessDisplay(
                    width: request.width, height: request.height, format: format, buffers: request.buffers,
                    knowsAge: !request.fullRepaint)
            } catch {
                throw .usage("\(error)")
            }
            display = headless
            output = headless
        }
        self.request = request
        self.textRasterizer = textRasterizer
        orientation = request.rotation
        do {
            (pipeline, scene, tracker, router) = try Self.makeParts(
                request, program: program, display: output, orientation: request.rotation,
                textRasterizer: textRasterizer, resume: request.scene == "launch" ? nil : request.scene)
        } catch {
            throw .usage("\(error)")
        }
        do {
            if let script = request.touchScript {
                try script.validateRotations()
                touches = script
            } else {
                let panel = PanelSize(width: request.width, height: request.height)
                touches = try request.touchPath.map { path throws(TouchScriptError) in
                    try TouchScript.loadValidated(path: path, panel: panel)
                }
            }
        } catch {
            throw .touchScript(error)
        }
        // A script that turns the panel plays as the kiosk with a source that turns it:
        // both orientations' pictures kept once made (`ShowPictures.keepsBothOrientations`).
        if touches?.rotations.isEmpty == false { program.keepPicturesForBothOrientations() }
    }

    /// A pipeline for `orientation` on `display` and the program's scene on it, touch
    /// wired through the pipeline's transform: the kiosk's own parts
    /// (`Kiosk.makeScene`), with the render's paint threads.
    static func makeParts(
        _ request: RenderRequest, program: any ShowProgram, display: any DisplayBackend, orientation: Orientation,
        textRasterizer: (any TextRasterizing)?, resume: String?, replacing old: FramePipeline? = nil
    ) throws(KioskError) -> Kiosk.SceneParts {
        var settings = KioskSettings(mount: request.rotation)
        settings.paintThreads = request.paintThreads
        return try Kiosk.makeScene(
            program: program, display: display, orientation: orientation, settings: settings,
            textRasterizer: textRasterizer, resume: resume, replacing: old)
    }

    /// Carries out the script's rotations `due` at step `time`, as the kiosk's next frame
    /// after `rotate` does (`applyPendingOrientation`): several at one step turn once, to
    /// the last; one to the orientation already shown does nothing. A failure (no memory
    /// for the new surfaces) keeps the old orientation and goes to `warning`, as the
    /// kiosk logs it.
    func apply(_ due: ArraySlice<ScriptRotation>, at time: Double, warning: (String) -> Void) {
        var pending: Orientation? = nil
        for r in due {
            guard let asked = r.request else { continue }  // validated at load
            let wanted = OrientationChange.target(of: asked, mount: request.rotation)
            pending = wanted == orientation ? nil : wanted
        }
        guard let wanted = pending else { return }
        let change = OrientationChange(
            from: orientation, to: wanted, screen: scene.screen, pipeline: pipeline, running: transition)
        transition = nil
        let parts: Kiosk.SceneParts
        do {
            parts = try Self.makeParts(
                request, program: program, display: output, orientation: wanted, textRasterizer: textRasterizer,
                resume: change.resume, replacing: pipeline)
        } catch {
            warning("rotate to \(wanted): \(error); staying at \(orientation)")
            return
        }
        // Touches in progress end here: the new scene has another layout.
        tracker.cancelAll(time: time) { router.handle($0) }
        (pipeline, scene, tracker, router) = parts
        orientation = wanted
        transition = change.turn(in: pipeline, at: time)
    }

    /// Draws every requested frame, writing the pictures and calling `report` after each.
    /// A missing or corrupt picture goes to `warning`, once each; the frames go on with
    /// the placeholder.
    ///
    /// The runtime steps as on the panel (`steps`): each touch of the script is delivered
    /// at the first step at or after its own time, then its `rotate` lines due are
    /// carried out, then the scene (and a turn under way) is updated and a frame drawn
    /// for that step's time. Only the requested frames are reported and written
    /// (the others are drawn, as the panel would, but not encoded).
    public func run(report: (FrameReport) -> Void, warning: (String) -> Void = { _ in }) throws(RenderError)
        -> [FrameReport]
    {
        let steps = Self.steps(request.times, refreshRate: request.refreshRate)
        let requested = steps.reduce(0) { $0 + $1.outputs.count }
        let folder = request.writesSingleFile || request.timingOnly ? nil : request.outPath
        if let folder { try Self.makeFolder(folder) }
        var sheet: ContactSheet? = nil
        var animation: APNGWriter? = nil
        if case .frames(let count, let fps) = request.times, let folder {
            sheet = try? ContactSheet(frames: count, width: request.width, height: request.height)
            let (num, den) = Self.frameDelay(fps: fps)
            do {
                animation = try APNGWriter(
                    path: "\(folder)/animation.png", width: request.width, height: request.height, frameCount: count,
                    delayNumerator: num, delayDenominator: den)
            } catch {
                throw .image(error)
            }
        }
        var reports: [FrameReport] = []
        reports.reserveCapacity(requested)
        var player = touches.map { TouchScript.Player($0) }
        for step in steps {
            let t = step.time
            let start = MonotonicClock.now()
            let stats = try frame(at: t, player: &player, warning: warning)
            let ms = (MonotonicClock.now() - start) * 1000
            try betweenFrames()
            atRest()
            if display == nil { try waitUntilShown(drawnAt: start) }
            guard !step.outputs.isEmpty else { continue }
            for index in step.outputs {
                let r = FrameReport(index: index, time: t, milliseconds: ms, stats: stats)
                if !request.timingOnly, let front = display?.front {
                    do {
                        if let folder {
                            try PNG.write(front, to: "\(folder)/frame-\(FrameReport.padded(index)).png")
                        } else {
                            try PNG.write(front, to: request.outPath)
                        }
                    } catch {
                        throw .image(error)
                    }
                    sheet?.add(front)
                    do { try animation?.append(front) } catch { throw .image(error) }
                }
                reports.append(r)
                report(r)
            }
        }
        if let folder, let sheet {
            do { try PNG.write(sheet.sheet, to: "\(folder)/contact-sheet.png") } catch { throw .image(error) }
        }
        if let animation = animation.take() {
            do { try animation.finish() } catch { throw .image(error) }
        }
        return reports
    }

    /// One step's frame, whole: the script's touches due delivered, its `rotate` lines
    /// due carried out (a turn's rebuild: the old frame taken, the new pipeline and scene
    /// made), the scene (and a turn under way) updated to `t` (layout, text, pictures
    /// prepared), then the frame drawn and handed over. `FrameReport.milliseconds` is
    /// this call's wall time (a frame is the whole frame, not only its
    /// composite).
    ///
    /// `Tests/bench/gate` counts this function's instructions with callgrind
    /// (`--toggle-collect` on its symbol, with `betweenFrames`): keep the frame's work in
    /// it, and keep it a function of its own.
    @inline(never)
    func frame(at t: Double, player: inout TouchScript.Player?, warning: (String) -> Void) throws(RenderError)
        -> FrameStats
    {
        if player != nil {
            for event in player!.advance(to: t) {
                tracker.handle(event) { router.handle($0) }
            }
            apply(player!.rotations(through: t), at: t, warning: warning)
        }
        router.tick(time: t)
        scene.update(time: t)
        if let turn = transition, !turn.update(time: t) { transition = nil }
        for w in program.takeWarnings() { warning(w) }
        if let text = textRasterizer as? AssetsTextRasterizer { for w in text.takeWarnings() { warning(w) } }
        do { return try pipeline.drawFrame() } catch { throw .frame(error) }
    }

    /// After a frame is handed over, as the kiosk does in its gap between frames: what a
    /// turn's later frames need, or else a picture the scene's next frames may draw
    /// (`PlayableScene.prepareAhead()`), in no frame's time. Counted by `Tests/bench/gate`
    /// with `frame(at:player:warning:)`.
    @inline(never)
    func betweenFrames() throws(RenderError) {
        guard let turn = transition else {
            _ = scene.prepareAhead()
            return
        }
        do { try turn.prepareNextFrames() } catch { throw .frame(error) }
    }

    /// After a frame, when nothing moves, no touch is down and nothing is due: what the
    /// kiosk does once it first rests (`Kiosk.prewarmTurn`), here when the script turns
    /// the panel: the other orientation's home built off screen, its pictures kept, so
    /// that the frame asking for a turn finds them made. In no frame's time, and not
    /// counted by `Tests/bench/gate` (the kiosk's idle time, as the show's loading).
    @inline(never)
    func atRest() {
        guard !turnPrepared, touches?.rotations.isEmpty == false, scene.screen != "launch", transition == nil,
            !scene.isAnimating, scene.nextChange == nil, router.activeTouchCount == 0, router.nextDeadline == nil,
            !pipeline.needsDisplay
        else { return }
        turnPrepared = true
        Kiosk.prepareTurn(program: program, from: orientation, panelWidth: output.width, panelHeight: output.height)
    }

    /// Seconds a presented frame may take to be shown: a hang bound (a compositor that
    /// stopped answering), not an expectation.
    static let shownLimit = 30.0

    /// After presenting on a display: reads its events until the frame is shown and a
    /// buffer is free (`isFlipPending` false). A display that reports no flips (headless,
    /// fbdev without vsync events) is paced as the kiosk's loop paces it: the next frame
    /// a refresh period after this one began (`drawnAt`, MonotonicClock seconds). The window
    /// closed, the output lost or resized, or nothing shown within `shownLimit`:
    /// `RenderError.display`.
    func waitUntilShown(drawnAt: Double) throws(RenderError) {
        if output.eventDescriptors.isEmpty {
            let left = drawnAt + 1 / output.refreshRate - MonotonicClock.now()
            if left > 0 {
                var pause = timespec(tv_sec: Int(left), tv_nsec: Int((left - left.rounded(.down)) * 1e9)), rest = timespec()
                while nanosleep(&pause, &rest) != 0 && errno == EINTR { pause = rest }
            }
            return
        }
        let deadline = MonotonicClock.now() + Self.shownLimit
        var ended: String? = nil
        while output.isFlipPending && ended == nil {
            let left = deadline - MonotonicClock.now()
            guard left > 0 else {
                throw .display("\(output.name): a frame was not shown within \(Int(Self.shownLimit)) s")
            }
            var fds = output.eventDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(left * 1000) + 1)
            if ready < 0 && errno != EINTR {
                throw .display("\(output.name): poll: \(SystemErrno.current)")
            }
            for p in fds where p.revents != 0 {
                do {
                    try output.handleEvents(on: p.fd) { event in
                        switch event {
                        case .frameShown: break
                        case .outputLost(let what): ended = "output lost: \(what)"
                        case .closeRequested(let who): ended = "window closed by \(who)"
                        case .outputBack(let what): ended = "output changed: \(what)"
                        }
                    }
                } catch {
                    throw .display("\(error)")
                }
            }
        }
        if let ended { throw .display("\(output.name): \(ended)") }
    }

    /// One step of the runtime: a frame drawn at `time` (seconds from the cold start),
    /// written out as the requested frames `outputs` (their indices; empty: drawn only).
    public struct Step: Sendable, Equatable {
        public var time: Double
        public var outputs: [Int]
    }

    /// The steps a render takes, in time order.
    ///
    /// - `--frames N --fps F`: the frames themselves, one step each (F is the rate the
    ///   runtime runs at; 60 by default, a panel's usual refresh).
    /// - `--at T...`: from t = 0 to the last requested time, one step per refresh period
    ///   (`refreshRate`, hertz), with each requested time a step of its own (on the grid
    ///   or between two of its steps), so the scene has seen every step a panel would
    ///   have drawn before T. A time asked for twice is one step written twice; the
    ///   outputs are numbered in the order the times were given.
    public static func steps(_ times: RenderRequest.Times, refreshRate: Double) -> [Step] {
        switch times {
        case .frames(let count, let fps):
            return (0..<count).map { Step(time: Double($0) / fps, outputs: [$0]) }
        case .at(let ts):
            let asked = ts.enumerated().sorted { $0.element != $1.element ? $0.element < $1.element : $0.offset < $1.offset }
            let period = 1 / refreshRate
            var steps: [Step] = []
            var k = 0
            var a = 0
            while a < asked.count {
                let grid = Double(k) * period
                let next = asked[a].element
                // A grid step within a microsecond of a requested time is that time.
                if grid < next - 1e-6 {
                    steps.append(Step(time: grid, outputs: []))
                    k += 1
                    continue
                }
                var outputs: [Int] = []
                while a < asked.count, asked[a].element == next {
                    outputs.append(asked[a].offset)
                    a += 1
                }
                steps.append(Step(time: next, outputs: outputs))
                if grid <= next + 1e-6 { k += 1 }
            }
            return steps
        }
    }

    /// An animated PNG frame delay for `fps`: exactly 1/fps when fps is a whole number,
    /// else to the nearest millisecond.
    static func frameDelay(fps: Double) -> (UInt16, UInt16) {
        if fps == fps.rounded(), fps >= 1, fps <= 65535 { return (1, UInt16(fps)) }
        let ms = Swift.min(65535, Swift.max(1, (1000 / fps).rounded()))
        return (UInt16(ms), 1000)
    }

    static func makeFolder(_ path: String) throws(RenderError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw .output(path: path, reason: SystemErrno.current.description)
        }
    }
}
