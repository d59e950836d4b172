import LinuxSystem
internal import CDRM
internal import Glibc
import Raster

/// `DRMIO` over libdrm: the only code that calls into libdrm, every call through
/// `drmCall`. Owns nothing beyond the descriptor (`DRMDevice` decides when to close).
final class LibDRM: DRMIO {
    let path: String
    private(set) var descriptor: Int32
    /// Page-flip events `drmHandleEvent` handed to the callback, drained by `readEvents`.
    fileprivate var received: [FlipEvent] = []
    /// The LibDRM in `readEvents` (only the frame loop's thread reads events).
    nonisolated(unsafe) fileprivate static var reading: LibDRM?

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Opens `path` read-write, non-blocking (reading events never blocks; ioctls don't
    /// care), close-on-exec.
    static func open(_ path: String) throws(DRMError) -> LibDRM {
        let fd = try drmCall("open", device: path) { Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK) }
        return LibDRM(path: path, descriptor: fd)
    }

    /// `descriptor` as the card at `path`: already open (kept by systemd over a restart).
    static func adopt(_ path: String, descriptor: Int32) -> LibDRM { LibDRM(path: path, descriptor: descriptor) }

    func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    private func call(_ name: String, _ body: () -> Int32) throws(DRMError) {
        try drmCall(name, device: path, body)
    }

    private func get<T>(_ name: String, _ body: () -> T?) throws(DRMError) -> T {
        try drmCall(name, device: path, body)
    }

    func driverName() -> String? {
        guard let v = drmGetVersion(descriptor) else { return nil }
        defer { drmFreeVersion(v) }
        guard let name = v.pointee.name else { return nil }
        return String(cString: name)
    }

    func isMaster() -> Bool { drmIsMaster(descriptor) != 0 }
    func setMaster() throws(DRMError) { try call("drmSetMaster") { drmSetMaster(descriptor) } }
    func dropMaster() throws(DRMError) { try call("drmDropMaster") { drmDropMaster(descriptor) } }

    func capability(_ capability: UInt64) throws(DRMError) -> UInt64 {
        var value: UInt64 = 0
        try call("drmGetCap") { drmGetCap(descriptor, capability, &value) }
        return value
    }

    func setClientCapability(_ capability: UInt64, to value: UInt64) throws(DRMError) {
        try call("drmSetClientCap") { drmSetClientCap(descriptor, capability, value) }
    }

    func resources() throws(DRMError) -> CardResources {
        let r = try get("drmModeGetResources") { drmModeGetResources(descriptor) }
        defer { drmModeFreeResources(r) }
        let p = r.pointee
        return CardResources(
            crtcIDs: Self.array(p.crtcs, p.count_crtcs), connectorIDs: Self.array(p.connectors, p.count_connectors),
            encoderIDs: Self.array(p.encoders, p.count_encoders), framebufferIDs: Self.array(p.fbs, p.count_fbs))
    }

    func connector(_ id: UInt32) throws(DRMError) -> Connector {
        let c = try get("drmModeGetConnector") { drmModeGetConnector(descriptor, id) }
        defer { drmModeFreeConnector(c) }
        let p = c.pointee
        let connection: Connector.Connection =
            switch p.connection.rawValue {
            case 1: .connected
            case 2: .disconnected
            default: .unknown
            }
        var modes: [Mode] = []
        for i in 0..<Int(max(0, p.count_modes)) { modes.append(Mode(timings: Self.timings(p.modes[i]))) }
        return Connector(
            id: p.connector_id, type: p.connector_type, typeIndex: p.connector_type_id, connection: connection,
            modes: modes, encoderIDs: Self.array(p.encoders, p.count_encoders), encoderID: p.encoder_id,
            widthMM: Int(p.mmWidth), heightMM: Int(p.mmHeight))
    }

