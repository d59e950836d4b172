internal import Glibc

/// Whole-file reads and atomic whole-file writes through Glibc (no Foundation), with
/// errors that name the path and the errno. Shared by the image codecs and by anything
/// else that loads or dumps a file at once (manifests, golden images, frame dumps).
public enum FileIO {
    /// The whole content of the file at `path`.
    ///
    /// - Parameter maxBytes: the most bytes accepted; a bigger file throws
    ///   `fileTooLarge` before (or, if it grows while read, instead of) reading it all.
    /// - Throws: `notFound` (ENOENT), `unreadable` (any other errno from `open`, `fstat`
    ///   or `read`, e.g. EISDIR for a directory), `fileTooLarge`.
    public static func readAll(path: String, maxBytes: Int = .max) throws(ImageError) -> [UInt8] {
        let fd = retryingEINTR { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else {
            let e = errno
            throw e == ENOENT ? .notFound(path: path) : .unreadable(path: path, errno: e)
        }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, errno: errno) }
        // st_size is 0 for some special files: then grow as the data comes.
        let expected = max(Int(info.st_size), 0)
        guard expected <= maxBytes else {
            throw .fileTooLarge(path: path, bytes: expected, limit: maxBytes)
        }

        // One byte more than expected, so a file read whole is seen to end in one go.
        var buffer = [UInt8](repeating: 0, count: expected + 1)
        var count = 0
        while true {
            if count == buffer.count {
                buffer.append(contentsOf: repeatElement(0, count: max(buffer.count, 4096)))
            }
            let n = buffer.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress! + count, raw.count - count)
            }
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                throw .unreadable(path: path, errno: e)
            }
            if n == 0 { break }
            count += n
            // The file grew since fstat.
            guard count <= maxBytes else {
                throw .fileTooLarge(path: path, bytes: count, limit: maxBytes)
            }
        }
        buffer.removeLast(buffer.count - count)
        return buffer
    }

    /// Writes `bytes` to `path` so that a reader sees either the old file or the whole
    /// new one, never half of it: the bytes go to `path + ".tmp"` (mode 0644 before the
    /// umask), which is then renamed over `path`. On failure the temporary file is
    /// removed and `path` is left as it was.
    ///
    /// The data is not fsync'ed: this protects readers (a viewer, a test comparing
    /// goldens), not against power loss, and frame dumps are written too often to pay
    /// for a sync each.
    ///
    /// - Throws: `writeFailed` with the errno of the step that failed (ENOENT for a
    ///   missing directory, EISDIR when `path` is a directory, ENOSPC, ...).
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ImageError) {
        let tmp = path + ".tmp"
        let fd = retryingEINTR { open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw .writeFailed(path: path, errno: errno) }

        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                write(fd, raw.baseAddress! + written, raw.count - written)
            }
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                close(fd)
                unlink(tmp)
                throw .writeFailed(path: path, errno: e)
            }
            written += n
        }
        // close can report a deferred write error (NFS, quota): the file is then bad.
        // (EINTR from close still closed the descriptor on Linux: not a failure.)
        if close(fd) != 0, case let e = errno, e != EINTR {
            unlink(tmp)
            throw .writeFailed(path: path, errno: e)
        }
        guard rename(tmp, path) == 0 else {
            let e = errno
            unlink(tmp)
            throw .writeFailed(path: path, errno: e)
        }
    }
}

/// Calls `body` again while it fails with EINTR (a signal arrived mid-call).
@inline(__always)
func retryingEINTR(_ body: () -> Int32) -> Int32 {
    while true {
        let r = body()
        if r >= 0 || errno != EINTR { return r }
    }
}
