import LinuxSystem
internal import Glibc

/// A message to systemd could not be sent.
public enum NotifyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// $NOTIFY_SOCKET is neither an absolute path nor an `@abstract` name, or is too long
    /// for a socket address (107 bytes at most).
    case badAddress(socket: String, reason: String)
    /// A system call failed: `call` is socket or sendmsg, `errno` its error number.
    case system(socket: String, call: String, errno: Int32)

    /// `notify socket "/run/systemd/notify": sendmsg: No such file or directory`, or
    /// `notify socket "x": not an absolute path or @abstract name`.
    public var description: String {
        switch self {
        case .badAddress(let socket, let reason):
            "notify socket \"\(socket)\": \(reason)"
        case .system(let socket, let call, let errno):
            "notify socket \"\(socket)\": \(call): \(SystemErrno(errno).message)"
        }
    }
}
