import LinuxSystem
internal import Glibc
import Compositor
import ConfigFile
import Display
import FixedPoint
import Input
import LibInput
import Logging
import Power
import Raster
import Rotation
import Scenes

/// The kiosk: one thread owns the event loop, a poll() over the signalfd, the frame
/// timer, the display's descriptors (DRM page-flip events, hotplug), the input devices
/// (libinput), the watchdog and idle timers, the touch script's feed, the screen power
/// timer, the control socket and, with `--watch`, the show folder's inotify descriptor
/// and its debounce timer (`PollSet` names each; the Architecture article, "One frame").
///
/// Frames are drawn only while something changes: when nothing animates and no touch is
/// down the loop sleeps in poll() (waking only for the watchdog, when there is one), and
/// while the screen is dark (`Kiosk+Power`) nothing is drawn at all. On
/// a display with flip events the next frame is drawn when the last one is on screen
/// (one flip in flight); on one without, the frame timer paces at the refresh rate.
public final class Kiosk {
    public let settings: KioskSettings
    /// Where `reload` and SIGHUP get the show from.
    let loadProgram: () throws(ConfigError) -> any ShowProgram
    let notify: (String) -> Void
    let logger: Logger
    let textRasterizer: (any TextRasterizing)?

    let signals: SignalFD
    let frameTimer: TimerFD
    let watchdogTimer: TimerFD
    let idleTimer: TimerFD
    let touchTimer: TimerFD
    /// Fires at the screen power policy's next change (`Kiosk+Power`).
    let powerTimer: TimerFD
    let control: ControlServer?

    var program: any ShowProgram
    let display: any DisplayBackend
    var pipeline: FramePipeline
    var scene: any PlayableScene
    var tracker: TouchTracker
    var router: TouchRouter<LayerHitTester>
    var touchPlayer: TouchScript.Player?
    /// The touch script's pass being played (0: the first), when it loops.
    var touchPass = 0
    /// The input devices (nil: none, e.g. a headless board, or not opened yet), and the
    /// edge's translation of their events into panel-space touch and pointer events.
    var input: LibInputSeat?
    /// Opens the input devices once the first frame is on screen and READY=1 sent (nil:
    /// `input` is all there is): enumerating them through udev and libinput is a large
    /// part of a restart, which the frame need not wait for.
    var openInput: (() -> LibInputSeat?)?
    var translator: InputTranslator
    /// Touch sequences and latency, for `status`.
    var touchStats = TouchStats()
    /// The one owner of the orientation in force: the board's mount and source, what
    /// the source said, what `rotate` asked for.
    var rotation: RotationService
    /// The accelerometer sampled for `rotation.source = "iio"` (nil: none found, or it
    /// went away: looked for again at each sample time).
    var accelerometer: IIOSampler?
    /// Samples the accelerometer at 10 Hz (iio), or ends the launch's wait for a `rotate`
    /// (control).
    let orientationTimer: TimerFD
    /// The orientation the pipeline and the scene are laid out for.
    var orientation: Orientation
    /// An orientation asked for (`rotate`) and not yet drawn: applied at the next frame,
    /// so a burst of requests turns once, to the last one.
    var pendingOrientation: Orientation?
    /// The turn on screen after an orientation change, while it runs.
    var transition: TurnTransition?
    /// When the pending orientation was asked for (scene seconds), and whether the frame
    /// being drawn is the first of a new orientation: for the turn's time in `status`.
    var orientationAskedAt: Double?
    /// The turn carried out for the frame being drawn: when it was asked for (scene
    /// seconds) and its rebuild, milliseconds.
    var turnInThisFrame: (askedAt: Double, rebuild: Double)?
    /// When the turn whose first frame was the last one drawn was asked for: the next
    /// frame, the first that moves, is logged against it.
    var turnMovesNext: Double?
    /// The last orientation change: from the request to the first frame of the new
    /// orientation handed to the display, and that frame's rebuild, milliseconds.
    var lastTurn: (total: Double, rebuild: Double)?
    /// Whether the other orientation's pictures were resampled ahead (`prewarmTurn`).
    var turnPrewarmed = false

