import LinuxSystem
import Glibc

/// An errno value from a failed system call.
public struct Errno: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: Int32

    public init(_ code: Int32) { self.code = code }

    /// strerror's text, e.g. "Permission denied".
    public var message: String { SystemErrno(code).message }

    public var description: String { "\(message) (errno \(code))" }
}

/// The few system calls the framebuffer backend makes, and nothing above them: the
/// boundary below which tests put a fake driver. `LinuxFramebufferSystem` makes the real
/// calls; the fake in FBDevTests interprets the same requests and structures
/// (`fb_var_screeninfo`, ...) as a kernel driver would.
public protocol FramebufferSystem: AnyObject {
    /// open(2) of a device node, read-write and close-on-exec: the descriptor, or errno.
    func open(_ path: String) -> Result<Int32, Errno>
    /// close(2).
    func close(_ fd: Int32)
    /// ioctl(2) once (the caller retries EINTR): 0, or errno. `argument` is the pointer
    /// the request takes, or for value requests (FBIOBLANK) the value as a bit pattern.
    func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer?) -> Int32
    /// mmap(2) of `length` bytes from offset 0, shared, read-write: the address, or errno.
    func map(_ fd: Int32, length: Int) -> Result<UnsafeMutableRawPointer, Errno>
    /// munmap(2).
    func unmap(_ address: UnsafeMutableRawPointer, length: Int)
    /// The MMU page size, bytes: the framebuffer's memory is mapped from a page boundary.
    var pageSize: Int { get }
    /// CLOCK_MONOTONIC, seconds: to tell a vblank wait that waits from one that doesn't.
    func monotonicSeconds() -> Double
}

/// The real calls, through Glibc.
public final class LinuxFramebufferSystem: FramebufferSystem {
    public init() {}

    public func open(_ path: String) -> Result<Int32, Errno> {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        return fd >= 0 ? .success(fd) : .failure(Errno(errno))
    }

    public func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    public func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer?) -> Int32 {
        let r =
            if let argument { Glibc.ioctl(fd, request, argument) } else { Glibc.ioctl(fd, request, CInt(0)) }
        return r == -1 ? errno : 0
    }

    public func map(_ fd: Int32, length: Int) -> Result<UnsafeMutableRawPointer, Errno> {
        let p = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        guard let p, p != MAP_FAILED else { return .failure(Errno(errno)) }
        return .success(p)
    }

    public func unmap(_ address: UnsafeMutableRawPointer, length: Int) {
        _ = munmap(address, length)
    }

    public var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }

    public func monotonicSeconds() -> Double { MonotonicClock.now() }
}
