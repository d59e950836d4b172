internal import Glibc
import Raster

/// A dumb buffer: memory the kernel made for scanout, with a framebuffer over it and a
/// mapping to draw into. Non-copyable: its deinit removes the framebuffer, unmaps and
/// destroys the buffer, in that order (a framebuffer still on screen is taken off it by
/// the kernel, so the owner puts something else there first when that matters).
public struct DumbBuffer: ~Copyable {
    private let io: any DRMIO
    /// The GEM handle and the framebuffer id (what a flip or plane names).
    public let handle: UInt32
    public let framebufferID: UInt32
    public let width: Int
    public let height: Int
    public let format: FourCC
    /// Bytes per row (the driver's choice, at least width times the pixel size).
    public let pitch: Int
    /// The mapping's length, bytes.
    public let size: Int
    /// The first byte of row 0, mapped shared.
    public let address: UnsafeMutableRawPointer

    /// Creates a `width` x `height` buffer of `format` (32 or 16 bits per pixel), adds a
    /// framebuffer over it and maps it. Undoes what was done when a step fails.
    init(io: any DRMIO, width: Int, height: Int, format: PixelFormat) throws(DRMError) {
        guard let fourcc = FourCC(format) else {
            throw DRMError(call: "drmModeAddFB2 (\(format) is no scanout format)", device: io.path, errno: EINVAL)
        }
        let made = try io.createDumbBuffer(width: width, height: height, bitsPerPixel: format.bytesPerPixel * 8)
        let fb: UInt32
        do {
            fb = try io.addFramebuffer(
                width: width, height: height, format: fourcc, handle: made.handle, pitch: made.pitch)
        } catch {
            try? io.destroyDumbBuffer(handle: made.handle)
            throw error
        }
        let address: UnsafeMutableRawPointer
        do {
            address = try io.mapDumbBuffer(handle: made.handle, size: made.size)
        } catch {
            try? io.removeFramebuffer(fb)
            try? io.destroyDumbBuffer(handle: made.handle)
            throw error
        }
        self.io = io
        self.handle = made.handle
        self.framebufferID = fb
        self.width = width
        self.height = height
        self.format = fourcc
        self.pitch = made.pitch
        self.size = made.size
        self.address = address
    }

    deinit {
        try? io.removeFramebuffer(framebufferID)
        io.unmapDumbBuffer(address, size: size)
        try? io.destroyDumbBuffer(handle: handle)
    }
}

/// A property blob the kernel holds for us (a mode for MODE_ID): destroyed with its owner.
/// The kernel keeps its own reference while a committed state uses the blob.
struct PropertyBlob: ~Copyable {
    private let io: any DRMIO
    let id: UInt32

    init(io: any DRMIO, mode: Mode) throws(DRMError) {
        self.io = io
        id = try io.createModeBlob(mode)
    }

    deinit { try? io.destroyBlob(id) }
}
