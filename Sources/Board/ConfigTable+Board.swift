import ConfigFile

extension ConfigTable {
    /// A required string that must not be empty: "must not be empty".
    func nonEmptyString(_ key: String) throws(ConfigError) -> String {
        let value = try string(key)
        guard !value.isEmpty else { throw error(key, "must not be empty") }
        return value
    }

    /// An optional string that, when present, must not be empty: "must not be empty".
    func optionalNonEmptyString(_ key: String) throws(ConfigError) -> String? {
        guard let value = try optionalString(key) else { return nil }
        guard !value.isEmpty else { throw error(key, "must not be empty") }
        return value
    }

    /// Throws "only for <what>" when `key` is present but `allowed` is false: keys that
    /// mean nothing for the chosen backend or source are mistakes, not silently ignored.
    func forbid(_ key: String, unless allowed: Bool, _ what: String) throws(ConfigError) {
        if !allowed && contains(key) { throw error(key, "only for \(what)") }
    }
}
