/// A mistake in a configuration file (a board file or a show manifest), told in one line:
/// `file:line: key: what is wrong`; or a file that could not be read at all
/// (`readFailure`: `file: cannot read: No such file or directory (ENOENT)`), which a
/// command tells apart (exit 66, not 78).
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path as the user gave it.
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// Dotted key path ("display.format", "folder[1].id"); "" for a whole-file error.
    public var key: String
    /// What is wrong, for a person: "expected a string, found an integer".
    public var message: String
    /// Why the file itself could not be read, before anything in it was looked at; nil
    /// for a mistake in what it holds (too big among them).
    public var readFailure: ReadFailure?

    /// A file that could not be read: missing, unreadable, or not a file.
    public enum ReadFailure: Equatable, Sendable {
        /// open(2), fstat(2) or read(2) failed with this errno (ENOENT, EACCES, EIO, ...).
        case errno(Int32)
        /// The path names a directory, a FIFO, a device or a socket: nothing was read.
        case notRegularFile
    }

    public init(file: String, line: Int?, key: String, message: String, readFailure: ReadFailure? = nil) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
        self.readFailure = readFailure
    }

    /// Whether the file could not be read at all (missing, unreadable, not a file).
    public var isUnreadable: Bool { readFailure != nil }

    /// `file:line: key: message`; without a line `file: key: message`; with an empty key
    /// `file:line: message`.
    public var description: String {
        var s = file
        if let line { s += ":\(line)" }
        s += ": "
        if !key.isEmpty { s += key + ": " }
        return s + message
    }
}
