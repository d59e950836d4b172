import ConfigFile

extension ShowSettings {
    static let knownKeys = ["path", "idle_reset"]

    /// Validates `[show]`; `boardPath` is the board file's path, which a relative
    /// `path` is resolved against. The show folder must hold a show.toml (whether that
    /// manifest is valid is `Show`'s business).
    init(table: ConfigTable, boardPath: String) throws(ConfigError) {
        try table.requireKnownKeys(ShowSettings.knownKeys)
        var path: String?
        if let given = try table.optionalNonEmptyString("path") {
            let folder = ShowFolder.resolve(given, against: boardPath)
            if let problem = ShowFolder.manifestProblem(folder) { throw table.error("path", problem) }
            path = folder
        }
        let idleReset = try table.optionalDouble("idle_reset") ?? ShowSettings.defaultIdleReset
        guard ShowSettings.idleResetRange.contains(idleReset) else {
            throw table.error("idle_reset", "must be from 0 to 86400 seconds, found \(idleReset)")
        }
        self.init(path: path, idleReset: idleReset)
    }
}
