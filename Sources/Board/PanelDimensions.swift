/// A size in panel pixels, native orientation (before rotation): a headless or Wayland
/// output's `size`, or a mode's resolution.
public struct PanelDimensions: Hashable, Sendable, CustomStringConvertible {
    /// Pixels across and down, each in `PanelDimensions.range`.
    public var width: Int
    public var height: Int

    /// What a board file may ask for on each side, pixels: DRM's dumb buffers and every
    /// panel Vitrine targets fit in 8192.
    public static let range = 1...8192

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// "800x480".
    public var description: String { "\(width)x\(height)" }
}
