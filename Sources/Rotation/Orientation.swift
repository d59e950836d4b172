/// How the panel is turned from its native orientation: the clockwise angle, in degrees,
/// by which it is physically turned (the Architecture article). The board's `rotation.mount`, what
/// `vitrine ctl rotate` asks for, what a sensor reports: every orientation in Vitrine is
/// one of these four values, never a bare integer.
public enum Orientation: Int, Sendable, CaseIterable, Hashable, CustomStringConvertible {
    /// The panel as it was made: logical space is panel space.
    case upright = 0
    /// Turned a quarter clockwise: the panel's left edge is at the top.
    case clockwise90 = 90
    /// Upside down.
    case upsideDown = 180
    /// Turned a quarter counter-clockwise: the panel's right edge is at the top.
    case clockwise270 = 270

    /// The clockwise angle in degrees: 0, 90, 180 or 270.
    public var degrees: Int { rawValue }

    /// The orientation of `degrees` (0, 90, 180 or 270 only; nil otherwise).
    public init?(degrees: Int) {
        self.init(rawValue: degrees)
    }

    /// The orientation written as its degrees ("0", "90", "180", "270"), exactly so; nil
    /// for anything else, "45", " 90", "-90", "+90" and "090" included.
    public init?(text: String) {
        guard let o = Self.allCases.first(where: { "\($0.rawValue)" == text }) else { return nil }
        self = o
    }

    /// Whether logical space has the panel's width and height swapped (90 and 270).
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// This turn followed by `other`: the angles added, modulo a full turn (a panel
    /// mounted at 90 whose connector reports it upside down shows 270).
    public func turned(by other: Orientation) -> Orientation {
        Orientation(rawValue: (rawValue + other.rawValue) % 360)!
    }

    /// The turn that undoes this one.
    public var inverse: Orientation { Orientation(rawValue: (360 - rawValue) % 360)! }

    /// The logical size of a panel of native size `width` x `height` in this orientation:
    /// the same for 0 and 180, swapped for 90 and 270.
    public func logicalSize(panelWidth width: Int, panelHeight height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The values, for messages: "0, 90, 180 or 270".
    public static let allowedText = "0, 90, 180 or 270"

    public var description: String { "\(rawValue)" }
}