    /// CLOCK_MONOTONIC seconds of scene time 0: when the first frame reached the screen
    /// (set again once it has), so the launch's hold is time the closed doors are
    /// actually seen, however long that first frame took to make (0.4-1.3 s in the e2e
    /// VM under TCG, which used to eat the whole 0.5 s hold).
    private(set) var startTime: Double
    /// CLOCK_MONOTONIC seconds when the kiosk was made (for the ready line).
    private var initTime: Double
    /// Frames drawn (a frame is drawn only when something changed).
    public private(set) var framesDrawn = 0
    /// When the frame timer will fire, scene seconds (nil: disarmed).
    var frameDeadline: Double?
    /// When the pending frame was asked for (nil: none pending), for the watchdog.
    var frameRequestedAt: Double?
    var lastFrameAt = -Double.infinity
    /// Scene seconds of the last frame tick, drawn or not: the loop's own next tick comes
    /// a period later (`scheduleIfMoving`), so that a finger held still on a tile has its
    /// gestures' deadlines looked at once a period, not in a busy loop; a touch or a
    /// command still gets its frame at once.
    var lastTickAt = -Double.infinity
    /// Whether the scene fetched a picture ahead after the last tick
    /// (`PlayableScene.prepareAhead()`): at rest, the loop ticks again a period later for
    /// the next, until it has none.
    var aheadPending = false
    /// The scene time of the frame being made, while `frame(at:force:)` runs (nil
    /// otherwise): a frame asked for meanwhile (a turn's rebuild asks for one) comes a
    /// period after it, not at once. Else every `rotate` carried out in a frame armed
    /// the next frame at once, and 1,000 requests a second drew 229 frames a second.
    var frameInProgressAt: Double?
    var stopRequested = false
    /// poll()'s descriptor set, kept from one wake-up to the next.
    var pollSet = PollSet()
    /// A frame is wanted but a flip is in flight: drawn when it lands.
    var frameWanted = false
    /// The wanted frame must be drawn even if nothing changed (a new output, a rebuild).
    var forceNext = false
    /// What the display's flips showed: counts, and the vblank the next is due at.
    var flips = FlipStats()
    /// Screen power: the policy, the backlight and the display's switch (`Kiosk+Power`).
    var power: ScreenPower
    /// Whether the screen is dark (off): no frame is asked for, timed or drawn until it
    /// wakes, which repaints it whole.
    var screenDark = false
    /// The last wake's time to its first frame on screen, for `status`'s `wake_ms`.
    var wakeLatency = WakeLatency()
    /// The show folder watched for edits (`settings.watchFolder`; nil: none).
    var watch: ShowWatch?
    /// Reloads that replaced the show (SIGHUP, `reload`, the watch), for `status`.
    var reloads = 0
    /// Why the last reload failed (nil: it succeeded, or none was tried), for `status`
    /// and the banner.
    var reloadError: String?
    /// The banner over the show while the last reload failed, with `--watch`
    /// (`ReloadBanner`), and the error it says.
    var reloadBanner: (layer: Layer, message: String)?

