/// A mistake in a configuration file (a board file or a show manifest), told the way
/// the board file reference shows it: one line, `file:line: key: what is wrong`.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path as the user gave it.
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// Dotted key path ("display.format", "folder[1].id"); "" for a whole-file error.
    public var key: String
    /// What is wrong, for a person: "expected a string, found an integer".
    public var message: String

    public init(file: String, line: Int?, key: String, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

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
