internal import Glibc

/// Calls `body` again while it fails with EINTR (a signal arrived mid-call) and returns
/// its first other result. A call fails when it returns a negative number (-1 for most
/// calls, and for `read`'s and `write`'s `ssize_t`) and sets errno: after a failure the
/// caller reads errno, which still holds the call's value.
public func retryingEINTR<T: BinaryInteger>(_ body: () -> T) -> T {
    while true {
        let r = body()
        if r >= 0 || errno != EINTR { return r }
    }
}

/// Calls `body` as `retryingEINTR` does, and throws its failure as a `SystemCallError`
/// named `call` ("open /etc/vitrine/board.toml", "timerfd_create"); the name is only
/// built when the call fails. Returns the call's result (never negative).
public func systemCall<T: BinaryInteger>(
    _ call: @autoclosure () -> String, _ body: () -> T
) throws(SystemCallError) -> T {
    let r = retryingEINTR(body)
    guard r >= 0 else {
        let e = errno  // before the name is built, which may call into the C library
        throw SystemCallError(call(), errno: e)
    }
    return r
}
