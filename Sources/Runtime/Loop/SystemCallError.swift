internal import Glibc

/// A system call that failed, with what it was doing: `bind /run/vitrine/control: Address
/// already in use`.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    /// The call and its object: "timerfd_create", "bind /run/vitrine/control".
    public var call: String
    public var errno: Int32

    public init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// The failing call with the C library's text for the errno.
    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}

/// Retries a call that failed with EINTR (a signal arrived mid-call).
@inline(__always)
func retryingEINTR<T: BinaryInteger>(_ body: () -> T) -> T {
    while true {
        let r = body()
        if r >= 0 || errno != EINTR { return r }
    }
}
