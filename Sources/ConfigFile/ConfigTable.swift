/// One table of a document: the root, a `[table]`, an `[[array]]` element or an inline
/// table. Readers take a key and return a typed value or throw a `ConfigError` that names
/// the file, the key's line and its full key path.
public struct ConfigTable {
    public let document: ConfigDocument
    /// "" for the root, else the key path: "display", "folder[1]", "home.tiles[2]".
    public let path: String
    /// The entries in the order they appear in the file.
    let entries: [(key: String, value: ConfigValue)]

    init(document: ConfigDocument, path: String, entries: [(key: String, value: ConfigValue)]) {
        self.document = document
        self.path = path
        let join = { (k: String) in path.isEmpty ? k : path + "." + k }
        // TOMLKit hands keys over sorted; messages should follow the file.
        self.entries = entries.enumerated().sorted { a, b in
            let la = document.line(of: join(a.element.key)) ?? Int.max
            let lb = document.line(of: join(b.element.key)) ?? Int.max
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }

    /// "path.key", or "key" at the root: what messages name.
    public func keyPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The keys present, in file order.
    public var keys: [String] { entries.map(\.key) }

    public func contains(_ key: String) -> Bool { entries.contains { $0.key == key } }

    /// The line of this table's header or opening brace, when known.
    public var line: Int? { path.isEmpty ? nil : document.line(of: path) }

    /// An error for `key` at its line (or this table's line when the key is absent).
    public func error(_ key: String, _ message: String) -> ConfigError {
        let full = keyPath(key)
        return ConfigError(file: document.path, line: document.line(of: full) ?? line, key: full, message: message)
    }

    /// Throws for the first key (in file order) that is not in `known`: a typo must not be
    /// silently ignored (DESIGN.md §3).
    public func requireKnownKeys(_ known: [String]) throws(ConfigError) {
        for (key, _) in entries where !known.contains(key) {
            let near = known.filter { editDistance($0, key) <= 2 }
            if near.count == 1 { throw error(key, "unknown key (did you mean \"\(near[0])\"?)") }
            throw error(key, "unknown key")
        }
    }

    func value(_ key: String) -> ConfigValue? { entries.first { $0.key == key }?.value }

    func required(_ key: String) throws(ConfigError) -> ConfigValue {
        guard let v = value(key) else { throw error(key, "missing (required)") }
        return v
    }
}
