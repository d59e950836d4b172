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
    /// Read by `RegularFile.read` (LinuxSystem): a FIFO or a device is refused after
    /// `stat`, without being opened, and a file put in its place meanwhile after `fstat`.
    ///
    /// - Parameter maxBytes: the most bytes accepted; a bigger file throws
    ///   `fileTooLarge` before (or, if it grows while read, instead of) reading it all.
    /// - Throws: `notFound` (ENOENT), `notRegularFile` (a directory, FIFO, device or
    ///   socket, with its kind), `unreadable` (any other errno from `stat`, `open`, `fstat` or
    ///   `read`: EACCES, EIO, ...), `fileTooLarge`.
    public static func readAll(path: String, maxBytes: Int = .max) throws(ImageError) -> [UInt8] {
        do {
            return try RegularFile.read(path: path, limit: maxBytes)
        } catch {
            switch error {
            case .notFound: throw .notFound(path: path)
            case .notRegularFile(let kind): throw .notRegularFile(path: path, kind: kind)
            case .failed(_, let e): throw .unreadable(path: path, errno: e)
            case .tooLarge(let bytes, let limit): throw .fileTooLarge(path: path, bytes: bytes, limit: limit)
            }
        }
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
