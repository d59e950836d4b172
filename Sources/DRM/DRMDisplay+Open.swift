import LinuxSystem
internal import CDRM
import Display
internal import Glibc
import Raster

extension DRMDisplay {
    /// Opens the board's card (or the first with a connected connector), becomes DRM
    /// master, picks the connector, the mode (the board's, else the preferred, else the
    /// first: logged), a CRTC and its primary plane, and makes the swap chain. Nothing is
    /// shown until the first `present`.
    /// - Throws: `.unavailable` (no card, no connected connector, permission denied, no
    ///   primary plane), `.busy` (another DRM master), `.unsupported` (a format or buffer
    ///   count the board shouldn't have let through, a format the plane can't scan out),
    ///   `.system` (a call failed).
    ///
    /// `kept`: a descriptor of the card kept open by systemd over a restart (its
    /// file-descriptor store, $LISTEN_FDS). When it is the board's card, it is taken
    /// instead of opening the card: it is DRM master still, and its framebuffer is still
    /// on screen, so the panel shows the last frame until the first `present` replaces it
    /// (a modeset in the same mode: the driver only swaps the plane's framebuffer). What
    /// the dead process left in it is removed after that first frame. Otherwise (not a
    /// DRM device, another card, not master) it is closed, one warning says why, and the
    /// card is opened anew (`keptCardRefusal` says why).
    public static func open(_ settings: DRMSettings, log: DisplayLog, kept: Int32? = nil) throws(DisplayError)
        -> DRMDisplay
    {
        try open(settings, log: log, system: LinuxDRMSystem(), kept: kept)
    }

    static func open(_ settings: DRMSettings, log: DisplayLog, system: any DRMSystem, kept: Int32? = nil)
        throws(DisplayError) -> DRMDisplay
    {
        guard let fourcc = FourCC(settings.format) else {
            throw .unsupported("scanout format \(settings.format) (xrgb8888 or rgb565)")
        }
        guard [2, 3].contains(settings.buffers) else { throw .unsupported("\(settings.buffers) buffers (2 or 3)") }
        let path: String
        if let device = settings.device {
            path = device
        } else {
            path = try OutputChoice.firstConnectedCard(system: system)
        }
        let (keptIO, refusal) = adopt(kept, card: path, system: system, log: log)
        let device = keptIO != nil ? DRMDevice(io: keptIO!) : try openCard(path, system: system)
        let atomic = try prepare(device, path: path, allowAtomic: settings.allowAtomic)
        let objects: KMSObjects
        do { objects = try KMSObjects(device) } catch { throw error.displayError }
        let connector = try OutputChoice.connector(named: settings.connector, among: objects.connectors, card: path)
        let (mode, note, missed) = OutputChoice.mode(settings.mode, of: connector)
        if missed, let asked = settings.mode {
            log.warning("drm: \(connector.name) offers no \(asked); using \(mode) (\(note))")
        }
        guard let crtcIndex = OutputChoice.crtc(for: connector, encoders: objects.encoders, crtcs: objects.crtcs) else {
            throw .unavailable("\(path): no CRTC can drive \(connector.name)")
        }
        var crtc = objects.crtcs[crtcIndex]
        // Before any buffer of ours exists: what the process before left in a kept descriptor.
        var leftBehind: LeftBehind?
        if keptIO != nil {
            do { leftBehind = try LeftBehind.read(io: device.io, crtc: crtc) } catch { throw error.displayError }
            log.info(
                "drm: \(path) kept over the restart (DRM master still, framebuffer \(crtc.framebufferID) on screen): "
                    + "\(leftBehind!.framebuffers.count) framebuffers and \(leftBehind!.handles.count) dumb buffers "
                    + "of the process before are removed after the first frame")
            // Nothing to put back at close: the console's framebuffer is unknown now (the
            // kernel brings the console back when the card's last descriptor closes).
            crtc.framebufferID = 0
        }
        guard let plane = OutputChoice.primaryPlane(crtc: crtc, planes: objects.planes) else {
            throw .unavailable("\(path): no primary plane for CRTC \(crtc.id)")
        }
        guard plane.formats.contains(fourcc) else {
            let offered = plane.formats.map(\.description).joined(separator: " ")
            throw .unsupported("\(path): plane \(plane.id) does not scan out \(settings.format) (it offers \(offered))")
        }
        let leftOvers = OutputChoice.leftOverPlanes(crtc: crtc, primary: plane, planes: objects.planes)
        let route = ScanoutRoute(connector: connector, crtc: crtc, plane: plane, leftOvers: leftOvers)
        let chain = try makeBuffers(
            io: device.io, count: settings.buffers, width: mode.width, height: mode.height, format: settings.format)
        let scanout = scanoutPath(
            io: device.io, route: route, atomic: atomic, first: chain[0].framebufferID, mode: mode, path: path, log: log)
        var monitor: (any HotplugMonitor)?
        do {
            monitor = try system.makeHotplugMonitor()
        } catch {
            log.warning("drm: no hotplug events (\(error)): an unplugged panel is noticed only when a flip fails")
        }
        let timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard timer >= 0 else {
            throw .system(device: path, call: "timerfd_create", errno: errno, message: SystemErrno(errno).message)
        }
        log.info(
            "drm: \(path) \(connector.name) \(mode) (\(note)), CRTC \(crtc.id), plane \(plane.id), \(scanout.name) KMS, "
                + "\(settings.buffers) \(settings.format) buffers")
        if !leftOvers.isEmpty {
            let named = leftOvers.map { "\($0.kind.rawValue) plane \($0.id) (framebuffer \($0.framebufferID))" }
            log.info(
                "drm: left on CRTC \(crtc.id) by another process: \(named.joined(separator: ", ")); "
                    + "the first frame's modeset switches \(leftOvers.count == 1 ? "it" : "them") off")
        }
        let display = DRMDisplay(
            settings: settings, log: log, device: device, scanout: scanout, saved: crtc, mode: mode, buffers: chain,
            hotplug: monitor, timer: timer)
        display.leftBehind = leftBehind
        display.isKeptCard = keptIO != nil
        display.keptCardRefusal = refusal
        return display
    }

