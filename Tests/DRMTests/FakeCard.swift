import Raster

@testable import DRM

/// A DRM card below the system boundary: kernel objects as values, dumb buffers in
/// ordinary memory, flips that complete when the test says, and failures injected per
/// call. Records what DRMDisplay asked of it.
final class FakeCard: DRMIO {
    let path: String
    var descriptor: Int32 = 40
    var driver = "fake-drm"
    /// Whether this descriptor is master; `setMaster` fails with `masterError` when set.
    var master = true
    var masterError: Int32?
    var atomicSupported = true
    var dumbBuffersSupported = true
    var connectors: [Connector]
    var encoders: [Encoder]
    var crtcs: [CRTC]
    var planes: [Plane]
    /// Properties by object id.
    var properties: [UInt32: PropertySet] = [:]

    /// Every call, in order, as a short line: "pageFlip crtc 34 fb 102".
    var calls: [String] = []
    /// Atomic commits (including test-only ones).
    var commits: [(request: AtomicRequest, flags: AtomicCommitFlags)] = []
    /// Legacy modesets.
    var setCRTCs: [(crtc: UInt32, framebuffer: UInt32, mode: Mode?)] = []
    var dirtied: [(framebuffer: UInt32, rects: [PixelRect])] = []
    /// Legacy connector property changes (drmModeConnectorSetProperty), by name.
    var connectorSettings: [(connector: UInt32, name: String, value: UInt64)] = []
    /// Errnos the next calls of a name fail with, first first.
    var failures: [String: [Int32]] = [:]

    var memory: [UInt32: (address: UnsafeMutableRawPointer, size: Int)] = [:]
    var framebuffers: [UInt32: (width: Int, height: Int, format: FourCC, handle: UInt32)] = [:]
    var blobs: Set<UInt32> = []
    /// GEM handles destroyed, in order.
    var destroyedHandles: [UInt32] = []
    var mapped = 0
    private var nextID: UInt32 = 100
    /// Flips queued, completing at `completeFlips`.
    var queuedFlips: [UInt32] = []
    /// Events ready to read.
    var events: [FlipEvent] = []
    /// The vblank clock, seconds: each completed flip is one period later.
    var clock = 100.0
    var closed = false

    init(path: String, connectors: [Connector], encoders: [Encoder], crtcs: [CRTC], planes: [Plane]) {
        self.path = path
        self.connectors = connectors
        self.encoders = encoders
        self.crtcs = crtcs
        self.planes = planes
    }

    func fail(_ call: String, with errnos: Int32...) { failures[call, default: []] += errnos }

    private func check(_ call: String) throws(DRMError) {
        guard var queue = failures[call], !queue.isEmpty else { return }
        let e = queue.removeFirst()
        failures[call] = queue
        throw DRMError(call: call, device: path, errno: e)
    }

    private func id() -> UInt32 {
        nextID += 1
        return nextID
    }

    // MARK: DRMIO

    func driverName() -> String? { driver }
    func isMaster() -> Bool { master }

    func setMaster() throws(DRMError) {
        calls.append("setMaster")
        if let masterError { throw DRMError(call: "drmSetMaster", device: path, errno: masterError) }
        master = true
    }

    func dropMaster() throws(DRMError) {
        calls.append("dropMaster")
        master = false
    }

    func capability(_ capability: UInt64) throws(DRMError) -> UInt64 {
        capability == DRMCapability.dumbBuffer ? (dumbBuffersSupported ? 1 : 0) : 1
    }

    func setClientCapability(_ capability: UInt64, to value: UInt64) throws(DRMError) {
        if capability == DRMCapability.atomic && !atomicSupported {
            throw DRMError(call: "drmSetClientCap", device: path, errno: 95)
        }
    }

    func resources() throws(DRMError) -> CardResources {
        try check("drmModeGetResources")
        return CardResources(
            crtcIDs: crtcs.map(\.id), connectorIDs: connectors.map(\.id), encoderIDs: encoders.map(\.id),
            framebufferIDs: framebuffers.keys.sorted())
    }

    func connector(_ id: UInt32) throws(DRMError) -> Connector {
        try check("drmModeGetConnector")
        guard let c = connectors.first(where: { $0.id == id }) else {
            throw DRMError(call: "drmModeGetConnector", device: path, errno: 2)
        }
        var plain = c
        plain.properties = PropertySet()
        return plain
    }

