internal import Glibc

/// The objects a frame travels through: the primary plane reads the framebuffer, the
/// CRTC times the mode out, the connector sends it to the panel.
struct ScanoutRoute {
    var connector: Connector
    var crtc: CRTC
    var plane: Plane
    /// The CRTC's other planes that were on when the card was opened (a crashed
    /// compositor's overlay or cursor): every modeset switches them off
    /// (`OutputChoice.leftOverPlanes`). Planes on other CRTCs are never touched.
    var leftOvers: [Plane] = []
}

/// What a modeset puts on the route: a framebuffer of `width` x `height` shown whole in
/// `mode`, turned by the plane's `rotation` value (nil: the property is left alone).
struct ScanoutState: Equatable {
    var framebuffer: UInt32
    var width: Int
    var height: Int
    var mode: Mode
    var rotation: UInt64?
}

/// Atomic and legacy KMS behind one interface (the Architecture article, "Displays"): set a mode with a
/// framebuffer, flip to another framebuffer with a completion event, switch the output
/// off (a modeset lights it again), put back what was there before. `AtomicScanout` tests a modeset before committing it; `LegacyScanout`
/// can't test and has no plane properties (so no rotation).
protocol ScanoutPath: AnyObject {
    /// "atomic" or "legacy", for the log.
    var name: String { get }
    var route: ScanoutRoute { get set }
    /// Whether `state` would be accepted, without changing anything (atomic TEST_ONLY);
    /// legacy KMS can't tell and accepts.
    func check(_ state: ScanoutState) throws(DRMError)
    /// Sets the mode and shows the framebuffer; blocks until it is on screen. No event.
    func modeset(_ state: ScanoutState) throws(DRMError)
    /// Queues a flip to `framebuffer` at the next vblank, with a page-flip event; returns
    /// at once. EBUSY while another flip or commit is in flight.
    func flip(to framebuffer: UInt32) throws(DRMError)
    /// Switches the output off, blocking until it is: the connector stays bound to the
    /// CRTC and the mode stays set, so `modeset` (or `restore`) lights it again. Nothing
    /// changes when it fails. No event.
    func switchOff() throws(DRMError)
    /// Shows `saved` (the CRTC as it was at open) again: its mode and framebuffer.
    func restore(_ saved: CRTC) throws(DRMError)
    /// Frees what the path holds in the kernel (a mode blob), before the card is closed.
    func release()
}

/// Atomic modesetting (DRM_CLIENT_CAP_ATOMIC): every change one commit, a modeset first
/// checked with TEST_ONLY (as wlroots' atomic backend does). A modeset's commit also
/// sets CRTC_ID = 0 and FB_ID = 0 on the route's left-over planes, so they go off in
/// the same commit as the mode is set (as weston does when its state is invalid): no
/// frame of the kiosk is ever shown under another process's overlay.
final class AtomicScanout: ScanoutPath {
    let name = "atomic"
    private let io: any DRMIO
    var route: ScanoutRoute
    /// The MODE_ID blob of the mode set last: held until the next modeset replaces it.
    private var modeBlob: PropertyBlob?

    init(io: any DRMIO, route: ScanoutRoute) {
        self.io = io
        self.route = route
    }

    func check(_ state: ScanoutState) throws(DRMError) {
        let blob = try PropertyBlob(io: io, mode: state.mode)
        try io.atomicCommit(try request(state, modeBlob: blob.id), flags: [.testOnly, .allowModeset])
    }

    func modeset(_ state: ScanoutState) throws(DRMError) {
        let blob = try PropertyBlob(io: io, mode: state.mode)
        try commitTested(try request(state, modeBlob: blob.id))
        modeBlob = consume blob
    }

    func flip(to framebuffer: UInt32) throws(DRMError) {
        var r = AtomicRequest()
        r.set("FB_ID", of: route.plane.id, in: route.plane.properties, to: UInt64(framebuffer))
        try io.atomicCommit(try complete(r), flags: [.nonblock, .pageFlipEvent])
    }

