import ArgumentParser
import Rotation

/// `--rotation 90`: the four angles only; anything else is a usage error (exit 64) naming
/// the value.
extension Orientation: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(text: argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.description) }
}
