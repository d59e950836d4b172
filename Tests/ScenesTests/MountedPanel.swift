import Compositor
import FixedPoint
import Input
import Rotation

@testable import Scenes

/// The Rotation module's transform for a test panel of native size `width` x `height`
/// mounted `mount` degrees clockwise, and the demo tour's panel through it: the scenes'
/// tests map logical points and touches as the runtime does, never with a table of their
/// own.
struct MountedPanel {
    let transform: PanelTransform

    init(mount: Int, width: Int, height: Int) {
        transform = PanelTransform(orientation: Orientation(degrees: mount)!, panelWidth: width, panelHeight: height)
    }

    /// A logical point as a whole panel pixel.
    func pixel(_ p: Point2D) -> (x: Int, y: Int) {
        transform.panelPixel(x: Int(p.x.rounded()), y: Int(p.y.rounded()))
    }

    /// A touch on the panel, in logical space.
    func logical(_ p: PanelPoint) -> Point2D { transform.logicalPoint(p) }

    var tour: DemoTour.TourPanel {
        let t = transform
        return DemoTour.TourPanel(
            logicalWidth: t.logicalWidth, logicalHeight: t.logicalHeight,
            label: "\(t.panelWidth)x\(t.panelHeight) panel, mount \(t.orientation)"
        ) { x, y in t.panelPixel(x: Int(x.rounded()), y: Int(y.rounded())) }
    }
}
