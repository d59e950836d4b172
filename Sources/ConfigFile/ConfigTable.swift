import MessageText

/// One table of a document: the root, a `[table]`, an `[[array]]` element or an inline
/// table. Readers take a key and return a typed value or throw a `ConfigError` that names
/// the file, the key's line and its full key path.
public struct ConfigTable {
    public let document: ConfigDocument
    /// "" for the root, else the key path: "display", "folder[1]", "home.tiles[2]".
    public let path: String
    /// The line of this table's header or opening brace (or of the dotted key that made
    /// it); nil for the root.
    public let line: Int?
    /// The entries in the order they appear in the file, each with its line.
    let entries: [ConfigEntry]

    init(document: ConfigDocument, path: String, line: Int?, entries: [ConfigEntry]) {
        self.document = document
        self.path = path
        self.line = line
        self.entries = entries
    }

    /// "path.key", or "key" at the root: what messages name.
    public func keyPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The keys present, in file order.
    public var keys: [String] { entries.map(\.key) }

    public func contains(_ key: String) -> Bool { entries.contains { $0.key == key } }

    /// An error for `key` at its line (or this table's line when the key is absent). The
    /// key may go deeper: "pages[1]", "left_door.portrait". A key path over `clipLimit`
    /// characters is cut, so a message stays one readable line.
    public func error(_ key: String, _ message: String) -> ConfigError {
        let at = entry(key)?.line ?? ConfigValue.table(entries).line(of: key) ?? line
        return ConfigError(file: document.path, line: at, key: clippedPath(keyPath(key)), message: message)
    }

    /// Throws for the first key (in file order) that is not in `known`: a typo must not be
    /// silently ignored (the board file reference).
    public func requireKnownKeys(_ known: [String]) throws(ConfigError) {
        for key in keys where !known.contains(key) {
            let near = known.filter { editDistance($0, key) <= 2 }
            if near.count == 1 { throw error(key, "unknown key (did you mean \(quoted(near[0]))?)") }
            throw error(key, "unknown key")
        }
    }

    func entry(_ key: String) -> ConfigEntry? { entries.first { $0.key == key } }

    func value(_ key: String) -> ConfigValue? { entry(key)?.value }

    func required(_ key: String) throws(ConfigError) -> ConfigValue {
        guard let v = value(key) else { throw error(key, "missing (required)") }
        return v
    }
}

/// A key path as an error's key: whole up to `clipLimit` characters, else cut with "...".
func clippedPath(_ path: String) -> String {
    guard path.utf8.count > clipLimit else { return path }
    return clipped(path)
}