    func restore(_ saved: CRTC) throws(DRMError) {
        guard let mode = saved.mode, saved.framebufferID != 0 else { return }
        let state = ScanoutState(
            framebuffer: saved.framebufferID, width: mode.width, height: mode.height, mode: mode,
            rotation: route.plane.rotationValue(for: nil))
        let blob = try PropertyBlob(io: io, mode: mode)
        try commitTested(try request(state, modeBlob: blob.id, sourceX: saved.x, sourceY: saved.y))
        modeBlob = consume blob
    }

    /// The CRTC's ACTIVE = 0, alone in its commit: the mode (MODE_ID, whose blob is kept),
    /// the connector's CRTC_ID and the plane's framebuffer stay, as the kernel's own
    /// DPMS off does for atomic drivers; the CRTC stops scanning out and the encoder and
    /// panel power down.
    func switchOff() throws(DRMError) {
        var r = AtomicRequest()
        r.set("ACTIVE", of: route.crtc.id, in: route.crtc.properties, to: 0)
        try commitTested(try complete(r))
    }

    func release() { modeBlob = nil }

    /// Commits `r` as a modeset (ALLOW_MODESET, blocking), after a TEST_ONLY commit of it
    /// passed: a refused state is found before anything changes.
    private func commitTested(_ r: AtomicRequest) throws(DRMError) {
        try io.atomicCommit(r, flags: [.testOnly, .allowModeset])
        try io.atomicCommit(r, flags: [.allowModeset])
    }

    /// The whole route's state: connector on the CRTC, the CRTC active in the mode, the
    /// plane showing the framebuffer (from `sourceX`, `sourceY`) over the whole mode.
    private func request(_ s: ScanoutState, modeBlob: UInt32, sourceX: Int = 0, sourceY: Int = 0)
        throws(DRMError) -> AtomicRequest
    {
        let (c, k, p) = (route.connector, route.crtc, route.plane)
        var r = AtomicRequest()
        r.set("CRTC_ID", of: c.id, in: c.properties, to: UInt64(k.id))
        r.set("MODE_ID", of: k.id, in: k.properties, to: UInt64(modeBlob))
        r.set("ACTIVE", of: k.id, in: k.properties, to: 1)
        r.set("FB_ID", of: p.id, in: p.properties, to: UInt64(s.framebuffer))
        r.set("CRTC_ID", of: p.id, in: p.properties, to: UInt64(k.id))
        // Source rectangle in 16.16 fixed point, framebuffer pixels (before rotation).
        r.set("SRC_X", of: p.id, in: p.properties, to: UInt64(sourceX) << 16)
        r.set("SRC_Y", of: p.id, in: p.properties, to: UInt64(sourceY) << 16)
        r.set("SRC_W", of: p.id, in: p.properties, to: UInt64(s.width) << 16)
        r.set("SRC_H", of: p.id, in: p.properties, to: UInt64(s.height) << 16)
        // Destination on the CRTC, whole pixels: the whole mode.
        r.set("CRTC_X", of: p.id, in: p.properties, to: 0)
        r.set("CRTC_Y", of: p.id, in: p.properties, to: 0)
        r.set("CRTC_W", of: p.id, in: p.properties, to: UInt64(s.mode.width))
        r.set("CRTC_H", of: p.id, in: p.properties, to: UInt64(s.mode.height))
        if let rotation = s.rotation { r.set("rotation", of: p.id, in: p.properties, to: rotation) }
        for other in route.leftOvers {
            r.set("CRTC_ID", of: other.id, in: other.properties, to: 0)
            r.set("FB_ID", of: other.id, in: other.properties, to: 0)
        }
        return try complete(r)
    }

