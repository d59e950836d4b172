/// The typed readers. A required reader throws "missing (required)" for an absent key;
/// an optional one returns nil. A value of the wrong type throws
/// "expected <wanted>, found <what is there>".
extension ConfigTable {
    public func string(_ key: String) throws(ConfigError) -> String {
        try Self.string(try required(key)) { (m) throws(ConfigError) in throw error(key, m) }
    }

    public func optionalString(_ key: String) throws(ConfigError) -> String? {
        guard let v = value(key) else { return nil }
        return try Self.string(v) { (m) throws(ConfigError) in throw error(key, m) }
    }

    public func int(_ key: String) throws(ConfigError) -> Int {
        try Self.int(try required(key)) { (m) throws(ConfigError) in throw error(key, m) }
    }

    public func optionalInt(_ key: String) throws(ConfigError) -> Int? {
        guard let v = value(key) else { return nil }
        return try Self.int(v) { (m) throws(ConfigError) in throw error(key, m) }
    }

    /// A number: integers are accepted; nan and inf are not.
    public func double(_ key: String) throws(ConfigError) -> Double {
        try Self.double(try required(key)) { (m) throws(ConfigError) in throw error(key, m) }
    }

    public func optionalDouble(_ key: String) throws(ConfigError) -> Double? {
        guard let v = value(key) else { return nil }
        return try Self.double(v) { (m) throws(ConfigError) in throw error(key, m) }
    }

    public func bool(_ key: String) throws(ConfigError) -> Bool {
        guard case .bool(let b) = try required(key) else { throw error(key, mismatch("a boolean", value(key))) }
        return b
    }

    public func optionalBool(_ key: String) throws(ConfigError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw error(key, mismatch("a boolean", v)) }
        return b
    }

    /// A `[table]` or an inline table.
    public func table(_ key: String) throws(ConfigError) -> ConfigTable {
        try subtable(try required(key), path: keyPath(key), line: entry(key)?.line) { (m) throws(ConfigError) in
            throw error(key, m)
        }
    }

    public func optionalTable(_ key: String) throws(ConfigError) -> ConfigTable? {
        guard let v = value(key) else { return nil }
        return try subtable(v, path: keyPath(key), line: entry(key)?.line) { (m) throws(ConfigError) in
            throw error(key, m)
        }
    }

    /// An array of tables (`[[key]]`) or of inline tables; a wrong element throws at "key[i]".
    public func tableArray(_ key: String) throws(ConfigError) -> [ConfigTable] {
        try elements(key, try required(key)) { (v, path, line, fail) throws(ConfigError) in
            try subtable(v, path: path, line: line, fail)
        }
    }

    public func optionalTableArray(_ key: String) throws(ConfigError) -> [ConfigTable]? {
        guard let v = value(key) else { return nil }
        return try elements(key, v) { (v, path, line, fail) throws(ConfigError) in
            try subtable(v, path: path, line: line, fail)
        }
    }

    public func stringArray(_ key: String) throws(ConfigError) -> [String] {
        try elements(key, try required(key)) { (v, _, _, fail) throws(ConfigError) in try Self.string(v, fail) }
    }

    public func optionalStringArray(_ key: String) throws(ConfigError) -> [String]? {
        guard let v = value(key) else { return nil }
        return try elements(key, v) { (v, _, _, fail) throws(ConfigError) in try Self.string(v, fail) }
    }

    public func doubleArray(_ key: String) throws(ConfigError) -> [Double] {
        try elements(key, try required(key)) { (v, _, _, fail) throws(ConfigError) in try Self.double(v, fail) }
    }

    public func optionalDoubleArray(_ key: String) throws(ConfigError) -> [Double]? {
        guard let v = value(key) else { return nil }
        return try elements(key, v) { (v, _, _, fail) throws(ConfigError) in try Self.double(v, fail) }
    }

    /// A string that must be one of `T`'s raw values:
    /// `"rgb888" is not one of xrgb8888, rgb565` (in `allCases` order).
    public func choice<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws(ConfigError) -> T
    where T.RawValue == String {
        try pick(key, try string(key), as: type)
    }

    public func optionalChoice<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type)
        throws(ConfigError) -> T?
    where T.RawValue == String {
        guard let s = try optionalString(key) else { return nil }
        return try pick(key, s, as: type)
    }

    // MARK: - Conversions

    private func pick<T: RawRepresentable & CaseIterable>(_ key: String, _ s: String, as: T.Type) throws(ConfigError)
        -> T
    where T.RawValue == String {
        if let v = T(rawValue: s) { return v }
        let names = T.allCases.map(\.rawValue).joined(separator: ", ")
        throw error(key, "\(quoted(s)) is not one of \(names)")
    }

    private func mismatch(_ wanted: String, _ found: ConfigValue?) -> String {
        "expected \(wanted), found \(found?.kindPhrase ?? "nothing")"
    }

    private static func string(_ v: ConfigValue, _ fail: (String) throws(ConfigError) -> Never) throws(ConfigError)
        -> String
    {
        guard case .string(let s) = v else { try fail("expected a string, found \(v.kindPhrase)") }
        return s
    }

    private static func int(_ v: ConfigValue, _ fail: (String) throws(ConfigError) -> Never) throws(ConfigError)
        -> Int
    {
        guard case .int(let n) = v else { try fail("expected an integer, found \(v.kindPhrase)") }
        return n
    }

    private static func double(_ v: ConfigValue, _ fail: (String) throws(ConfigError) -> Never) throws(ConfigError)
        -> Double
    {
        switch v {
        case .int(let n): return Double(n)
        case .double(let d):
            guard d.isFinite else { try fail("must be a finite number") }
            return d
        default: try fail("expected a number, found \(v.kindPhrase)")
        }
    }

    private func subtable(
        _ v: ConfigValue, path: String, line: Int?, _ fail: (String) throws(ConfigError) -> Never
    ) throws(ConfigError) -> ConfigTable {
        guard case .table(let entries) = v else { try fail("expected a table, found \(v.kindPhrase)") }
        return ConfigTable(document: document, path: path, line: line, entries: entries)
    }

    /// Each element of the array at `key` through `read` (value, key path, line), whose
    /// failures name "key[i]" at the element's line.
    private func elements<T>(
        _ key: String, _ v: ConfigValue,
        _ read: (ConfigValue, String, Int, (String) throws(ConfigError) -> Never) throws(ConfigError) -> T
    ) throws(ConfigError) -> [T] {
        guard case .array(let items) = v else { throw error(key, mismatch("an array", v)) }
        var out: [T] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            let path = "\(keyPath(key))[\(i)]"
            out.append(
                try read(item.value, path, item.line) { (m) throws(ConfigError) in
                    throw ConfigError(file: document.path, line: item.line, key: clippedPath(path), message: m)
                })
        }
        return out
    }
}
