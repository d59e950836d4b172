/// A system call that failed, with what it was doing and why: `bind /run/vitrine/control:
/// Address already in use (EADDRINUSE)`. The one error every module throws for a failed
/// call, so that each message names the call, its object and the errno the same way.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call and its object: "timerfd_create", "bind /run/vitrine/control".
    public var call: String
    /// The errno the call failed with.
    public var errno: Int32

    public init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// The errno with its name and text.
    public var systemErrno: SystemErrno { SystemErrno(errno) }

    /// The failing call, the C library's text for the errno and its symbolic name.
    public var description: String { "\(call): \(systemErrno)" }
}
