import Board
import ConfigFile
import Display
import Input
import Logging
import Power
import Runtime

#if canImport(Glibc)
    import Glibc
#endif

/// `vitrine run`: the kiosk, on the board's display (or the first one found), until
/// SIGTERM.
struct RunCommand: Command {
    static let syntax = CommandSyntax(
        name: "run",
        abstract: "Run the kiosk on the board's display.",
        discussion: """
            Without --board: a Wayland window if WAYLAND_DISPLAY is set, else the first DRM \
            device with a connected connector, else /dev/fb0, else exit 69. SIGTERM stops \
            (exit 0); SIGHUP reloads the show. Exit 78 for a bad board or show, 66 for one \
            that is missing or unreadable (or a --touch script), 69 when there is no usable display, 75 when another kiosk runs, 64 when --control names a file \
            that is not a socket (only a stale socket is ever replaced) or a path where no \
            socket can be made (its folder missing or read-only).
            """,
        options: [
            .value(
                "--board",
                help: "The board file: the panel's display, touch, rotation, show and power (see the Board file reference in the documentation)."
            ),
            .value("--show", help: "The show folder (default: the board's [show] path, else the built-in demo show)."),
            .flag(
                "--watch",
                help: """
                    Reload the show by itself when its folder changes (show.toml, the pictures' \
                    folders), staying on the screen shown: for a show's author. A show that does \
                    not load keeps the last good one on screen under a red banner saying why. \
                    Needs a show folder (--show, or the board's [show] path): exit 64 without one.
                    """),
            .value(
                "--touch",
                help: "A touch script played into a headless panel, times from the start (for testing); its rotate lines turn the show as 'ctl rotate' does."
            ),
            .value(
                "--touch-loop",
                help: "Play the --touch script again every this many seconds, over and over (longer than its last time)."),
            .value(
                "--control",
                help: """
                    The control socket (default: $RUNTIME_DIRECTORY/control, else /run/vitrine/control). \
                    Only a stale socket there is replaced; any other file is left alone (exit 64), as is \
                    a path where no socket can be made (exit 64).
                    """),
            .value(
                "--wait-for-display",
                help: """
                    Seconds to wait for a display that isn't there yet (a panel driver still probing \
                    or loaded late at boot); default 10, and under systemd (NOTIFY_SOCKET set) no limit.
                    """),
        ])

    let board: String?
    let show: String?
    let watch: Bool
    let touch: String?
    let touchLoop: Double?
    let control: String?
    let waitForDisplay: Double?

    init(_ line: ParsedCommandLine) throws(CommandLineError) {
        board = try line.value("--board")
        show = try line.value("--show")
        watch = line.flag("--watch")
        touch = try line.value("--touch")
        touchLoop = try line.value("--touch-loop")
        control = try line.value("--control")
        waitForDisplay = try line.value("--wait-for-display")
    }

