/// What a DRM card has: the ids of its CRTCs, connectors and encoders, in the kernel's
/// order (a CRTC's place in `crtcIDs` is its index, the bit encoders and planes name it by).
public struct CardResources: Hashable, Sendable {
    public var crtcIDs: [UInt32]
    public var connectorIDs: [UInt32]
    public var encoderIDs: [UInt32]
    /// The framebuffers this open file made (drmModeGetResources lists only the caller's
    /// own): on a descriptor kept over a restart, the ones the process before left.
    public var framebufferIDs: [UInt32]

    public init(crtcIDs: [UInt32], connectorIDs: [UInt32], encoderIDs: [UInt32], framebufferIDs: [UInt32] = []) {
        self.crtcIDs = crtcIDs
        self.connectorIDs = connectorIDs
        self.encoderIDs = encoderIDs
        self.framebufferIDs = framebufferIDs
    }
}

/// An encoder: what links a connector to a CRTC. Read only to find a CRTC the
/// connector can be driven by.
public struct Encoder: Hashable, Sendable {
    public var id: UInt32
    /// The CRTC driving it now, 0 when none.
    public var crtcID: UInt32
    /// Bit i set: the CRTC at index i of `CardResources.crtcIDs` can drive it.
    public var possibleCRTCs: UInt32

    public init(id: UInt32, crtcID: UInt32, possibleCRTCs: UInt32) {
        self.id = id
        self.crtcID = crtcID
        self.possibleCRTCs = possibleCRTCs
    }
}

/// A page flip that completed: the frame queued with `PAGE_FLIP_EVENT` is on screen.
public struct FlipEvent: Hashable, Sendable {
    /// The CRTC that flipped (0 when the kernel doesn't say).
    public var crtcID: UInt32
    /// The vblank counter at the flip.
    public var sequence: UInt32
    /// When the flip happened (the start of the vblank), CLOCK_MONOTONIC seconds.
    public var time: Double

    public init(crtcID: UInt32, sequence: UInt32, time: Double) {
        self.crtcID = crtcID
        self.sequence = sequence
        self.time = time
    }
}

/// A dumb buffer the kernel made: its GEM handle, bytes per row and total bytes.
public struct DumbAllocation: Hashable, Sendable {
    public var handle: UInt32
    public var pitch: Int
    public var size: Int

    public init(handle: UInt32, pitch: Int, size: Int) {
        self.handle = handle
        self.pitch = pitch
        self.size = size
    }
}

/// The kinds of kernel object properties belong to (DRM_MODE_OBJECT_*).
public enum ObjectType: UInt32, Sendable {
    case crtc = 0xcccc_cccc
    case connector = 0xc0c0_c0c0
    case plane = 0xeeee_eeee
}
