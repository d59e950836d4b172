internal import CDRM
import FixedPoint
import Display
internal import Glibc
import Raster

/// Frames on a panel through DRM/KMS: dumb buffers on a CRTC's primary plane, flipped at
/// vblank with a page-flip event for each (one flip in flight), atomic modesetting when
/// the driver offers it and legacy SetCrtc/PageFlip otherwise.
///
/// Open it with `DRMDisplay.open(_:log:)`. The mode is set by the first `present`, which
/// shows that first frame directly (a blocking modeset: `isFlipPending` stays false and
/// no `.frameShown` is reported for it); every later `present` queues a page flip and
/// `.frameShown` reports its vblank. What was on the CRTC before (a console) stays there
/// until then, and is put back by `close`.
///
/// Event descriptors: the card (page-flip events), a NETLINK_KOBJECT_UEVENT socket
/// (hotplug: the connector is probed again) and a timerfd. The timer paces drivers whose
/// flips complete at once, without waiting for a vblank (bochs, virtio-gpu: no vblank
/// interrupt): a flip event less than 3/4 of a refresh period after the frame before is
/// reported when the period is over, at that time, so frames never come faster than the
/// mode's rate. It also wakes the loop for an event found while presenting (an output
/// lost after a failed flip).
///
/// Faults: a flip refused with EBUSY is tried once more a vblank later (a late frame),
/// then dropped (counted); EINVAL is answered with one full modeset, whose failure is
/// `.system` (exit 1); ENODEV anywhere is `.unavailable("... device gone ...")` (exit 69);
/// an unplugged connector stops output (`isOutputAvailable` false, `.outputLost`) until
/// a hotplug event finds it connected again (`.outputBack`, maybe another size).
///
/// Screen power (`setScreenPower`, DRMDisplay+Power.swift): off makes the CRTC inactive
/// with the connector still bound; on is a full modeset, after which every age is 0.
public final class DRMDisplay: DisplayBackend {
    let settings: DRMSettings
    let log: DisplayLog
    var device: DRMDevice
    var scanout: any ScanoutPath
    /// The CRTC as it was at open: put back by `close` when something was shown on it.
    let savedCRTC: CRTC

    /// The mode set (or to be set), and the connector it is on.
    public internal(set) var mode: Mode
    var connector: Connector {
        get { scanout.route.connector }
        set { scanout.route.connector = newValue }
    }
    var plane: Plane { scanout.route.plane }

    /// The swap chain, and buffers replaced (a new size or turn) but maybe still on
    /// screen: freed after the next modeset.
    var buffers: [ScanoutBuffer]
    var retired: [ScanoutBuffer] = []
    /// On screen now; queued for the next vblank; handed out by `acquire`; holding the
    /// newest frame though not shown (a dropped flip, no output): handed out next.
    var front: ScanoutBuffer?
    var pendingFlip: ScanoutBuffer?
    var acquired: ScanoutBuffer?
    var retained: ScanoutBuffer?
    /// Frames presented so far: the number of the frame being drawn is `frame + 1`.
    var frame = 0
    /// The next `present` sets the mode (the first frame, an output back, a new turn).
    var needsModeset = true
    /// The turn the plane applies (nil: none): buffers are then of the turned size.
    public internal(set) var scanoutTurn: QuarterTurn?

    var hotplug: (any HotplugMonitor)?
    /// A CLOCK_MONOTONIC timerfd: a flip shown too early is reported when it fires, and
    /// it is set to fire at once when `queued` has events for the loop.
    let timer: Int32
    var queued: [DisplayEvent] = []
    /// When the frame shown last reached the screen (its vblank), CLOCK_MONOTONIC seconds.
    var lastShown: Double?
    /// The flip that completed early is reported at this time (nil: none waiting).
    var deferredShown: Double?
    /// Set once a call failed with ENODEV: nothing is asked of the card any more.
    var isGone = false
    /// Cleared once DIRTYFB answers that the driver doesn't need it.
    var marksDirty = true
    public internal(set) var statistics = DRMStatistics()
    public internal(set) var isOutputAvailable = true
    /// False after `setScreenPower(false)`: the output is switched off and `present`
    /// shows nothing until `setScreenPower(true)`.
    public internal(set) var isScreenOn = true
    /// Whether the card is a descriptor kept over a restart (`open`'s `kept`), not opened anew.
    public internal(set) var isKeptCard = false
    /// Why a kept descriptor offered to `open` was not taken; nil when none was refused.
    public internal(set) var keptCardRefusal: KeptCardRefusal?
    /// What the process before left in the kept descriptor: removed after the first modeset.
    var leftBehind: LeftBehind?
    /// The card's descriptor, for systemd's file-descriptor store (FDSTORE=1): kept open
    /// there, it keeps DRM master and the frame on screen if this process dies.
    public var cardDescriptor: Int32 { device.descriptor }
    var isClosed = false

    init(
        settings: DRMSettings, log: DisplayLog, device: consuming DRMDevice, scanout: any ScanoutPath, saved: CRTC,
        mode: Mode, buffers: [ScanoutBuffer], hotplug: (any HotplugMonitor)?, timer: Int32
    ) {
        self.settings = settings
        self.log = log
        self.device = device
        self.scanout = scanout
        self.savedCRTC = saved
        self.mode = mode
        self.buffers = buffers
        self.hotplug = hotplug
        self.timer = timer
    }

    deinit { close() }

    /// The card's node, "/dev/dri/card0".
    public var path: String { device.path }
    /// The node with symbolic links resolved (a board may name /dev/dri/by-path/...):
    /// what hotplug events name (DEVNAME=dri/card0).
    var nodePath: String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
    /// The panel's native size: the mode's.
    public var width: Int { mode.width }
    public var height: Int { mode.height }
    public var format: PixelFormat { settings.format }
    public var refreshRate: Double { mode.refresh > 0 ? mode.refresh : 60 }
    /// "drm /dev/dri/card0 Virtual-1 800x480@60".
    public var name: String { "drm \(path) \(connector.name) \(mode)" }

    public var panelOrientation: (value: String, output: String)? {
        connector.panelOrientation.map { ($0, connector.name) }
    }
    /// "atomic" or "legacy".
    public var kmsInterface: String { scanout.name }
    /// The size of the buffers handed out: the mode's, turned when the plane turns.
    public var bufferWidth: Int { buffers.first?.width ?? width }
    public var bufferHeight: Int { buffers.first?.height ?? height }

    public var eventDescriptors: [Int32] {
        isClosed ? [] : [device.descriptor] + (hotplug.map { [$0.descriptor] } ?? []) + [timer]
    }
    public var isFlipPending: Bool { pendingFlip != nil }
    /// Dumb buffers may be write-combined or uncached: reading them back (blending) is slow.
    public var prefersShadow: Bool { true }

    /// One refresh period, milliseconds (at least 1).
    var periodMilliseconds: Int32 { Int32(max(1, (1000 / refreshRate).rounded(.up))) }

    /// `error` as the display protocol reports it; remembers a device gone.
    func fault(_ error: DRMError) -> DisplayError {
        if error.errno == ENODEV { isGone = true }
        return error.displayError
    }

}
