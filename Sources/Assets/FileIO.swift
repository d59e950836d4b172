import LinuxSystem
internal import Glibc

/// Whole-file reads and atomic whole-file writes through Glibc (no Foundation), with
/// errors that name the path and the errno. Shared by the image codecs and by anything
/// else that loads or dumps a file at once (pictures, fonts, golden images, frame dumps,
/// `vitrine show init`).
///
/// Only regular files are read or replaced. A path a person names can be anything: a
/// FIFO (whose `open` waits for a writer, forever, and a kiosk stuck there ignores
/// SIGTERM), a device (`/dev/zero` never ends, `/dev/full` must not become a PNG), a
/// directory. Those are refused with `notRegularFile` (reading) or `notReplaceable`
/// (writing), naming the path and what is there, and left as they are.
public enum FileIO {
    /// The whole content of the regular file at `path` (symbolic links followed).
    ///
    /// The path is checked with `stat` first, so that a FIFO or a device is refused
    /// without being opened at all (opening some devices does something: a watchdog
    /// starts counting). The file is then opened with `O_NONBLOCK`, so that even a FIFO
    /// put in its place meanwhile cannot make `open` wait, and checked again with
    /// `fstat` before a byte is read. (`O_NONBLOCK` is then cleared; a regular file
    /// never blocks.)
    ///
    /// - Parameter maxBytes: the most bytes accepted; a bigger file throws
    ///   `fileTooLarge` before (or, if it grows while read, instead of) reading it all.
    /// - Throws: `notFound` (ENOENT), `notRegularFile` (a directory, FIFO, device or
    ///   socket, with its kind), `unreadable` (any other errno from `stat`, `open`, `fstat` or
    ///   `read`: EACCES, EIO, ...), `fileTooLarge`.
    public static func readAll(path: String, maxBytes: Int = .max) throws(ImageError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let e = errno
            throw e == ENOENT ? .notFound(path: path) : .unreadable(path: path, errno: e)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .notRegularFile(path: path, kind: FileKind(mode: info.st_mode))
        }
        let fd = retryingEINTR { open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else {
            let e = errno
            throw e == ENOENT ? .notFound(path: path) : .unreadable(path: path, errno: e)
        }
        defer { close(fd) }

        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .notRegularFile(path: path, kind: FileKind(mode: info.st_mode))
        }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            throw .unreadable(path: path, errno: errno)
        }
        // st_size is 0 for some files (procfs): then grow as the data comes.
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
    /// new one, never half of it: the bytes go to a temporary file beside it (see
    /// `AtomicFile`), which is then renamed over `path`. On failure the temporary file
    /// is removed and `path` is left as it was.
    ///
    /// Only a regular file is replaced: when `path` is a directory, a device, a FIFO or
    /// a socket, nothing is written and `notReplaceable` names it. A symbolic link is
    /// followed: when it leads to a regular file, that file is replaced (the link stays
    /// a link, as with `>` in a shell); a link to anything else, or to nothing, is
    /// refused.
    ///
    /// The data is not fsync'ed: this protects readers (a viewer, a test comparing
    /// goldens), not against power loss, and frame dumps are written too often to pay
    /// for a sync each.
    ///
    /// - Throws: `notReplaceable`, or `writeFailed` with the errno of the step that
    ///   failed (ENOENT for a missing directory, EACCES, ENOSPC, ...).
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ImageError) {
        var file = try AtomicFile(path: path)
        try file.write(bytes)
        try file.commit()
    }
}
