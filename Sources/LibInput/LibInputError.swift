import LinuxSystem
internal import Glibc

/// Why the input seat could not be set up.
public enum LibInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// udev_new() failed (no /sys? out of memory).
    case udevUnavailable
    /// libinput_udev_create_context or libinput_path_create_context returned NULL.
    case contextFailed(backend: String)
    /// libinput_udev_assign_seat failed for `seat`.
    case seatFailed(seat: String)
    /// A system call at the edge failed (epoll, inotify): the call and errno.
    case system(call: String, errno: Int32)

    public var description: String {
        switch self {
        case .udevUnavailable: "input: udev is not available (udev_new failed)"
        case .contextFailed(let b): "input: libinput's \(b) backend could not start"
        case .seatFailed(let s): "input: libinput could not take seat \(s) (udev enumeration failed)"
        case .system(let call, let e): "input: \(call): \(SystemErrno(e))"
        }
    }
}
