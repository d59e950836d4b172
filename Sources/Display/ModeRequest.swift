/// A display mode as a board asks for it: "800x480@60", or "800x480" for any refresh.
/// The board parses it; the DRM backend picks the connector's mode that matches.
public struct ModeRequest: Hashable, Sendable, CustomStringConvertible {
    /// Pixels (the board checks each against the panel limits).
    public var width: Int
    public var height: Int
    /// Vertical refresh, whole hertz (1...1000); nil: any rate, for the backend to pick
    /// (the connector's preferred mode when it has this size, else the first listed).
    public var refresh: Int?

    public init(width: Int, height: Int, refresh: Int? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
    }

    /// "800x480@60" or "800x480".
    public var description: String {
        if let refresh { "\(width)x\(height)@\(refresh)" } else { "\(width)x\(height)" }
    }
}
