/// Something `RotationService` wants logged, once: the runtime takes the notices after
/// each input (`RotationService.takeNotices()`) and logs each as one line. The service
/// never logs itself (it is a pure value), and says a thing once, not per sample: a
/// sensor failing at 10 Hz gives one warning, and one info line when it reads again.
public struct RotationNotice: Hashable, Sendable, CustomStringConvertible {
    /// How loud: warnings for a source that fails, info for one that recovers or says
    /// nothing.
    public enum Level: Hashable, Sendable {
        case warning
        case info
    }

    public var level: Level
    /// One line, starting "rotation: ".
    public var text: String

    public init(level: Level, text: String) {
        self.level = level
        self.text = text
    }

    public var description: String { text }
}