    func encoder(_ id: UInt32) throws(DRMError) -> Encoder { encoders.first { $0.id == id }! }

    func crtc(_ id: UInt32, index: Int) throws(DRMError) -> CRTC {
        var c = crtcs.first { $0.id == id }!
        c.index = index
        return c
    }

    func planeIDs() throws(DRMError) -> [UInt32] { planes.map(\.id) }
    func plane(_ id: UInt32) throws(DRMError) -> Plane { planes.first { $0.id == id }! }

    func properties(of object: UInt32, type: ObjectType) throws(DRMError) -> PropertySet {
        properties[object] ?? PropertySet()
    }

    func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) throws(DRMError) -> DumbAllocation {
        try check("drmModeCreateDumbBuffer")
        let pitch = (width * bitsPerPixel / 8 + 63) / 64 * 64
        // The lowest free GEM handle from 1, as the kernel's idr_alloc hands them out.
        let handle = (1...).first { memory[UInt32($0)] == nil }.map(UInt32.init)!
        let size = pitch * height
        memory[handle] = (UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64), size)
        calls.append("createDumb \(width)x\(height) \(bitsPerPixel)bpp")
        return DumbAllocation(handle: handle, pitch: pitch, size: size)
    }

    func mapDumbBuffer(handle: UInt32, size: Int) throws(DRMError) -> UnsafeMutableRawPointer {
        mapped += 1
        return memory[handle]!.address
    }

    func unmapDumbBuffer(_ address: UnsafeMutableRawPointer, size: Int) { mapped -= 1 }

    func destroyDumbBuffer(handle: UInt32) throws(DRMError) {
        destroyedHandles.append(handle)
        memory.removeValue(forKey: handle)?.address.deallocate()
    }

    func dumbBufferExists(handle: UInt32) -> Bool { memory[handle] != nil }

    func addFramebuffer(width: Int, height: Int, format: FourCC, handle: UInt32, pitch: Int) throws(DRMError) -> UInt32
    {
        let fb = id()
        framebuffers[fb] = (width, height, format, handle)
        return fb
    }

    func removeFramebuffer(_ id: UInt32) throws(DRMError) {
        calls.append("rmFB \(id)")
        framebuffers.removeValue(forKey: id)
    }

    func createModeBlob(_ mode: Mode) throws(DRMError) -> UInt32 {
        let b = id()
        blobs.insert(b)
        modeOfBlob[b] = mode
        return b
    }

    var modeOfBlob: [UInt32: Mode] = [:]

    func destroyBlob(_ id: UInt32) throws(DRMError) {
        guard blobs.remove(id) != nil else { throw DRMError(call: "drmModeDestroyPropertyBlob", device: path, errno: 1) }
    }

    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, x: Int, y: Int, connectors: [UInt32], mode: Mode?)
        throws(DRMError)
    {
        calls.append("setCRTC \(crtc) fb \(framebuffer) \(mode.map(\.description) ?? "off")")
        try check("drmModeSetCrtc")
        setCRTCs.append((crtc, framebuffer, mode))
    }

    func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) throws(DRMError) {
        let name = properties[connector]?.all.first { $0.id == property }?.name ?? "property \(property)"
        calls.append("setConnectorProperty \(connector) \(name) \(value)")
        try check("drmModeConnectorSetProperty")
        connectorSettings.append((connector, name, value))
        if var set = properties[connector], let k = set.all.firstIndex(where: { $0.id == property }) {
            set.all[k].value = value
            properties[connector] = set
        }
    }

    func disablePlane(_ plane: UInt32) throws(DRMError) {
        calls.append("disablePlane \(plane)")
        try check("drmModeSetPlane")
        if let i = planes.firstIndex(where: { $0.id == plane }) {
            planes[i].crtcID = 0
            planes[i].framebufferID = 0
        }
    }

    func pageFlip(crtc: UInt32, framebuffer: UInt32) throws(DRMError) {
        calls.append("pageFlip \(crtc) fb \(framebuffer)")
        try check("drmModePageFlip")
        queuedFlips.append(crtc)
    }

    func atomicCommit(_ request: AtomicRequest, flags: AtomicCommitFlags) throws(DRMError) {
        let kind = flags.contains(.testOnly) ? "test" : flags.contains(.allowModeset) ? "modeset" : "flip"
        calls.append("atomic \(kind)")
        try check(kind == "test" ? "drmModeAtomicCommit test" : "drmModeAtomicCommit")
        commits.append((request, flags))
        if !flags.contains(.testOnly) { apply(request) }
        if flags.contains(.pageFlipEvent) && !flags.contains(.testOnly) { queuedFlips.append(crtcs[0].id) }
    }

    func dirtyFramebuffer(_ id: UInt32, rects: [PixelRect]) throws(DRMError) {
        calls.append("dirtyFB \(id)")
        try check("drmModeDirtyFB")
        dirtied.append((id, rects))
    }

    func readEvents() throws(DRMError) -> [FlipEvent] {
        try check("drmHandleEvent")
        defer { events.removeAll() }
        return events
    }

    func waitForEvents(milliseconds: Int32) -> Bool { !events.isEmpty }
    func now() -> Double { clock }

    func close() {
        closed = true
        descriptor = -1
    }

    /// A committed request's planes' CRTC_ID and FB_ID become what `plane(_:)` reports,
    /// as the kernel's state would.
    private func apply(_ request: AtomicRequest) {
        for s in request.settings {
            // Every object's property reads back as committed (a CRTC's MODE_ID too).
            if var set = properties[s.object], let k = set.all.firstIndex(where: { $0.name == s.name }) {
                set.all[k].value = s.value
                properties[s.object] = set
            }
            guard let i = planes.firstIndex(where: { $0.id == s.object }) else { continue }
            if s.name == "CRTC_ID" { planes[i].crtcID = UInt32(s.value) }
            if s.name == "FB_ID" { planes[i].framebufferID = UInt32(s.value) }
        }
    }

    // MARK: test controls

    /// The queued flips reach the screen: one event each, a 60 Hz period apart.
    func completeFlips() {
        for crtc in queuedFlips {
            clock += 1.0 / 60
            events.append(FlipEvent(crtcID: crtc, sequence: UInt32(events.count), time: clock))
        }
        queuedFlips.removeAll()
    }

    /// The queued flips complete at once, without a vblank (bochs, virtio-gpu): each event
    /// stamped with the clock as it is.
    func completeFlipsAtOnce() {
        for crtc in queuedFlips { events.append(FlipEvent(crtcID: crtc, sequence: 0, time: clock)) }
        queuedFlips.removeAll()
    }

    /// The CRTC's ACTIVE as the kernel holds it now (what the last commit that set it
    /// left; the fixture starts at 1).
    var crtcActive: UInt64? { properties[crtcs[0].id]?["ACTIVE"]?.value }

    /// The last non-test atomic commit's value for `name` of `object`.
    func committed(_ name: String, of object: UInt32) -> UInt64? {
        guard let last = commits.last(where: { !$0.flags.contains(.testOnly) }) else { return nil }
        return last.request.settings.first { $0.object == object && $0.name == name }?.value
    }

    var liveFramebuffers: Int { framebuffers.count }

    /// What a process that drew on this card and was killed leaves in its open file: a
    /// swap chain of `count` `width` x `height` dumb buffers with framebuffers (the first
    /// on the primary plane and CRTC in that mode), a MODE_ID blob, and a flip event
    /// queued. Returns the framebuffer ids.
    @discardableResult
    func leaveSwapChainOfDeadProcess(count: Int = 2, width: Int = 800, height: Int = 480) -> [UInt32] {
        var fbs: [UInt32] = []
        for _ in 0..<count {
            let made = try! createDumbBuffer(width: width, height: height, bitsPerPixel: 32)
            fbs.append(try! addFramebuffer(width: width, height: height, format: .xrgb8888, handle: made.handle, pitch: made.pitch))
        }
        let blob = try! createModeBlob(Fixture.mode(width, height, 60, preferred: true))
        crtcs[0].framebufferID = fbs[0]
        crtcs[0].mode = Fixture.mode(width, height, 60, preferred: true)
        planes[0].framebufferID = fbs[0]
        var crtcProps = properties[crtcs[0].id]!.all
        crtcProps[crtcProps.firstIndex { $0.name == "MODE_ID" }!].value = UInt64(blob)
        properties[crtcs[0].id] = PropertySet(crtcProps)
        events.append(FlipEvent(crtcID: crtcs[0].id, sequence: 7, time: clock))
        calls.removeAll()
        return fbs
    }
}