    /// `r` when every property it names exists; otherwise EINVAL naming the missing ones
    /// (a driver without them can't be driven atomically).
    private func complete(_ r: AtomicRequest) throws(DRMError) -> AtomicRequest {
        guard r.missing.isEmpty else {
            throw DRMError(
                call: "drmModeAtomicCommit (no property " + r.missing.joined(separator: ", ") + ")", device: io.path,
                errno: EINVAL)
        }
        return r
    }
}

/// Legacy KMS: drmModeSetCrtc to set a mode, drmModePageFlip to flip. For drivers
/// without atomic support (and the fallback when the client capability is refused).
/// Legacy KMS has no one commit for several objects: after the mode is set, each
/// left-over plane is switched off with drmModeSetPlane (no framebuffer). A plane the
/// driver refuses to switch off stays as it was (nothing worse than before); the
/// refusal is kept in `refusedLeftOvers` for the log.
///
/// Off is the connector's "DPMS" property set to off; the SetCrtc that lights the
/// output again sets it back to on after it (as weston's legacy backend does: on
/// atomic drivers SetCrtc alone makes the CRTC active, but DPMS would still read off).
final class LegacyScanout: ScanoutPath {
    let name = "legacy"
    private let io: any DRMIO
    var route: ScanoutRoute

    init(io: any DRMIO, route: ScanoutRoute) {
        self.io = io
        self.route = route
    }

    func check(_ state: ScanoutState) throws(DRMError) {}

    /// Set by `switchOff`: the next SetCrtc is followed by DPMS on.
    private(set) var isSwitchedOff = false

    /// "plane 33: /dev/dri/card0: drmModeSetPlane: Invalid argument (errno 22)" for
    /// each left-over plane the last modeset could not switch off.
    private(set) var refusedLeftOvers: [String] = []

    func modeset(_ state: ScanoutState) throws(DRMError) {
        try io.setCRTC(
            route.crtc.id, framebuffer: state.framebuffer, x: 0, y: 0, connectors: [route.connector.id],
            mode: state.mode)
        try switchedOn()
        refusedLeftOvers = []
        for other in route.leftOvers {
            do {
                try io.disablePlane(other.id)
            } catch {
                refusedLeftOvers.append("plane \(other.id): \(error)")
            }
        }
    }

    func flip(to framebuffer: UInt32) throws(DRMError) {
        try io.pageFlip(crtc: route.crtc.id, framebuffer: framebuffer)
    }

    func restore(_ saved: CRTC) throws(DRMError) {
        guard let mode = saved.mode, saved.framebufferID != 0 else { return }
        try io.setCRTC(
            route.crtc.id, framebuffer: saved.framebufferID, x: saved.x, y: saved.y, connectors: [route.connector.id],
            mode: mode)
        try switchedOn()
    }

    func switchOff() throws(DRMError) {
        try setDPMS(DPMSLevel.off)
        isSwitchedOff = true
    }

    func release() {}

    /// After a SetCrtc: DPMS on again when `switchOff` had set it off.
    private func switchedOn() throws(DRMError) {
        guard isSwitchedOff else { return }
        try setDPMS(DPMSLevel.on)
        isSwitchedOff = false
    }

    /// The route's connector's "DPMS" property set to `level`; EINVAL naming the
    /// connector when it has none.
    private func setDPMS(_ level: UInt64) throws(DRMError) {
        let c = route.connector
        guard let property = c.properties.id("DPMS") else {
            throw DRMError(
                call: "drmModeConnectorSetProperty (no property DPMS on connector \(c.id))", device: io.path,
                errno: EINVAL)
        }
        try io.setConnectorProperty(c.id, property: property, value: level)
    }
}

/// The values of a connector's legacy "DPMS" property (DRM_MODE_DPMS_*).
enum DPMSLevel {
    static let on: UInt64 = 0
    static let standby: UInt64 = 1
    static let suspend: UInt64 = 2
    static let off: UInt64 = 3
}
