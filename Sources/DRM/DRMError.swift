import LinuxSystem
import Display
internal import Glibc

/// A libdrm call or DRM ioctl that failed: which call, on which device node, with which
/// errno. Thrown by everything below `DRMDisplay`; `DRMDisplay` turns it into a
/// `DisplayError` at its boundary (`displayError`).
public struct DRMError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The libdrm function or system call: "drmModePageFlip", "open".
    public var call: String
    /// The device node: "/dev/dri/card0".
    public var device: String
    public var errno: Int32

    public init(call: String, device: String, errno: Int32) {
        self.call = call
        self.device = device
        self.errno = errno
    }

    /// The C library's text for `errno`: "Device or resource busy".
    public var message: String { SystemErrno(errno).message }

    /// "/dev/dri/card0: drmModePageFlip: Device or resource busy (errno 16)".
    public var description: String { "\(device): \(call): \(message) (errno \(errno))" }

    /// The same failure as the display protocol reports it: ENODEV (the card went away,
    /// a USB display unplugged, the driver unbound) is an unavailable display, exit 69;
    /// anything else a failed system call, exit 1.
    public var displayError: DisplayError {
        if errno == ENODEV { return .unavailable("\(device): device gone (\(call): \(message))") }
        return .system(device: device, call: call, errno: errno, message: message)
    }
}
