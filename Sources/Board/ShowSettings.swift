/// `[show]`: which show plays, and when it returns home by itself.
public struct ShowSettings: Hashable, Sendable {
    /// `path`: the show folder (holding show.toml). A relative path in the file is
    /// resolved against the board file's folder, and stored resolved. nil: the built-in
    /// demo show.
    public var path: String?
    /// `idle_reset`: seconds without touch before the show returns home; 0: never.
    /// 0...86400 (a day), default 120.
    public var idleReset: Double

    /// `idle_reset` when the board gives none, seconds.
    public static let defaultIdleReset = 120.0
    /// The range `idle_reset` may take, seconds.
    public static let idleResetRange = 0.0...86400.0

    public init(path: String? = nil, idleReset: Double = ShowSettings.defaultIdleReset) {
        self.path = path
        self.idleReset = idleReset
    }
}
