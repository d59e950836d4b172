import LinuxSystem
internal import Glibc

/// Why an image could not be read, decoded, encoded or written. Every case names the
/// file (or `"<memory>"` for bytes that never came from a file), so the one-line
/// `description` is all a log line or a placeholder needs:
/// `books/atlas/cover.png: corrupt PNG: IDAT stream error`.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not exist (`open` failed with ENOENT).
    case notFound(path: String)
    /// The file exists but could not be opened or read; `errno` as `open`/`read` set it
    /// (EACCES, EIO, ...).
    case unreadable(path: String, errno: Int32)
    /// The path is not a regular file (a FIFO, a directory, a device, a socket): nothing
    /// was read, and opening it did not wait.
    case notRegularFile(path: String, kind: FileKind)
    /// The file is bigger than `ImageLimits.maxFileBytes`; `bytes` is its size.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// The data ends before the image does; `bytes` is how many there were (0: empty).
    case truncated(path: String, format: ImageFormat, bytes: Int)
    /// The data is damaged: a bad CRC, a broken zlib stream, an invalid header field.
    /// `reason` is the decoder's own text (libspng's `spng_strerror`).
    case corrupt(path: String, format: ImageFormat, reason: String)
    /// The header declares an image beyond `limits` (per side, or in decoded bytes).
    /// Nothing was allocated for it.
    case tooLarge(path: String, format: ImageFormat, width: Int, height: Int, limits: ImageLimits)
    /// Not something this decoder reads (e.g. a file without the PNG signature).
    case unsupported(path: String, reason: String)
    /// The encoder failed (out of memory in libspng; `reason` is its text).
    case encodeFailed(path: String, format: ImageFormat, reason: String)
    /// Writing the file failed; `errno` as `open`/`write`/`close`/`rename` set it. No
    /// partial file is left behind.
    case writeFailed(path: String, errno: Int32)
    /// Writing would replace something that is not a regular file (a device, a FIFO, a
    /// socket, a directory, a symbolic link to one of those or to nothing): it is left
    /// as it was, and no temporary file is left behind.
    case notReplaceable(path: String, kind: FileKind)

    /// The file the error is about, or `"<memory>"`.
    public var path: String {
        switch self {
        case .notFound(let p), .unreadable(let p, _), .notRegularFile(let p, _), .fileTooLarge(let p, _, _),
            .truncated(let p, _, _), .corrupt(let p, _, _), .tooLarge(let p, _, _, _, _),
            .unsupported(let p, _), .encodeFailed(let p, _, _), .writeFailed(let p, _),
            .notReplaceable(let p, _):
            p
        }
    }

    public var description: String {
        switch self {
        case .notFound(let p):
            "\(p): cannot read: \(errnoDescription(ENOENT))"
        case .unreadable(let p, let e):
            "\(p): cannot read: \(errnoDescription(e))"
        case .notRegularFile(let p, let kind):
            "\(p): cannot read: \(kind), not a regular file"
        case .fileTooLarge(let p, let bytes, let limit):
            "\(p): file too large: \(bytes) bytes, over the \(limit)-byte limit"
        case .truncated(let p, let f, 0):
            "\(p): empty: no \(f) data"
        case .truncated(let p, let f, let bytes):
            "\(p): truncated \(f): data ends after \(bytes) bytes"
        case .corrupt(let p, let f, let reason):
            "\(p): corrupt \(f): \(reason)"
        case .tooLarge(let p, let f, let w, let h, let l):
            if w > l.maxWidth || h > l.maxHeight {
                "\(p): \(f) too large: \(w)x\(h) exceeds the \(l.maxWidth)x\(l.maxHeight) limit"
            } else {
                "\(p): \(f) too large: \(w)x\(h) decodes to \(decodedBytes(w, h)) bytes, "
                    + "over the \(l.maxDecodedBytes)-byte limit"
            }
        case .unsupported(let p, let reason):
            "\(p): unsupported: \(reason)"
        case .encodeFailed(let p, let f, let reason):
            "\(p): cannot encode \(f): \(reason)"
        case .writeFailed(let p, let e):
            "\(p): cannot write: \(errnoDescription(e))"
        case .notReplaceable(let p, let kind):
            "\(p): not replacing \(kind) (only a regular file is replaced)"
        }
    }
}

/// `width * height * 4` as text, without trapping on absurd header values.
private func decodedBytes(_ w: Int, _ h: Int) -> String {
    let (wh, o1) = w.multipliedReportingOverflow(by: h)
    let (bytes, o2) = wh.multipliedReportingOverflow(by: 4)
    return o1 || o2 ? "more than \(Int.max)" : "\(bytes)"
}