    /// Opens everything the kiosk needs; draws nothing yet.
    ///
    /// - Parameters:
    ///   - display: opened by the caller (`DisplayOpener`); the kiosk closes it on exit.
    ///   - signals: made by the caller first thing, before any thread exists.
    ///   - input: the input devices, opened by the caller; nil for none.
    ///   - openInput: opens them after the first frame instead (`input` nil).
    ///   - loadProgram: loads the show (again on reload); its error is exit 78 at start.
    ///   - notify: sends one sd_notify state line ("READY=1").
    public init(
        settings: KioskSettings, display: any DisplayBackend, input: LibInputSeat? = nil,
        openInput: (() -> LibInputSeat?)? = nil, signals: consuming SignalFD,
        loadProgram: @escaping () throws(ConfigError) -> any ShowProgram,
        textRasterizer: (any TextRasterizing)?, notify: @escaping (String) -> Void, logger: Logger
    ) throws(KioskError) {
        // Before the show's pictures and the pipeline's surfaces are made: each large
        // block in a mapping of its own, so a reload gives the old ones back.
        AllocatorTuning.apply()
        self.settings = settings
        self.loadProgram = loadProgram
        self.notify = notify
        self.logger = logger
        self.textRasterizer = textRasterizer
        self.signals = signals
        do {
            program = try loadProgram()
        } catch {
            throw .configuration(error)
        }
        do {
            frameTimer = try TimerFD()
            watchdogTimer = try TimerFD()
            idleTimer = try TimerFD()
            touchTimer = try TimerFD()
            orientationTimer = try TimerFD()
            powerTimer = try TimerFD()
        } catch {
            throw .failure("\(error)")
        }
        self.display = display
        power = Self.makeScreenPower(settings: settings, display: display, logger: logger)
        self.input = input
        self.openInput = input == nil ? openInput : nil
        translator = InputTranslator(
            panelSize: PanelSize(width: display.width, height: display.height), selection: input?.selection ?? .every)
        if let path = settings.controlPath {
            do {
                control = try ControlServer(path: path)
            } catch .busy {
                throw .busy("\(ControlSocketError.busy(path: path))")
            } catch let error where error.isNotASocket {
                // Someone else's file: never replaced, and no kiosk without its socket.
                throw settings.controlPathFromCommandLine ? .usage("\(error)") : .failure("\(error)")
            } catch let error where settings.controlPathFromCommandLine {
                // A path asked for by name that cannot be a socket (its directory
                // missing, read-only, an empty path): a bad command line, exit 64; a
                // kiosk that only warned could not be reached where it was told to be.
                throw .usage("\(error)")
            } catch {
                // The default path, for a kiosk started by hand without /run/vitrine: it
                // still runs, only without remote control.
                logger.warning("no control socket: \(error)")
                control = nil
            }
        } else {
            control = nil
        }
        // The orientation before the first frame: the panel's property is read now, the
        // accelerometer sampled once; the launch waits (at most a second) for what is
        // still unknown.
        rotation = RotationService(mount: settings.mount, source: settings.rotationSource, startedAt: 0)
        orientation = settings.mount
        startTime = MonotonicClock.now()
        initTime = startTime
        translator.timeOrigin = startTime
        touchPlayer = settings.touchScript.map { TouchScript.Player($0) }
        accelerometer = Self.firstOrientation(&rotation, settings: settings, display: display, logger: logger)
        orientation = rotation.orientation
        let parts = try Self.makeScene(
            program: program, display: display, orientation: orientation, settings: settings, textRasterizer: textRasterizer,
            resume: settings.resume, orientationKnown: !rotation.isWaiting(now: 0))
        (pipeline, scene, tracker, router) = parts
        titleWindow()
        if let folder = settings.watchFolder {
            do {
                watch = try ShowWatch(folder: folder)
            } catch {
                throw .failure("--watch: \(error)")
            }
            armWatch()
        }
    }

    typealias SceneParts = (FramePipeline, any PlayableScene, TouchTracker, TouchRouter<LayerHitTester>)