    func encoder(_ id: UInt32) throws(DRMError) -> Encoder {
        let e = try get("drmModeGetEncoder") { drmModeGetEncoder(descriptor, id) }
        defer { drmModeFreeEncoder(e) }
        return Encoder(id: e.pointee.encoder_id, crtcID: e.pointee.crtc_id, possibleCRTCs: e.pointee.possible_crtcs)
    }

    func crtc(_ id: UInt32, index: Int) throws(DRMError) -> CRTC {
        let c = try get("drmModeGetCrtc") { drmModeGetCrtc(descriptor, id) }
        defer { drmModeFreeCrtc(c) }
        let p = c.pointee
        return CRTC(
            id: p.crtc_id, index: index, framebufferID: p.buffer_id,
            mode: p.mode_valid != 0 ? Mode(timings: Self.timings(p.mode)) : nil, x: Int(p.x), y: Int(p.y))
    }

    func planeIDs() throws(DRMError) -> [UInt32] {
        let r = try get("drmModeGetPlaneResources") { drmModeGetPlaneResources(descriptor) }
        defer { drmModeFreePlaneResources(r) }
        return Self.array(r.pointee.planes, r.pointee.count_planes)
    }

    func plane(_ id: UInt32) throws(DRMError) -> Plane {
        let pl = try get("drmModeGetPlane") { drmModeGetPlane(descriptor, id) }
        defer { drmModeFreePlane(pl) }
        let p = pl.pointee
        return Plane(
            id: p.plane_id, possibleCRTCs: p.possible_crtcs, crtcID: p.crtc_id, framebufferID: p.fb_id,
            formats: Self.array(p.formats, p.count_formats).map(FourCC.init(rawValue:)))
    }

    func properties(of object: UInt32, type: ObjectType) throws(DRMError) -> PropertySet {
        let list = try get("drmModeObjectGetProperties") {
            drmModeObjectGetProperties(descriptor, object, type.rawValue)
        }
        defer { drmModeFreeObjectProperties(list) }
        var all: [Property] = []
        for i in 0..<Int(list.pointee.count_props) {
            let info = try get("drmModeGetProperty") { drmModeGetProperty(descriptor, list.pointee.props[i]) }
            defer { drmModeFreeProperty(info) }
            all.append(Self.property(info.pointee, value: list.pointee.prop_values[i]))
        }
        return PropertySet(all)
    }

