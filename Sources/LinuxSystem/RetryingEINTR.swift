internal import Glibc

/// Calls `body` again while it fails with EINTR (a signal arrived mid-call) and returns
/// its first other result. A call fails when it returns a negative number (-1 for most
/// calls, and for `read`'s and `write`'s `ssize_t`) and sets errno: after a failure the
/// caller reads errno, which still holds the call's value.
///
/// Inlinable, so that each caller gets it specialized for its integer type: it runs in
/// the event loop's reads and writes.
@inlinable
public func retryingEINTR<T: BinaryInteger>(_ body: () -> T) -> T {
    while true {
        let r = body()
        if r >= 0 || !interruptedBySignal() { return r }
    }
}

/// Calls `body` as `retryingEINTR` does, and throws its failure as a `SystemCallError`
/// named `call` ("open /etc/vitrine/board.toml", "timerfd_create"); the name is only
/// built when the call fails. Returns the call's result (never negative).
@inlinable
public func systemCall<T: BinaryInteger>(
    _ call: @autoclosure () -> String, _ body: () -> T
) throws(SystemCallError) -> T {
    let r = retryingEINTR(body)
    guard r >= 0 else {
        let e = currentErrno()  // before the name is built, which may call into the C library
        throw SystemCallError(call(), errno: e)
    }
    return r
}

/// Whether the call that just failed failed with EINTR (for the inlinable helpers, which
/// cannot name Glibc's errno themselves).
@usableFromInline
func interruptedBySignal() -> Bool { errno == EINTR }

/// The calling thread's errno (for the inlinable helpers).
@usableFromInline
func currentErrno() -> Int32 { errno }