    func run() throws {
        // First, before any thread exists: the signals the loop reads from its signalfd.
        let signals: SignalFD
        do { signals = try SignalFD() } catch { throw exitWith(.failure, "\(error)") }
        // A peer gone mid-write (a control client) is an EPIPE to handle, not a death; so
        // is a screenshot's file grown past a file-size limit (LimitFSIZE=): EFBIG.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        let environment = ProcessEnvironment.current()
        VitrineLog.bootstrap(environment: environment)
        let logger = Logger(label: "vitrine")
        defer { JournalWriter.standard.flushSuppressed() }
        /// The reason on stderr (`Error: ...`, or `<3>vitrine: ...` for the journal) and
        /// the exit with `status`.
        func fail(_ status: ExitStatus, _ message: String) -> CommandExit {
            exitWith(status, message)
        }

        if control?.isEmpty == true { throw UsageError("--control wants a socket path, not an empty one") }
        if let waitForDisplay {
            guard waitForDisplay.isFinite, waitForDisplay >= 0, waitForDisplay <= 600 else {
                throw UsageError("--wait-for-display wants seconds from 0 to 600, not \(waitForDisplay)")
            }
        }
        let board: Board
        if let boardPath = self.board {
            do {
                board = try Board.load(path: boardPath)
            } catch {
                throw fail(error.exitStatus, "\(error)")
            }
        } else if let found = DisplayProbe.firstDisplay() {
            // No board: the first display found (a Wayland window, a DRM card with a
            // connected connector, /dev/fb0), everything else default.
            board = Board(name: "found", display: found, path: "(no board)")
            logger.info("no --board: using \(found.backend.rawValue) \(found.device ?? "")")
        } else {
            throw fail(.unavailable, "no usable display: \(DisplayProbe.lookedAt())")
        }
        var settings = KioskSettings(mount: board.rotation.mount, idleReset: board.show.idleReset)
        settings.controlPath = control ?? ControlClient.defaultPath(environment: environment)
        settings.pointerAsTouch = board.touch.pointerAsTouch
        settings.rotationSource = board.rotation.source
        settings.iioDevice = board.rotation.iioDevice
        // Where IIO devices are looked for: sysfs's, or a tree of files standing in for
        // an accelerometer (trying an `iio` board on a machine without one).
        if let root = environment["VITRINE_IIO_ROOT"], !root.isEmpty { settings.iioRoot = root }
        settings.controlPathFromCommandLine = control != nil
        settings.power = board.power
        if board.display.backend == .headless || board.display.backend == .wayland, board.power.backlight == .automatic {
            // No screen of its own (memory, a window on someone's desktop): the machine's
            // backlight is not the show's to pick. One named is still set.
            settings.power.backlight = .none
        }
        // Where backlights are looked for: sysfs's, or a stand-in tree (VITRINE_SYSFS_ROOT).
        settings.sysfsRoot = Backlight.sysfsRootFromEnvironment()
        if let touch {
            do {
                settings.touchScript = try TouchScript.loadValidated(path: touch)
            } catch where error.isUnreadable {
                throw fail(.noInput, "\(error)")
            } catch {
                throw UsageError("\(error)")
            }
        }
        if let touchLoop {
            guard let script = settings.touchScript else { throw UsageError("--touch-loop needs --touch") }
            do { try script.validateLoop(period: touchLoop) } catch { throw UsageError("\(error)") }
            settings.touchLoop = touchLoop
        }
        let notifier = SystemdNotifier.fromProcess()
        settings.watchdogInterval = notifier.watchdogInterval
        let showFolder = show ?? board.show.path
        if watch {
            // The built-in demo show has no folder to watch: a bad command line, not a
            // kiosk that silently never reloads.
            guard let showFolder else {
                throw UsageError("--watch needs a show folder: --show DIR, or a board whose [show] names one")
            }
            settings.watchFolder = showFolder
        }
        // A DRM card kept in systemd's file-descriptor store by the process before (a crash):
        // still DRM master, its last frame still on screen (CardStore).
        let keptCard = CardStore.takeKeptCard(
            PassedDescriptors.takeFromProcess(), isDRM: board.display.backend == .drm, notifier: notifier,
            logger: logger)
        let display: any DisplayBackend
        do {
            // By hand, "no display" soon (exit 69); under systemd, wait for the panel's
            // driver as long as it takes, telling systemd why the start takes so long
            // (`systemctl status`) and holding off its TimeoutStartSec= meanwhile.
            let limit = waitForDisplay ?? (notifier.isEnabled ? nil : 10)
            var told = -Double.infinity
            display = try DisplayOpener.open(
                board.display, log: DisplayLog(logger: logger), wait: limit, keptCard: keptCard
            ) {
                problem, waited in
                guard notifier.isEnabled, waited - told >= 1 || told < 0 else { return }
                told = waited
                do {
                    try notifier.send(DisplayWaitNotice.message(problem: problem, waited: waited))
                } catch {
                    logger.warning("sd_notify: \(error)")
                }
            }
        } catch {
            CardStore.release(notifier: notifier, logger: logger)
            throw fail(error.exitStatus, "\(error)")
        }
        if CardStore.keep(display, notifier: notifier, logger: logger) {
            // The last frame is on screen: the kiosk comes back at home, its first frame
            // replacing that one, as if it had never stopped (a cold start plays the doors).
            settings.resume = "home"
            logger.info("restarted over the frame kept on screen: resuming at home, without the launch doors")
        }
        // The input devices are opened once the first frame is on screen (`Kiosk.run`).
        let (touch, backend, panelWidth, panelHeight) = (board.touch, board.display.backend, display.width, display.height)
        let kiosk: Kiosk
        do {
            kiosk = try Kiosk(
                settings: settings, display: display,
                openInput: {
                    InputOpener.open(touch, backend: backend, width: panelWidth, height: panelHeight, logger: logger)
                }, signals: signals,
                loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: showFolder) },
                textRasterizer: TextSupport.rasterizer(),
                notify: { state in
                    do { try notifier.send(state) } catch { logger.warning("sd_notify: \(error)") }
                },
                logger: logger)
        } catch {
            display.close()
            CardStore.release(notifier: notifier, logger: logger)
            throw fail(error.exitStatus, "\(error)")
        }
        let status = kiosk.run()
        // An orderly exit: nothing of this process stays on screen or in systemd's store.
        CardStore.release(notifier: notifier, logger: logger)
        if status != .success { throw exitWith(status, kiosk.failure) }
    }
}
