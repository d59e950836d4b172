import LinuxSystem
internal import Glibc
import Board
import FixedPoint
import DRM
import Display
import FBDev
import Logging
import Wayland

/// Opens the display a board names (the board file reference, `[display]`): the backend selection of
/// `Runtime`. Each backend's failures arrive as `KioskError`s with their exit status:
/// no device 69, another DRM master 75, a system call 1.
public enum DisplayOpener {
    /// Opens the board's display, waiting for one that isn't there yet: at boot a kiosk
    /// started by systemd can be exec'd before the panel's driver has probed (seconds
    /// before /dev/dri/card0 and /dev/fb0 appear; a driver loaded late, a module from a
    /// slow disk, a USB display: longer), and "no usable display"
    /// there would be exit 69, which does not restart. `wait`: at most that many seconds,
    /// nil for as long as it takes (under systemd: a panel has nobody to start it again).
    /// Woken by the kernel's uevents for display devices (`DisplayAppearanceWatch`), and
    /// tries again every second regardless (udev gives the node its group a moment after
    /// the kernel's event). Logs once that it waits and once when the display came;
    /// `waiting` is told each time it goes on waiting (the caller's sd_notify STATUS= and
    /// EXTEND_TIMEOUT_USEC=). Other failures (busy, a system call) end the wait at once.
    ///
    /// `keptCard`: the DRM card's descriptor systemd kept over a restart (DRM boards
    /// only), offered to the first try (`DRMDisplay.open`'s `kept`: taken when it is the
    /// board's card, else closed with a warning).
    public static func open(
        _ settings: DisplaySettings, log: DisplayLog, wait: Double?, keptCard: Int32? = nil,
        waiting: (_ problem: String, _ waited: Double) -> Void = { _, _ in }
    ) throws(KioskError) -> any DisplayBackend {
        var watch: DisplayAppearanceWatch?
        defer { watch?.close() }
        var kept = keptCard
        return try DisplayWait(limit: wait).run(
            attempt: { () throws(KioskError) in
                defer { kept = nil }
                return try open(settings, log: log, keptCard: kept)
            },
            pause: { seconds in
                if watch == nil { watch = DisplayAppearanceWatch.open() }
                guard let watch else {
                    DisplayWait.sleep(min(seconds, 0.1))
                    return false
                }
                return watch.wait(seconds: seconds)
            },
            clock: MonotonicClock.now, log: log, waiting: waiting)
    }

    /// Opens the board's display once.
    public static func open(_ settings: DisplaySettings, log: DisplayLog, keptCard: Int32? = nil) throws(KioskError)
        -> any DisplayBackend
    {
        switch settings.backend {
        case .headless:
            guard let size = settings.size else { throw .unavailable("headless: no size") }
            do {
                return try HeadlessDisplay(
                    width: size.width, height: size.height, format: settings.format, buffers: settings.buffers)
            } catch {
                throw KioskError(error, context: "headless \(size.width)x\(size.height)")
            }
        case .fbdev:
            let path = settings.device ?? "/dev/fb0"
            do {
                let display = try FBDevDisplay.open(
                    path: path, buffers: settings.buffers, console: fbdevConsole(), log: log)
                if display.format != settings.format {
                    // fbdev can't choose: the console's mode decides (fbset, the kernel's video=).
                    log.info("\(path) scans out \(display.format), not the board's \(settings.format): using \(display.format)")
                }
                return display
            } catch {
                throw KioskError(error, context: path)
            }
        case .drm:
            let drm = DRMSettings(
                device: settings.device, connector: settings.connector,
                mode: settings.mode,
                format: settings.format, buffers: settings.buffers)
            do {
                return try DRMDisplay.open(drm, log: log, kept: keptCard)
            } catch {
                throw KioskError(error, context: "drm")
            }
        case .wayland:
            let size = settings.size ?? DisplaySettings.defaultWindowSize
            let request = WaylandDisplay.Request(
                format: settings.format, buffers: settings.buffers, width: size.width, height: size.height,
                fullscreen: settings.fullscreen)
            do {
                return try WaylandDisplay.open(request)
            } catch {
                throw KioskError(error, context: "wayland")
            }
        }
    }
}

extension KioskError {
    /// A display failure as the kiosk reports it, with its exit status: unavailable 69,
    /// and unsupported too (a framebuffer depth or size Vitrine can't draw: a restart
    /// won't change it; the message says what was found); busy and lost (a Wayland
    /// compositor gone: restart once it is back) 75; anything else 1,
    /// its message after `context` (what was being done).
    public init(_ error: DisplayError, context what: String? = nil) {
        switch error {
        case .unavailable(let text): self = .unavailable(text)
        case .unsupported: self = .unavailable("\(error)")
        case .busy, .lost: self = .busy("\(error)")
        default: self = .failure(what.map { "\($0): \(error)" } ?? "\(error)")
        }
    }
}

extension DisplayLog {
    /// A display's lines into the kiosk's log (info and warning, rate-limited by the
    /// handler like every other line).
    public init(logger: Logger) {
        self.init(info: { logger.info("\($0)") }, warning: { logger.warning("\($0)") })
    }
}

extension DisplayOpener {
    /// The terminal whose console must keep off an fbdev panel: the service's own (a unit
    /// with `TTYPath=` and `StandardInput=tty`, systemd/vitrine-fbdev.conf), else the
    /// foreground one when running as root, else none (the console's cursor may then
    /// blink over the frames: boot with `vt.global_cursor_default=0`).
    static func fbdevConsole() -> ConsoleTerminal? {
        if isatty(0) == 1 { return .standardInput }
        return geteuid() == 0 ? .path("/dev/tty0") : nil
    }
}