    /// A pipeline for `orientation` and the program's scene on it, with touch wired
    /// through the pipeline's transform; `replacing`: the pipeline it takes over from on
    /// the same display (a turn, a reload), whose paint threads it keeps.
    static func makeScene(
        program: any ShowProgram, display: any DisplayBackend, orientation: Orientation, settings: KioskSettings,
        textRasterizer: (any TextRasterizing)?, resume: String?, orientationKnown: Bool = true,
        replacing old: FramePipeline? = nil
    ) throws(KioskError) -> SceneParts {
        let pipeline: FramePipeline
        do {
            pipeline = try FramePipeline(
                display: display, orientation: orientation, paintThreads: settings.paintThreads, replacing: old)
        } catch {
            throw .failure("\(error)")
        }
        pipeline.compositor.textRasterizer = textRasterizer
        textRasterizer?.useFonts(program.fonts)
        let scene = program.makeScene(
            root: pipeline.compositor.root, width: pipeline.logicalWidth, height: pipeline.logicalHeight,
            resume: resume, orientationKnown: orientationKnown)
        let (w, h) = (display.width, display.height)
        let transform = pipeline.transform
        let tracker = TouchTracker(panelSize: PanelSize(width: w, height: h)) { p in transform.logicalPoint(p) }
        tracker.pointerAsTouch = settings.pointerAsTouch
        let router = TouchRouter(hitTester: LayerHitTester(compositor: pipeline.compositor))
        scene.attachGestures(to: router)
        return (pipeline, scene, tracker, router)
    }

    /// Seconds since start.
    var now: Double { MonotonicClock.now() - startTime }

    /// `idle_reset` for logs and `status`: "120", "1.500".
    var idleResetText: String {
        let s = settings.idleReset
        return Decimal.format(s, places: s == s.rounded() ? 0 : 3)
    }

    /// Why `run` stopped short of a clean stop, one line ("first frame: ..."), for the
    /// caller to say as the process's last word (the command's `Error:` line); nil after
    /// a clean stop.
    public private(set) var failure: String?

    /// Draws the first frame, tells systemd READY=1, and runs until SIGTERM or SIGINT.
    /// Returns the exit status (0 after a clean stop; otherwise `failure` says why).
    public func run() -> ExitStatus {
        defer { display.close() }
        let made = MonotonicClock.now()
        do {
            try frame(at: 0, force: true)
        } catch {
            failure = "first frame: \(error)"
            return error.exitStatus
        }
        start(firstFrameSeconds: MonotonicClock.now() - made)
        while !stopRequested {
            do {
                try pollOnce()
            } catch {
                failure = "\(error)"
                return error.exitStatus
            }
        }
        notify("STOPPING=1")
        logger.info("stopping after \(framesDrawn) frames")
        return .success
    }

    /// What follows the first frame, before the loop: READY=1 and the ready line, then
    /// the input devices (`openInputNow`: the frame is not kept waiting for them) and the
    /// timers; the rest of the launch's scene (home under the closed doors) is made in the
    /// gaps between ticks from then on (`prepareAhead()`).
    func start(firstFrameSeconds: Double) {
        startTime = MonotonicClock.now()
        translator.timeOrigin = startTime
        notify("READY=1")
        notify("STATUS=Showing \(scene.screen)")
        let sinceExec = ProcessAge.seconds().map { ", \(Decimal.format($0 * 1000, places: 0)) ms since exec" } ?? ""
        logger.info(
            "ready: \(display.name) \(display.width)x\(display.height) orientation \(orientation), \(program.origin), first frame after \(Decimal.format((startTime - initTime) * 1000, places: 1)) ms (drawn in \(Decimal.format(firstFrameSeconds * 1000, places: 1)) ms)\(sinceExec)"
        )
        openInputNow()
        windowAtStart()
        if let w = settings.watchdogInterval {
            // systemd's watchdog runs from READY=1, and enumerating the input devices is
            // slow on a slow machine (a booting VM under TCG): a ping at once, then every
            // half interval.
            notify("WATCHDOG=1")
            watchdogTimer.arm(after: w / 2, every: w / 2)
        }
        armIdle()
        armTouch()
        armOrientation()
        startPower()
        prepareAhead()
        scheduleIfMoving()
    }

