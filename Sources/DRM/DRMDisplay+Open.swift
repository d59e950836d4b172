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
    public static func open(_ settings: DRMSettings, log: DisplayLog) throws(DisplayError) -> DRMDisplay {
        try open(settings, log: log, system: LinuxDRMSystem())
    }

    static func open(_ settings: DRMSettings, log: DisplayLog, system: any DRMSystem) throws(DisplayError) -> DRMDisplay
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
        let device = try openCard(path, system: system)
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
        let atomic = settings.allowAtomic && device.enable(clientCapability: DRMCapability.atomic)

        let connectors: [Connector]
        let encoders: [Encoder]
        let crtcs: [CRTC]
        let planes: [Plane]
        do {
            let resources = try device.resources()
            connectors = try device.connectors()
            encoders = try resources.encoderIDs.map { (id) throws(DRMError) in try device.encoder(id) }
            crtcs = try device.crtcs()
            planes = try device.planes()
        } catch {
            throw error.displayError
        }
        let connector = try OutputChoice.connector(named: settings.connector, among: connectors, card: path)
        let (mode, note, missed) = OutputChoice.mode(settings.mode, of: connector)
        if missed, let asked = settings.mode {
            log.warning("drm: \(connector.name) offers no \(asked); using \(mode) (\(note))")
        }
        guard let crtcIndex = OutputChoice.crtc(for: connector, encoders: encoders, crtcs: crtcs) else {
            throw .unavailable("\(path): no CRTC can drive \(connector.name)")
        }
        let crtc = crtcs[crtcIndex]
        guard let plane = OutputChoice.primaryPlane(crtc: crtc, planes: planes) else {
            throw .unavailable("\(path): no primary plane for CRTC \(crtc.id)")
        }
        guard plane.formats.contains(fourcc) else {
            let offered = plane.formats.map(\.description).joined(separator: " ")
            throw .unsupported("\(path): plane \(plane.id) does not scan out \(settings.format) (it offers \(offered))")
        }

        let leftOvers = OutputChoice.leftOverPlanes(crtc: crtc, primary: plane, planes: planes)
        let route = ScanoutRoute(connector: connector, crtc: crtc, plane: plane, leftOvers: leftOvers)
        let chain = try makeBuffers(
            io: device.io, count: settings.buffers, width: mode.width, height: mode.height, format: settings.format)
        var scanout: any ScanoutPath =
            atomic ? AtomicScanout(io: device.io, route: route) : LegacyScanout(io: device.io, route: route)
        if atomic {
            // TEST_ONLY before anything shows: a driver whose atomic path refuses the plain
            // configuration is driven through the legacy calls instead.
            let state = ScanoutState(
                framebuffer: chain[0].framebufferID, width: mode.width, height: mode.height, mode: mode,
                rotation: plane.rotationValue(for: nil))
            do {
                try scanout.check(state)
            } catch {
                log.warning("drm: \(path): the atomic test commit was refused (\(error)); using legacy KMS")
                scanout = LegacyScanout(io: device.io, route: route)
            }
        }

        var monitor: (any HotplugMonitor)?
        do {
            monitor = try system.makeHotplugMonitor()
        } catch {
            log.warning("drm: no hotplug events (\(error)): an unplugged panel is noticed only when a flip fails")
        }
        let timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard timer >= 0 else {
            throw .system(device: path, call: "timerfd_create", errno: errno, message: String(cString: strerror(errno)))
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
        return DRMDisplay(
            settings: settings, log: log, device: device, scanout: scanout, saved: crtc, mode: mode, buffers: chain,
            hotplug: monitor, timer: timer)
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
