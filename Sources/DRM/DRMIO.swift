import Raster

/// The kernel's DRM interface for one open card, as Vitrine uses it: the thin layer below
/// which there is only libdrm and the ioctls (`LibDRM`), and a test double in the tests.
/// Everything above it (`DRMDevice`, `DRMDisplay`) is plain Swift, tested without
/// /dev/dri. Calls fail with `DRMError` naming the call and errno.
protocol DRMIO: AnyObject {
    /// The device node, "/dev/dri/card0".
    var path: String { get }
    /// The card's descriptor: readable when a page-flip event is waiting.
    var descriptor: Int32 { get }

    /// The kernel driver's name ("bochs-drm", "virtio_gpu", "vc4"); nil when unknown.
    func driverName() -> String?
    /// Whether this descriptor is DRM master now.
    func isMaster() -> Bool
    func setMaster() throws(DRMError)
    func dropMaster() throws(DRMError)
    /// drmGetCap: DRM_CAP_DUMB_BUFFER (1), DRM_CAP_TIMESTAMP_MONOTONIC (6), ...
    func capability(_ capability: UInt64) throws(DRMError) -> UInt64
    /// drmSetClientCap: DRM_CLIENT_CAP_UNIVERSAL_PLANES (2), DRM_CLIENT_CAP_ATOMIC (3).
    func setClientCapability(_ capability: UInt64, to value: UInt64) throws(DRMError)

    func resources() throws(DRMError) -> CardResources
    /// A connector, probed (EDID read again): properties not filled in.
    func connector(_ id: UInt32) throws(DRMError) -> Connector
    func encoder(_ id: UInt32) throws(DRMError) -> Encoder
    /// A CRTC as it is now; `index` is given by the caller (the order in resources).
    func crtc(_ id: UInt32, index: Int) throws(DRMError) -> CRTC
    func planeIDs() throws(DRMError) -> [UInt32]
    /// A plane: properties not filled in.
    func plane(_ id: UInt32) throws(DRMError) -> Plane
    func properties(of object: UInt32, type: ObjectType) throws(DRMError) -> PropertySet

    func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) throws(DRMError) -> DumbAllocation
    func mapDumbBuffer(handle: UInt32, size: Int) throws(DRMError) -> UnsafeMutableRawPointer
    func unmapDumbBuffer(_ address: UnsafeMutableRawPointer, size: Int)
    func destroyDumbBuffer(handle: UInt32) throws(DRMError)
    /// Whether GEM handle `handle` names a buffer of this open file (DRM_IOCTL_MODE_MAP_DUMB
    /// answers ENOENT otherwise; for a buffer that was mapped before it changes nothing).
    func dumbBufferExists(handle: UInt32) -> Bool
    /// drmModeAddFB2 with one plane of `format`: returns the framebuffer id.
    func addFramebuffer(width: Int, height: Int, format: FourCC, handle: UInt32, pitch: Int) throws(DRMError) -> UInt32
    func removeFramebuffer(_ id: UInt32) throws(DRMError)
    /// A property blob holding `mode` (for a CRTC's MODE_ID); returns its id.
    func createModeBlob(_ mode: Mode) throws(DRMError) -> UInt32
    func destroyBlob(_ id: UInt32) throws(DRMError)

    /// Legacy modeset: drmModeSetCrtc. Blocks until the mode is set. `framebuffer` 0 and
    /// `mode` nil switch the CRTC off.
    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, x: Int, y: Int, connectors: [UInt32], mode: Mode?)
        throws(DRMError)
    /// drmModeConnectorSetProperty: sets a connector's property the legacy way (its
    /// "DPMS", where atomic KMS has the CRTC's ACTIVE).
    func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) throws(DRMError)
    /// Legacy plane switch-off: drmModeSetPlane with no CRTC and no framebuffer.
    func disablePlane(_ plane: UInt32) throws(DRMError)
    /// Legacy flip: drmModePageFlip with DRM_MODE_PAGE_FLIP_EVENT. Returns at once.
    func pageFlip(crtc: UInt32, framebuffer: UInt32) throws(DRMError)
    /// drmModeAtomicCommit of `request` with `flags`.
    func atomicCommit(_ request: AtomicRequest, flags: AtomicCommitFlags) throws(DRMError)
    /// drmModeDirtyFB: tells the driver which rectangles of framebuffer `id` changed.
    func dirtyFramebuffer(_ id: UInt32, rects: [PixelRect]) throws(DRMError)

    /// The page-flip events waiting on `descriptor`, in order; empty when none (never
    /// blocks).
    func readEvents() throws(DRMError) -> [FlipEvent]
    /// CLOCK_MONOTONIC now, seconds: the clock page-flip events are stamped with.
    func now() -> Double
    /// Waits up to `milliseconds` for `descriptor` to become readable.
    func waitForEvents(milliseconds: Int32) -> Bool
    /// Closes the descriptor. Idempotent.
    func close()
}

/// A connector as sysfs shows it without opening the card: /sys/class/drm/card0-HDMI-A-1/status.
struct SysfsConnector: Hashable, Sendable {
    /// "HDMI-A-1".
    var name: String
    /// "connected", "disconnected" or "unknown".
    var status: String
}

/// What is around the cards: the device nodes, sysfs, opening, the hotplug monitor. The
/// real one is `LinuxDRMSystem`; the tests have a fake.
protocol DRMSystem {
    /// /dev/dri/card* paths, in card-number order.
    func cardPaths() -> [String]
    /// The card's connectors from /sys/class/drm (nil when sysfs has nothing for it).
    func sysfsConnectors(card path: String) -> [SysfsConnector]?
    /// Opens a card read-write, non-blocking, close-on-exec.
    func open(_ path: String) throws(DRMError) -> any DRMIO
    /// The group that owns the node ("video"), for a permission-denied message.
    func groupName(of path: String) -> String?
    /// Takes `descriptor`, kept open by systemd over a restart, as the card at `path`
    /// (made close-on-exec), after checking it is a DRM device and that device.
    func adopt(_ descriptor: Int32, card path: String) throws(KeptCardRefusal) -> any DRMIO
    /// Closes a kept descriptor that was refused.
    func discard(_ descriptor: Int32)
    /// A monitor of kernel hotplug events (NETLINK_KOBJECT_UEVENT).
    func makeHotplugMonitor() throws(DRMError) -> any HotplugMonitor
}

/// A source of hotplug notifications: readable `descriptor`, drained by `pending`.
protocol HotplugMonitor: AnyObject {
    var descriptor: Int32 { get }
    /// The uevents received since the last call, never blocking.
    func pending() -> [Uevent]
    func close()
}