    /// One poll() and the work for every descriptor that woke it, in a fixed order:
    /// signals, touch (script and devices), timers, the display, control, then the frame.
    func pollOnce() throws(KioskError) {
        pollSet.removeAll()
        pollSet.add(signals.fd, .signals)
        pollSet.add(frameTimer.fd, .frameTimer)
        pollSet.add(watchdogTimer.fd, .watchdogTimer)
        pollSet.add(idleTimer.fd, .idleTimer)
        pollSet.add(touchTimer.fd, .touchTimer)
        pollSet.add(orientationTimer.fd, .orientationTimer)
        pollSet.add(powerTimer.fd, .powerTimer)
        if let input { pollSet.add(input.fd, .input) }
        if let watch {
            pollSet.add(watch.inotify.fd, .showWatch)
            pollSet.add(watch.timer.fd, .showWatchTimer)
        }
        let displayFDs = display.eventDescriptors
        for fd in displayFDs { pollSet.add(fd, .display(fd)) }
        if let control {
            pollSet.add(control.fd, .controlListener)
            for c in control.clients { pollSet.add(c.fd, .controlClient(c.fd)) }
        }
        // Clients get a deadline; otherwise sleep until something happens.
        let timeout: Int32 = (control?.clients.isEmpty ?? true) ? -1 : 500
        if pollSet.poll(timeout: timeout) < 0 {
            if errno == EINTR { return }
            throw .failure("\(SystemCallError("poll", errno: errno))")
        }
        if pollSet.isReady(.signals) { handleSignals() }
        if pollSet.isReady(.touchTimer) {
            touchTimer.acknowledge()
            feedTouches()
        }
        if pollSet.isReady(.input) { inputEvents() }
        if pollSet.isReady(.orientationTimer) {
            orientationTimer.acknowledge()
            orientationTick()
        }
        if pollSet.isReady(.idleTimer) {
            idleTimer.acknowledge()
            idleExpired()
        }
        if pollSet.isReady(.powerTimer) {
            powerTimer.acknowledge()
            powerTimerFired()
        }
        if pollSet.isReady(.watchdogTimer) {
            watchdogTimer.acknowledge()
            watchdogTick()
        }
        if pollSet.isReady(.showWatch) { showWatchEvents() }
        if pollSet.isReady(.showWatchTimer) { showWatchTimerFired() }
        for fd in displayFDs where pollSet.isReady(.display(fd)) { try displayEvents(on: fd) }
        if pollSet.hasControl || timeout >= 0 { serviceControl() }
        if pollSet.isReady(.frameTimer) {
            frameTimer.acknowledge()
            frameDeadline = nil
            try frame(at: now, force: false)
            prepareAhead()
            scheduleIfMoving()
        }
    }

    /// Draws the scene at scene time `t` if anything changed (or `force`). With a flip in
    /// flight it only notes that a frame is wanted; with no output it draws nothing.
    func frame(at t: Double, force: Bool) throws(KioskError) {
        // Dark: nothing drawn; waking repaints the whole screen.
        guard !screenDark else {
            frameWanted = false
            return
        }
        if display.isFlipPending {
            frameWanted = true
            forceNext = forceNext || force
            return
        }
        let force = force || forceNext
        forceNext = false
        frameWanted = false
        frameRequestedAt = nil
        // No output (unplugged): nothing to draw on; `.outputBack` asks for a whole frame.
        guard display.isOutputAvailable else { return }
        lastTickAt = t
        frameInProgressAt = t
        defer { frameInProgressAt = nil }
        applyPendingOrientation(at: t)
        router.tick(time: t)
        scene.update(time: t)
        if let turn = transition, !turn.update(time: t) { transition = nil }
        for w in program.takeWarnings() { logger.warning("\(w)") }
        if let text = textRasterizer as? AssetsTextRasterizer { for w in text.takeWarnings() { logger.warning("\(w)") } }
        guard force || pipeline.needsDisplay else {
            touchStats.nothingDrawn(stillMoving: isMoving)
            return
        }
        do {
            try pipeline.drawFrame()
        } catch .display(let e) {
            throw KioskError(e, context: "frame \(framesDrawn)")
        } catch {
            throw .failure("frame \(framesDrawn): \(error)")
        }
        framesDrawn += 1
        lastFrameAt = t
        if let asked = turnMovesNext {
            turnMovesNext = nil
            logger.debug(
                "rotation: the turn's first moving frame on screen \(Decimal.format((now - asked) * 1000, places: 1)) ms after it was asked")
        }
        if let turn = turnInThisFrame {
            turnInThisFrame = nil
            turnMovesNext = turn.askedAt
            let total = (now - turn.askedAt) * 1000
            lastTurn = (total, turn.rebuild)
            logger.info(
                "rotation: orientation \(orientation) on screen \(Decimal.format(total, places: 1)) ms after it was asked (rebuilt in \(Decimal.format(turn.rebuild, places: 1)) ms)"
            )
        }
        if let turn = transition {
            // Between this frame and the next: what the turn's later frames need.
            let began = now
            do {
                if try turn.prepareNextFrames() {
                    logger.debug(
                        "rotation: the turn's next frames prepared in \(Decimal.format((now - began) * 1000, places: 1)) ms")
                }
            } catch {
                logger.warning("rotation: \(error)")
            }
        }
        touchStats.frameDrawn(at: now, awaitingFlip: display.isFlipPending)
        wakeLatency.frameDrawn(at: now, awaitingFlip: display.isFlipPending)
    }

