import ConfigFile

/// One panel's board file (the board file reference), parsed and validated: which display
/// backend drives which output, where touch comes from, how the panel is mounted, which
/// show plays on it, and when the screen dims and sleeps.
///
/// Every mistake is a `ConfigError` that reads `file:line: key: what is wrong`, and the
/// first mistake in file order of sections (top level, `[display]`, `[touch]`,
/// `[rotation]`, `[show]`, `[power]`) is the one reported. Unknown keys are errors
/// everywhere, so a typo is never silently ignored. Device paths (`/dev/...`) are not looked at here: a
/// missing device is the runtime's exit 69, not a bad board (exit 78).
///
/// Required: `name` and `[display]` with `backend`. Every other section and key is
/// optional; its default is documented on the field.
public struct Board: Hashable, Sendable {
    /// `name`: what the panel is, for logs and `vitrine check` ("Raspberry Pi Touch
    /// Display 7-inch (DSI)"). Required, not empty.
    public var name: String
    /// `[display]`: required, with at least `backend`.
    public var display: DisplaySettings
    /// `[touch]`: optional; without it every touch device is used, uncalibrated, and a
    /// pointer drives the UI like one finger.
    public var touch: TouchSettings
    /// `[rotation]`: optional; without it the panel is mounted as built (0) and stays so.
    public var rotation: RotationSettings
    /// `[show]`: optional; without it the built-in demo show plays, returning home after
    /// 120 s without touch.
    public var show: ShowSettings
    /// `[power]`: optional; without it the screen stays on at the backlight's level.
    public var power: PowerSettings
    /// The board file's path as given (relative paths stay relative).
    public var path: String

    public init(
        name: String, display: DisplaySettings, touch: TouchSettings = TouchSettings(),
        rotation: RotationSettings = RotationSettings(), show: ShowSettings = ShowSettings(),
        power: PowerSettings = PowerSettings(), path: String
    ) {
        self.name = name
        self.display = display
        self.touch = touch
        self.rotation = rotation
        self.show = show
        self.power = power
        self.path = path
    }

    /// Reads and validates the board file at `path`.
    ///
    /// - Throws: `ConfigError` for an unreadable file (`file: cannot read: ...`), a TOML
    ///   syntax error, or any invalid value (see the type's documentation).
    public static func load(path: String) throws(ConfigError) -> Board {
        try Board(document: ConfigDocument.load(path: path))
    }

    /// Validates board file `text`, named `path` in messages; a relative `show.path` is
    /// resolved against `path`'s folder (and must exist, as for `load`).
    public static func parse(text: String, path: String) throws(ConfigError) -> Board {
        try Board(document: ConfigDocument(text: text, path: path))
    }
}
