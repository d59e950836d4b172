internal import Glibc

extension TouchScript {
    /// Reads and parses the touch script at `path` (read whole through Glibc; no
    /// Foundation).
    ///
    /// - Throws: `TouchScriptError` naming `path`: `fileNotFound`, `unreadable` (with
    ///   the errno: EACCES, EISDIR for a directory, ...), `fileTooLarge` (over
    ///   `maximumFileSize`), or any fault of `parse`.
    public static func load(path: String) throws(TouchScriptError) -> TouchScript {
        let bytes = try readFile(path, limit: maximumFileSize)
        return try parse(bytes: bytes, path: path)
    }

    /// The file's bytes, at most `limit` of them.
    static func readFile(_ path: String, limit: Int) throws(TouchScriptError) -> [UInt8] {
        func fail(_ fault: TouchScriptError.Fault) -> TouchScriptError {
            TouchScriptError(path: path, line: nil, fault: fault)
        }
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else {
            let e = errno
            throw fail(e == ENOENT ? .fileNotFound : .unreadable(errno: e))
        }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail(.unreadable(errno: errno)) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw fail(.unreadable(errno: EISDIR)) }
        guard Int(info.st_size) <= limit else { throw fail(.fileTooLarge(limit: limit)) }

        // Read up to one byte past the limit, so that a file growing meanwhile (or a
        // special file with no size) is still caught.
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
