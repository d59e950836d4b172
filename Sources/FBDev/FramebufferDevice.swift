internal import CFBDev
import Glibc

/// An open device node: the owner of its descriptor, closed when this value goes away
/// (unless borrowed, like standard input). Every ioctl goes through `control`, which
/// retries EINTR and EAGAIN and throws an error naming the node, the request and errno.
struct DeviceNode: ~Copyable {
    let path: String
    let fd: Int32
    let system: any FramebufferSystem
    private let owned: Bool

    init(path: String, system: any FramebufferSystem) throws(FramebufferError) {
        switch system.open(path) {
        case .success(let fd): self.fd = fd
        case .failure(let e): throw .open(path: path, errno: e)
        }
        self.path = path
        self.system = system
        owned = true
    }

    /// A descriptor someone else keeps open (and closes); `name` is for errors.
    init(borrowing fd: Int32, name: String, system: any FramebufferSystem) {
        self.fd = fd
        path = name
        self.system = system
        owned = false
    }

    deinit {
        if owned { system.close(fd) }
    }

    /// The one way an ioctl is made: retried while interrupted (EINTR) or asked to try
    /// again (EAGAIN); any other failure thrown with the request's name.
    func control(_ request: FramebufferRequest, _ argument: UnsafeMutableRawPointer?) throws(FramebufferError) {
        while true {
            let e = system.ioctl(fd, request.code, argument)
            if e == 0 { return }
            if e == EINTR || e == EAGAIN { continue }
            throw .ioctl(path: path, request: request, errno: Errno(e))
        }
    }
}

/// An open framebuffer device (/dev/fbN), closed when this value goes away: its
/// screen information, panning, vblank waits, blanking and video memory.
public struct FramebufferDevice: ~Copyable {
    let node: DeviceNode
    public var path: String { node.path }
    public var fd: Int32 { node.fd }
    var system: any FramebufferSystem { node.system }

    /// Opens `path` read-write.
    /// - Throws: `FramebufferError.open` with errno (EACCES: not in the video group;
    ///   ENOENT: no such node).
    public init(path: String, system: any FramebufferSystem = LinuxFramebufferSystem()) throws(FramebufferError) {
        node = try DeviceNode(path: path, system: system)
    }

    func control(_ request: FramebufferRequest, _ argument: UnsafeMutableRawPointer?) throws(FramebufferError) {
        try node.control(request, argument)
    }

    /// FBIOGET_VSCREENINFO.
    public func variableInfo() throws(FramebufferError) -> FramebufferVariableInfo {
        var raw = fb_var_screeninfo()
        try control(.getVariableInfo, &raw)
        return FramebufferVariableInfo(raw)
    }

    /// FBIOPUT_VSCREENINFO: asks for `info`; the driver may round values up or change
    /// them, and writes back what it chose into `info`.
    public func setVariableInfo(_ info: inout FramebufferVariableInfo) throws(FramebufferError) {
        try control(.putVariableInfo, &info.raw)
    }

    /// FBIOGET_FSCREENINFO.
    public func fixedInfo() throws(FramebufferError) -> FramebufferFixedInfo {
        var raw = fb_fix_screeninfo()
        try control(.getFixedInfo, &raw)
        return FramebufferFixedInfo(raw)
    }

    /// FBIOPAN_DISPLAY: scans out from `info.xoffset`, `info.yoffset` (the rest of `info`
    /// as read). Most drivers latch the new offset at the next vertical blank; DRM's
    /// fbdev emulation commits it and waits for it.
    public func pan(_ info: FramebufferVariableInfo) throws(FramebufferError) {
        var raw = info.raw
        try control(.panDisplay, &raw)
    }

    /// FBIO_WAITFORVSYNC on CRTC 0: returns at the start of the next vertical blank.
    /// Drivers without it fail with ENOTTY (or EINVAL from DRM's fbdev emulation on a
    /// driver without vblank interrupts).
    public func waitForVSync() throws(FramebufferError) {
        var crtc: UInt32 = 0
        try control(.waitForVSync, &crtc)
    }

    /// FBIOBLANK with `mode` (FB_BLANK_UNBLANK 0 ... FB_BLANK_POWERDOWN 4), passed as
    /// the argument's value.
    public func blank(_ mode: FramebufferBlank) throws(FramebufferError) {
        try control(.blank, UnsafeMutableRawPointer(bitPattern: UInt(mode.rawValue)))
    }

    /// Maps `length` bytes of video memory, shared, read-write.
    public func map(length: Int) throws(FramebufferError) -> FramebufferMapping {
        switch system.map(fd, length: length) {
        case .success(let p): return FramebufferMapping(address: p, length: length, system: system)
        case .failure(let e): throw .map(path: path, bytes: length, errno: e)
        }
    }
}

/// FBIOBLANK's values (`FB_BLANK_*`).
public enum FramebufferBlank: Int32, Sendable {
    case unblank = 0
    case normal = 1
    case vsyncSuspend = 2
    case hsyncSuspend = 3
    case powerdown = 4
}

/// Mapped video memory: the owner of the mapping, unmapped when this value goes away.
/// Surfaces over it borrow it: they must not be drawn into afterwards.
public struct FramebufferMapping: ~Copyable {
    /// First mapped byte (a page boundary).
    public let address: UnsafeMutableRawPointer
    public let length: Int
    let system: any FramebufferSystem

    deinit {
        system.unmap(address, length: length)
    }
}
