internal import Glibc

extension TouchScript {
    /// Reads and parses the touch script at `path` (read whole through Glibc; no
    /// Foundation).
    ///
    /// Only a regular file is read (symbolic links followed), as `Assets`'
    /// `FileIO.readAll` does (this module cannot import it): a FIFO, a directory or a
    /// device is refused after `stat`, without being opened; the file is then opened
    /// with `O_NONBLOCK` (a FIFO put there meanwhile cannot make `open` wait) and
    /// checked again with `fstat`.
    ///
    /// - Parameter panel: the panel the script is played on (its native size), when
    ///   known: every point must then lie on it (see `parse(_:path:panel:)`).
    /// - Throws: `TouchScriptError` naming `path`: `fileNotFound`, `notRegularFile` (a
    ///   directory, FIFO, device or socket), `unreadable` (with the errno: EACCES, EIO,
    ///   ...), `fileTooLarge` (over `maximumFileSize`), or any fault of `parse`.
    public static func load(path: String, panel: PanelSize? = nil) throws(TouchScriptError) -> TouchScript {
        let bytes = try readFile(path, limit: maximumFileSize)
        return try parse(bytes: bytes, path: path, panel: panel)
    }

    /// The regular file's bytes, at most `limit` of them.
    static func readFile(_ path: String, limit: Int) throws(TouchScriptError) -> [UInt8] {
        func fail(_ fault: TouchScriptError.Fault) -> TouchScriptError {
            TouchScriptError(path: path, line: nil, fault: fault)
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let e = errno
            throw fail(e == ENOENT ? .fileNotFound : .unreadable(errno: e))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw fail(.notRegularFile(kind: fileKind(info.st_mode))) }
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else {
            let e = errno
            throw fail(e == ENOENT ? .fileNotFound : .unreadable(errno: e))
        }
        defer { close(fd) }

        guard fstat(fd, &info) == 0 else { throw fail(.unreadable(errno: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw fail(.notRegularFile(kind: fileKind(info.st_mode))) }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw fail(.unreadable(errno: errno)) }
        guard Int(info.st_size) <= limit else { throw fail(.fileTooLarge(limit: limit)) }

        // Read up to one byte past the limit, so that a file growing meanwhile (or a
        // procfs file with no size) is still caught.
        var buffer = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var count = 0
        while count <= limit {
            if count == buffer.count {
                let grown = min(buffer.count * 2, limit + 1)
                buffer.append(contentsOf: repeatElement(0, count: grown - buffer.count))
            }
            let n = buffer.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress! + count, raw.count - count)
            }
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                throw fail(.unreadable(errno: e))
            }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw fail(.fileTooLarge(limit: limit)) }
        buffer.removeLast(buffer.count - count)
        return buffer
    }
}

/// What a `stat` mode that is not a regular file is, as a person says it: "a FIFO",
/// "a directory", "a character device". Also what the accelerometer's attribute files
/// are called when they are not regular files. `mode` is a `mode_t`.
public func fileKind(_ mode: UInt32) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a directory"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    case S_IFREG: "a regular file"
    case let other: "a file of unknown type (mode 0o\(String(other, radix: 8)))"
    }
}
