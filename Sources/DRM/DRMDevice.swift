/// One open DRM card: the owner of its descriptor. Non-copyable, so exactly one value
/// closes it (and drops master if it took it) when it goes away, as swift-system's
/// FileDescriptor would if it owned. Reads the card's objects as typed values, with
/// their properties.
public struct DRMDevice: ~Copyable {
    let io: any DRMIO
    /// Whether `becomeMaster` made this descriptor master (and `close` drops it).
    private let masterState = MasterState()

    init(io: any DRMIO) {
        self.io = io
    }

    deinit { close() }

    /// The device node, "/dev/dri/card0".
    public var path: String { io.path }
    /// Readable when a page-flip event is waiting.
    public var descriptor: Int32 { io.descriptor }
    /// "bochs-drm", "virtio_gpu", "vc4"; nil when the kernel doesn't say.
    public var driverName: String? { io.driverName() }

    /// Makes this descriptor DRM master (needed to set modes and flip). The first opener
    /// of a card is master already; otherwise drmSetMaster, which fails with EBUSY (or
    /// EACCES without CAP_SYS_ADMIN) while another process holds it.
    public func becomeMaster() throws(DRMError) {
        if !io.isMaster() { try io.setMaster() }
        masterState.held = true
    }

    /// Gives master up without closing (`vitrine outputs`, which only reads, must not
    /// keep another process from becoming master).
    public func dropMasterIfHeld() {
        if io.isMaster() { try? io.dropMaster() }
        masterState.held = false
    }

    /// Drops master if held and closes the descriptor. Idempotent.
    public func close() {
        if masterState.held {
            try? io.dropMaster()
            masterState.held = false
        }
        io.close()
    }

    /// DRM_CAP_*: whether the driver can do something (dumb buffers, monotonic stamps).
    public func capability(_ capability: UInt64) throws(DRMError) -> UInt64 { try io.capability(capability) }

    /// Turns a DRM_CLIENT_CAP_* on. Returns false when the kernel refuses it.
    public func enable(clientCapability capability: UInt64) -> Bool {
        (try? io.setClientCapability(capability, to: 1)) != nil
    }

    public func resources() throws(DRMError) -> CardResources { try io.resources() }

    /// A connector, probed now, with its properties.
    public func connector(_ id: UInt32) throws(DRMError) -> Connector {
        var c = try io.connector(id)
        c.properties = try io.properties(of: id, type: .connector)
        return c
    }

    public func encoder(_ id: UInt32) throws(DRMError) -> Encoder { try io.encoder(id) }

    /// A CRTC as it is now, with its properties.
    public func crtc(_ id: UInt32, index: Int) throws(DRMError) -> CRTC {
        var c = try io.crtc(id, index: index)
        c.properties = try io.properties(of: id, type: .crtc)
        return c
    }

    /// Every plane with its properties (needs DRM_CLIENT_CAP_UNIVERSAL_PLANES for the
    /// primary and cursor planes to be listed).
    public func planes() throws(DRMError) -> [Plane] {
        var planes: [Plane] = []
        for id in try io.planeIDs() {
            var p = try io.plane(id)
            p.properties = try io.properties(of: id, type: .plane)
            planes.append(p)
        }
        return planes
    }

    /// Every connector, probed, with properties.
    public func connectors() throws(DRMError) -> [Connector] {
        var all: [Connector] = []
        for id in try resources().connectorIDs { all.append(try connector(id)) }
        return all
    }

    /// Every CRTC, with properties, in index order.
    public func crtcs() throws(DRMError) -> [CRTC] {
        var all: [CRTC] = []
        for (i, id) in try resources().crtcIDs.enumerated() { all.append(try crtc(id, index: i)) }
        return all
    }
}

/// DRM_CAP_* and DRM_CLIENT_CAP_* numbers Vitrine asks for.
public enum DRMCapability {
    /// DRM_CAP_DUMB_BUFFER: dumb buffers can be made (every KMS driver).
    public static let dumbBuffer: UInt64 = 0x1
    /// DRM_CAP_TIMESTAMP_MONOTONIC: event timestamps are CLOCK_MONOTONIC.
    public static let timestampMonotonic: UInt64 = 0x6
    /// DRM_CLIENT_CAP_UNIVERSAL_PLANES: list primary and cursor planes too.
    public static let universalPlanes: UInt64 = 2
    /// DRM_CLIENT_CAP_ATOMIC: atomic commits (and atomic-only properties).
    public static let atomic: UInt64 = 3
}

/// Shared mutable state of a non-copyable owner, readable in its deinit.
final class MasterState {
    var held = false
}
