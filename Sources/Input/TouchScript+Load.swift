import LinuxSystem

extension TouchScript {
    /// Reads and parses the touch script at `path` (read whole through Glibc; no
    /// Foundation).
    ///
    /// Only a regular file is read (symbolic links followed), by `RegularFile.read`: a
    /// FIFO, a directory or a device is refused after `stat`, without being opened; a
    /// file put in its place meanwhile, after `fstat`.
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

    /// The regular file's bytes, at most `limit` of them (`RegularFile.read`).
    static func readFile(_ path: String, limit: Int) throws(TouchScriptError) -> [UInt8] {
        do {
            return try RegularFile.read(path: path, limit: limit)
        } catch {
            let fault: TouchScriptError.Fault =
                switch error {
                case .notFound: .fileNotFound
                case .notRegularFile(let kind): .notRegularFile(kind: kind.description)
                case .failed(_, let e): .unreadable(errno: e)
                case .tooLarge: .fileTooLarge(limit: limit)
                }
            throw TouchScriptError(path: path, line: nil, fault: fault)
        }
    }
}
