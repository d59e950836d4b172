/// Where a display backend's log lines go: `Runtime` wires these to its logger (the
/// display modules don't log themselves). Lines are plain text, one event each, never
/// one per frame at `info`.
public struct DisplayLog: Sendable {
    /// What was chosen or changed: the mode picked, an output lost or back.
    public var info: @Sendable (String) -> Void
    /// Something went wrong and was handled: a late flip, a re-modeset.
    public var warning: @Sendable (String) -> Void

    public init(info: @escaping @Sendable (String) -> Void, warning: @escaping @Sendable (String) -> Void) {
        self.info = info
        self.warning = warning
    }

    /// Drops every line (tests, `vitrine outputs`).
    public static let silent = DisplayLog(info: { _ in }, warning: { _ in })
}
