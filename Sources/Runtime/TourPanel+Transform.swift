import Rotation
import Scenes

extension DemoTour.TourPanel {
    /// The tour's panel for `transform`: its logical size, and logical points written as
    /// the panel pixels the rotation service maps them to (rounded to whole pixels first).
    public init(_ transform: PanelTransform) {
        self.init(
            logicalWidth: transform.logicalWidth, logicalHeight: transform.logicalHeight,
            label: "\(transform.panelWidth)x\(transform.panelHeight) panel, mount \(transform.orientation)"
        ) { x, y in
            transform.panelPixel(x: wholePixel(x), y: wholePixel(y))
        }
    }
}

/// `v` rounded to a whole pixel, held to ±10⁹ (0 when not finite).
private func wholePixel(_ v: Double) -> Int {
    guard v.isFinite else { return 0 }
    return Int(Swift.min(Swift.max(v.rounded(), -1e9), 1e9))
}
