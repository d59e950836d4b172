import Rotation

/// `--rotation 90`: the four angles only; anything else is a usage error (exit 64) naming
/// the value and the four.
extension Orientation: ArgumentValue {
    init?(argument: String) {
        self.init(text: argument)
    }

    static var allowedValues: [String] { allCases.map(\.description) }
}
