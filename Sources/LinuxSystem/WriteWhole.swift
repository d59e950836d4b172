internal import Glibc

/// Writes `bytes` whole to `fd`, at its offset, a `write` at a time (EINTR retried): the
/// one loop for a file written in one go.
/// - Throws: `write`'s errno as a `SystemCallError` named `call` (ENOSPC, EDQUOT, EIO,
///   EFBIG...); EIO for a `write` that takes nothing, which would otherwise loop forever.
///   Part of the bytes may be written then.
public func writeWhole(_ fd: Int32, _ bytes: [UInt8], call: @autoclosure () -> String = "write") throws(SystemCallError) {
    var written = 0
    while written < bytes.count {
        let n = retryingEINTR {
            bytes.withUnsafeBytes { raw in Glibc.write(fd, raw.baseAddress! + written, raw.count - written) }
        }
        guard n > 0 else { throw SystemCallError(call(), errno: n < 0 ? currentErrno() : EIO) }
        written += n
    }
}
