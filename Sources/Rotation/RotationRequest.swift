/// What `vitrine ctl rotate R` and a touch script's `rotate R` line ask for: an
/// orientation, or `auto` (back to what the board's source says).
public enum RotationRequest: Hashable, Sendable, CustomStringConvertible {
    case to(Orientation)
    case auto

    /// "0", "90", "180", "270" or "auto"; nil for anything else.
    public init?(text: String) {
        if text == "auto" {
            self = .auto
        } else if let o = Orientation(text: text) {
            self = .to(o)
        } else {
            return nil
        }
    }

    /// The words accepted, for messages: "0, 90, 180, 270 or auto".
    public static let allowedText =
        Orientation.allCases.map(\.description).joined(separator: ", ") + " or auto"

    public var description: String {
        switch self {
        case .to(let o): "\(o)"
        case .auto: "auto"
        }
    }
}