    /// The card descriptor kept over a restart (`kept`), adopted when it is `path`'s and
    /// master (made master when it can be); otherwise discarded, with one warning and
    /// the reason.
    private static func adopt(
        _ kept: Int32?, card path: String, system: any DRMSystem, log: DisplayLog
    ) -> (io: (any DRMIO)?, refusal: KeptCardRefusal?) {
        guard let kept else { return (nil, nil) }
        do throws(KeptCardRefusal) {
            let io = try system.adopt(kept, card: path)
            if !io.isMaster() {
                do { try io.setMaster() } catch { throw KeptCardRefusal.notMaster("\(error)") }
            }
            return (io, nil)
        } catch {
            system.discard(kept)
            log.warning("drm: the card descriptor kept over the restart (fd \(kept)) is \(error): opening \(path) anew")
            return (nil, error)
        }
    }

    /// Makes the process the card's master, checks it has dumb buffers and turns on the
    /// client capabilities: universal planes, and atomic when `allowAtomic` and the
    /// driver has it (returned).
    private static func prepare(_ device: borrowing DRMDevice, path: String, allowAtomic: Bool) throws(DisplayError)
        -> Bool
    {
        do {
            try device.becomeMaster()
        } catch {
            if [EBUSY, EACCES, EPERM].contains(error.errno) { throw .busy("another DRM master holds \(path)") }
            throw error.displayError
        }
        let dumbBuffers: UInt64
        do { dumbBuffers = try device.capability(DRMCapability.dumbBuffer) } catch { throw error.displayError }
        guard dumbBuffers != 0 else {
            throw .unavailable("\(path): the \(device.driverName ?? "?") driver has no dumb buffers")
        }
        _ = device.enable(clientCapability: DRMCapability.universalPlanes)
        return allowAtomic && device.enable(clientCapability: DRMCapability.atomic)
    }

    /// The card's mode-setting objects, as the kernel lists them.
    struct KMSObjects {
        let connectors: [Connector]
        let encoders: [Encoder]
        let crtcs: [CRTC]
        let planes: [Plane]

        init(_ device: borrowing DRMDevice) throws(DRMError) {
            let resources = try device.resources()
            connectors = try device.connectors()
            encoders = try resources.encoderIDs.map { (id) throws(DRMError) in try device.encoder(id) }
            crtcs = try device.crtcs()
            planes = try device.planes()
        }
    }

    /// The scanout calls: atomic when the driver has it and its TEST_ONLY commit takes
    /// the plain configuration (`first` shown in `mode`) before anything shows; the
    /// legacy calls otherwise (one warning when the test was refused).
    private static func scanoutPath(
        io: any DRMIO, route: ScanoutRoute, atomic: Bool, first: UInt32, mode: Mode, path: String, log: DisplayLog
    ) -> any ScanoutPath {
        guard atomic else { return LegacyScanout(io: io, route: route) }
        let scanout = AtomicScanout(io: io, route: route)
        let state = ScanoutState(
            framebuffer: first, width: mode.width, height: mode.height, mode: mode,
            rotation: route.plane.rotationValue(for: nil))
        do {
            try scanout.check(state)
            return scanout
        } catch {
            log.warning("drm: \(path): the atomic test commit was refused (\(error)); using legacy KMS")
            return LegacyScanout(io: io, route: route)
        }
    }

    /// Opens `path`, saying what a person can do about the common failures.
    static func openCard(_ path: String, system: any DRMSystem) throws(DisplayError) -> DRMDevice {
        do {
            return DRMDevice(io: try system.open(path))
        } catch {
            let group = [EACCES, EPERM].contains(error.errno) ? system.groupName(of: path) ?? "video" : "video"
            throw DisplayError.openFailure(path: path, errno: error.errno, group: group) ?? error.displayError
        }
    }

    /// `count` dumb buffers of `width` x `height` in `format`, mapped as surfaces.
    static func makeBuffers(io: any DRMIO, count: Int, width: Int, height: Int, format: PixelFormat)
        throws(DisplayError) -> [ScanoutBuffer]
    {
        var chain: [ScanoutBuffer] = []
        for i in 0..<count {
            let dumb: DumbBuffer
            do {
                dumb = try DumbBuffer(io: io, width: width, height: height, format: format)
            } catch {
                throw error.displayError
            }
            do {
                chain.append(try ScanoutBuffer(dumb: dumb, index: i, format: format))
            } catch {
                throw .unsupported("\(io.path): \(width)x\(height) \(format) buffer: \(error)")
            }
        }
        return chain
    }
}