    /// In the gap after a tick (a frame drawn or not): one picture the scene's next
    /// frames may draw, fetched now (`PlayableScene.prepareAhead()`); not while an
    /// orientation's turn prepares its own, nor while the screen is dark.
    func prepareAhead() {
        aheadPending = transition == nil && !screenDark && scene.prepareAhead()
    }

    /// Whether anything on screen still moves: the scene, or an orientation's turn.
    var isMoving: Bool { scene.isAnimating || transition != nil }

    /// Seconds between frames when the loop paces them itself.
    var framePeriod: Double { 1 / (settings.frameRate ?? display.refreshRate) }

    /// Asks for a frame at the next tick of the display's clock: at once (or one period
    /// after the last frame drawn, or the one being made, and not before `notBefore`,
    /// scene seconds) when nothing is in flight, else when the flip lands. Every request
    /// for a frame comes through here (touch, control, rotation, reload), so none can
    /// draw faster than the frame pacing.
    func requestFrame(notBefore: Double = -Double.infinity) {
        // Dark: no frame asked for (the watchdog counts one asked for and not drawn as
        // a hang); waking asks for a whole one.
        guard !screenDark else { return }
        let t = now
        if frameRequestedAt == nil { frameRequestedAt = t }
        if display.isFlipPending {
            frameWanted = true
            return
        }
        let paced = Swift.max(lastFrameAt, frameInProgressAt ?? -Double.infinity) + framePeriod
        armFrame(at: Swift.max(t, paced, notBefore))
    }

    /// Sets the frame timer for `t` (scene seconds) unless it fires sooner already.
    func armFrame(at t: Double) {
        guard !screenDark else { return }
        if let armed = frameDeadline, armed <= t { return }
        frameTimer.arm(at: startTime + t)
        frameDeadline = t
    }

    /// Keeps frames coming while the scene moves or a finger is down.
    func scheduleIfMoving() {
        guard display.isOutputAvailable else { return }
        if isMoving || router.activeTouchCount > 0 || router.nextDeadline != nil
            || pipeline.needsDisplay
        {
            // The loop's own next tick: a period after the last one, drawn or not.
            requestFrame(notBefore: lastTickAt + framePeriod)
        } else if aheadPending {
            // At rest with pictures still to fetch ahead: the next one a period later.
            armFrame(at: Swift.min(lastTickAt + framePeriod, scene.nextChange ?? .infinity))
        } else if let later = scene.nextChange {
            // Asleep until then: a timer, not a frame each vblank.
            armFrame(at: later)
        } else {
            prewarmTurn()
        }
    }
}
