import Board
import Input
import Power
import Rotation

/// What the kiosk needs to know to run besides its display: the mount and timings (from
/// the board), and where its control socket and notifications go.
public struct KioskSettings {
    /// How the panel is mounted (the board's `rotation.mount`, the board file reference).
    public var mount: Orientation
    /// Seconds without touch before returning home; 0: never.
    public var idleReset: Double
    /// The control socket's path; nil: none.
    public var controlPath: String?
    /// Whether `controlPath` was given on the command line (`--control`): then a path
    /// that holds something other than a socket is a bad command line (exit 64), not a
    /// runtime failure (exit 1).
    public var controlPathFromCommandLine = false
    /// Frames per second when the display has no flip events to pace by (headless,
    /// fbdev); nil: the display's refresh rate.
    public var frameRate: Double?
    /// Threads painting besides the loop's (nil: one per further CPU, up to 3).
    public var paintThreads: Int?
    /// Touch played into the headless panel as if from a digitizer (times from the start).
    public var touchScript: TouchScript?
    /// Seconds after which the touch script plays again, over and over (pass k at its
    /// times + k × this; `TouchScript+Loop`); nil: once.
    public var touchLoop: Double?
    /// Whether the pointer's held button acts as a finger (`[touch] pointer_as_touch`).
    public var pointerAsTouch = true
    /// Where the first scene starts (a resume name, "home"); nil: the launch doors. Set
    /// after a restart over a frame kept on screen (`CardStore`).
    public var resume: String?
    /// The show folder to watch for edits and reload by itself (`vitrine run --watch`:
    /// `ShowWatch`); nil: reloads only when asked (SIGHUP, `reload`).
    public var watchFolder: String?
    /// systemd's watchdog interval, seconds (nil: no watchdog).
    public var watchdogInterval: Double?
    /// What decides the orientation at run time (the board's `rotation.source`).
    public var rotationSource = RotationSource.fixed
    /// The accelerometer for `.iio` (the board's `rotation.iio_device`: its IIO directory
    /// or name); nil: the first one found.
    public var iioDevice: String?
    /// Where IIO devices are looked for: sysfs's, or a fixture tree in tests.
    public var iioRoot = IIOAccelerometer.defaultRoot
    /// The board's `[power]`: the backlight, dimming, turning the screen off, the hours.
    /// The default (no `[power]`) keeps the screen on at the level it has.
    public var power = PowerSettings()
    /// The sysfs tree backlights are looked for in: "" for the real /sys, a stand-in
    /// tree's folder in tests (`VITRINE_SYSFS_ROOT`, read by the command, never here);
    /// nil: no backlight is looked for.
    public var sysfsRoot: String?
    /// Reads the monotonic and the wall clock for the power policy: the system's, or a
    /// clock a test moves ahead of real time.
    var powerClock: () -> PowerClockReading = PowerClockReading.system
    /// The local time the screen hours are read in: the system's time zone.
    var powerZone: any LocalTimeConverter = SystemLocalTime()

    public init(mount: Orientation = .upright, idleReset: Double = 120) {
        self.mount = mount
        self.idleReset = idleReset
    }
}
