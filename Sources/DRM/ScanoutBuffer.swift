import Raster

/// One buffer of the swap chain: a dumb buffer, the `Surface` over its mapping, and
/// which frame's pixels it holds (for the buffer age).
final class ScanoutBuffer {
    let dumb: DumbBuffer
    let surface: Surface
    /// Its place in the chain, `DisplayBuffer.index`.
    let index: Int
    /// The number of the frame whose pixels it holds (frames count from 1 at each
    /// `present`); nil when it holds none (new, or after the output came back).
    var contentFrame: Int?

    init(dumb: consuming DumbBuffer, index: Int, format: PixelFormat) throws(RasterError) {
        surface = try Surface(
            borrowing: dumb.address, byteCount: dumb.size, width: dumb.width, height: dumb.height, stride: dumb.pitch,
            format: format)
        self.dumb = dumb
        self.index = index
    }

    var framebufferID: UInt32 { dumb.framebufferID }
    var width: Int { dumb.width }
    var height: Int { dumb.height }
}

/// What went wrong, and how often, on the way to the screen: for the log at close, and
/// for tests and the VM checks.
public struct DRMStatistics: Hashable, Sendable {
    /// Frames handed to `present`.
    public var presented = 0
    /// Modesets: the first frame, after an output came back or turned, and recoveries.
    public var modesets = 0
    /// Page flips refused with EBUSY and shown a vblank late by a second try.
    public var lateFrames = 0
    /// Page flips refused with EBUSY twice: the frame was not shown (the next one is).
    public var droppedFrames = 0
    /// Re-modesets after a page flip failed with EINVAL.
    public var recoveries = 0

    public init() {}
}
