import ConfigFile

extension Board {
    /// The keys a board file may have at its top level.
    static let knownKeys = ["name", "display", "touch", "rotation", "show", "power"]

    /// Validates a parsed board file, section by section in schema order.
    init(document: ConfigDocument) throws(ConfigError) {
        let root = document.root
        try root.requireKnownKeys(Board.knownKeys)
        let name = try root.nonEmptyString("name")
        let display = try DisplaySettings(table: root.table("display"))
        let touch = try root.optionalTable("touch").map { t throws(ConfigError) in try TouchSettings(table: t, backend: display.backend) }
        let rotation = try root.optionalTable("rotation").map { t throws(ConfigError) in
            try RotationSettings(table: t)
        }
        let show = try root.optionalTable("show").map { t throws(ConfigError) in
            try ShowSettings(table: t, boardPath: document.path)
        }
        let power = try root.optionalTable("power").map { t throws(ConfigError) in try PowerSettings(table: t) }
        self.init(
            name: name, display: display, touch: touch ?? TouchSettings(),
            rotation: rotation ?? RotationSettings(), show: show ?? ShowSettings(), power: power ?? PowerSettings(),
            path: document.path)
    }
}
