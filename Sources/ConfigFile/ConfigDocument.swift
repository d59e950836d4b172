/// A parsed TOML file, and where each key sits in its text.
///
/// Parsing is `TOMLParser`'s (TOML 1.0, in Swift): the values come out as plain Swift
/// values, each key and array element with its line, in file order.
public final class ConfigDocument: @unchecked Sendable {
    /// The file's path as the user gave it: what messages name.
    public let path: String
    /// The biggest configuration file read, bytes: a board or a manifest is a few KiB;
    /// anything this big is a mistake (a picture named instead of a manifest, say).
    public static let maxBytes = 1 << 20

    let value: ConfigValue

    /// Reads and parses the regular file at `path`.
    ///
    /// - Throws: `ConfigError` with key "" for an unreadable file ("cannot read: " and the
    ///   errno's text and name) or anything but a regular file ("not a regular file (a
    ///   FIFO)"), both with their `readFailure`; a file
    ///   over `maxBytes`, text that is not UTF-8, or a TOML mistake (with its line).
    public static func load(path: String) throws(ConfigError) -> ConfigDocument {
        let bytes = try readFile(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(file: path, line: nil, key: "", message: "not UTF-8 text")
        }
        return try ConfigDocument(text: text, path: path)
    }

    /// Parses `text`; `path` is only what messages name. Any text at all gives a document
    /// or a `ConfigError`: never a trap, a hang or a deep recursion.
    public init(text: String, path: String) throws(ConfigError) {
        self.path = path
        value = try TOMLParser.parse(text, path: path)
    }

    /// The top-level table.
    public var root: ConfigTable {
        guard case .table(let entries) = value else {
            return ConfigTable(document: self, path: "", line: nil, entries: [])
        }
        return ConfigTable(document: self, path: "", line: nil, entries: entries)
    }
}