    func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) throws(DRMError) -> DumbAllocation {
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var size: UInt64 = 0
        try call("drmModeCreateDumbBuffer") {
            drmModeCreateDumbBuffer(
                descriptor, UInt32(width), UInt32(height), UInt32(bitsPerPixel), 0, &handle, &pitch, &size)
        }
        return DumbAllocation(handle: handle, pitch: Int(pitch), size: Int(size))
    }

    func mapDumbBuffer(handle: UInt32, size: Int) throws(DRMError) -> UnsafeMutableRawPointer {
        var offset: UInt64 = 0
        try call("drmModeMapDumbBuffer") { drmModeMapDumbBuffer(descriptor, handle, &offset) }
        return try get("mmap") {
            let p = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, off_t(Int64(bitPattern: offset)))
            return p == MAP_FAILED ? nil : p
        }
    }

    func unmapDumbBuffer(_ address: UnsafeMutableRawPointer, size: Int) { munmap(address, size) }

    func destroyDumbBuffer(handle: UInt32) throws(DRMError) {
        try call("drmModeDestroyDumbBuffer") { drmModeDestroyDumbBuffer(descriptor, handle) }
    }

    func dumbBufferExists(handle: UInt32) -> Bool {
        var offset: UInt64 = 0
        return drmModeMapDumbBuffer(descriptor, handle, &offset) == 0
    }

    func addFramebuffer(width: Int, height: Int, format: FourCC, handle: UInt32, pitch: Int) throws(DRMError) -> UInt32
    {
        let handles: [UInt32] = [handle, 0, 0, 0]
        let pitches: [UInt32] = [UInt32(pitch), 0, 0, 0]
        let offsets: [UInt32] = [0, 0, 0, 0]
        var id: UInt32 = 0
        try call("drmModeAddFB2") {
            drmModeAddFB2(descriptor, UInt32(width), UInt32(height), format.rawValue, handles, pitches, offsets, &id, 0)
        }
        return id
    }

    func removeFramebuffer(_ id: UInt32) throws(DRMError) { try call("drmModeRmFB") { drmModeRmFB(descriptor, id) } }

    func createModeBlob(_ mode: Mode) throws(DRMError) -> UInt32 {
        var info = Self.modeInfo(mode.timings)
        var id: UInt32 = 0
        try call("drmModeCreatePropertyBlob") {
            drmModeCreatePropertyBlob(descriptor, &info, MemoryLayout<drmModeModeInfo>.size, &id)
        }
        return id
    }

    func destroyBlob(_ id: UInt32) throws(DRMError) {
        try call("drmModeDestroyPropertyBlob") { drmModeDestroyPropertyBlob(descriptor, id) }
    }

    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, x: Int, y: Int, connectors: [UInt32], mode: Mode?)
        throws(DRMError)
    {
        var ids = connectors
        var info = mode.map { Self.modeInfo($0.timings) } ?? drmModeModeInfo()
        try call("drmModeSetCrtc") {
            if mode == nil { return drmModeSetCrtc(descriptor, crtc, 0, 0, 0, nil, 0, nil) }
            return drmModeSetCrtc(descriptor, crtc, framebuffer, UInt32(x), UInt32(y), &ids, Int32(ids.count), &info)
        }
    }

    func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) throws(DRMError) {
        try call("drmModeConnectorSetProperty") { drmModeConnectorSetProperty(descriptor, connector, property, value) }
    }

    func disablePlane(_ plane: UInt32) throws(DRMError) {
        // No framebuffer: the kernel switches the plane off (the CRTC isn't looked at).
        try call("drmModeSetPlane") { drmModeSetPlane(descriptor, plane, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) }
    }

    func pageFlip(crtc: UInt32, framebuffer: UInt32) throws(DRMError) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        try call("drmModePageFlip") {
            drmModePageFlip(descriptor, crtc, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), me)
        }
    }

    func atomicCommit(_ request: AtomicRequest, flags: AtomicCommitFlags) throws(DRMError) {
        guard let req = drmModeAtomicAlloc() else {
            throw DRMError(call: "drmModeAtomicAlloc", device: path, errno: ENOMEM)
        }
        defer { drmModeAtomicFree(req) }
        for s in request.settings {
            try call("drmModeAtomicAddProperty") { drmModeAtomicAddProperty(req, s.object, s.property, s.value) }
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        try call("drmModeAtomicCommit") { drmModeAtomicCommit(descriptor, req, flags.rawValue, me) }
    }

    func dirtyFramebuffer(_ id: UInt32, rects: [PixelRect]) throws(DRMError) {
        var clips = rects.map {
            drmModeClip(
                x1: UInt16(clamping: $0.x), y1: UInt16(clamping: $0.y), x2: UInt16(clamping: $0.maxX),
                y2: UInt16(clamping: $0.maxY))
        }
        try call("drmModeDirtyFB") { drmModeDirtyFB(descriptor, id, &clips, UInt32(clips.count)) }
    }

    func readEvents() throws(DRMError) -> [FlipEvent] {
        var context = drmEventContext()
        context.version = 3  // page_flip_handler2: with the CRTC's id
        // A C function: no captures; the LibDRM that queued the flip comes back as user data.
        // A C function: no captures. The event's user data is not looked at: on a
        // descriptor kept over a restart, a flip the process before queued completes with
        // that process's pointer. The events go to the LibDRM reading now instead.
        context.page_flip_handler2 = { _, sequence, seconds, microseconds, crtc, _ in
            LibDRM.reading?.received.append(
                FlipEvent(crtcID: crtc, sequence: sequence, time: Double(seconds) + Double(microseconds) / 1_000_000))
        }
        LibDRM.reading = self
        defer { LibDRM.reading = nil }
        // One read takes up to 1 KiB of events (a flip event is 32 bytes): read until EAGAIN.
        for _ in 0..<16 {
            let handled = retryingEINTR {
                errno = 0
                return drmHandleEvent(descriptor, &context)
            }
            if handled != 0 {
                if errno == EAGAIN || errno == 0 { break }
                throw DRMError(call: "drmHandleEvent", device: path, errno: errno)
            }
        }
        defer { received.removeAll() }
        return received
    }

    func now() -> Double { MonotonicClock.now() }

    func waitForEvents(milliseconds: Int32) -> Bool {
        var p = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, milliseconds) > 0
    }

    // MARK: C to Swift

    private static func array(_ p: UnsafeMutablePointer<UInt32>?, _ count: Int32) -> [UInt32] {
        guard let p, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: p, count: Int(count)))
    }

    private static func array(_ p: UnsafeMutablePointer<UInt32>?, _ count: UInt32) -> [UInt32] {
        array(p, Int32(clamping: count))
    }

    /// A fixed-size C char array (a name[32] field) as a String.
    private static func string<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func timings(_ m: drmModeModeInfo) -> ModeTimings {
        ModeTimings(
            clock: m.clock, hdisplay: m.hdisplay, hsyncStart: m.hsync_start, hsyncEnd: m.hsync_end, htotal: m.htotal,
            hskew: m.hskew, vdisplay: m.vdisplay, vsyncStart: m.vsync_start, vsyncEnd: m.vsync_end, vtotal: m.vtotal,
            vscan: m.vscan, vrefresh: m.vrefresh, flags: m.flags, type: m.type, name: string(m.name))
    }

    private static func modeInfo(_ t: ModeTimings) -> drmModeModeInfo {
        var m = drmModeModeInfo()
        m.clock = t.clock
        m.hdisplay = t.hdisplay
        m.hsync_start = t.hsyncStart
        m.hsync_end = t.hsyncEnd
        m.htotal = t.htotal
        m.hskew = t.hskew
        m.vdisplay = t.vdisplay
        m.vsync_start = t.vsyncStart
        m.vsync_end = t.vsyncEnd
        m.vtotal = t.vtotal
        m.vscan = t.vscan
        m.vrefresh = t.vrefresh
        m.flags = t.flags
        m.type = t.type
        withUnsafeMutableBytes(of: &m.name) { raw in
            for (i, byte) in t.name.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        return m
    }

    private static func property(_ p: drmModePropertyRes, value: UInt64) -> Property {
        let name = string(p.name)
        let values = Array(UnsafeBufferPointer(start: p.values, count: Int(max(0, p.count_values))))
        var entries: [Property.Entry] = []
        for i in 0..<Int(max(0, p.count_enums)) {
            entries.append(Property.Entry(name: string(p.enums[i].name), value: p.enums[i].value))
        }
        let extended = p.flags & UInt32(DRM_MODE_PROP_EXTENDED_TYPE)
        let kind: Property.Kind =
            if p.flags & UInt32(DRM_MODE_PROP_RANGE) != 0 {
                .range(min: values.first ?? 0, max: values.last ?? 0)
            } else if p.flags & UInt32(DRM_MODE_PROP_ENUM) != 0 {
                .enumeration(entries)
            } else if p.flags & UInt32(DRM_MODE_PROP_BITMASK) != 0 {
                .bitmask(entries)
            } else if p.flags & UInt32(DRM_MODE_PROP_BLOB) != 0 {
                .blob
            } else if extended == vitrine_drm_prop_signed_range() {
                .signedRange(
                    min: Int64(bitPattern: values.first ?? 0), max: Int64(bitPattern: values.last ?? 0))
            } else if extended == vitrine_drm_prop_object() {
                .object
            } else {
                .range(min: 0, max: UInt64.max)
            }
        return Property(
            id: p.prop_id, name: name, kind: kind, value: value,
            isImmutable: p.flags & UInt32(DRM_MODE_PROP_IMMUTABLE) != 0)
    }
}
