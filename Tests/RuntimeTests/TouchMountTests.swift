import FixedPoint
import Input
import LibInput
import Rotation
import Scenes
import Testing

/// libinput's positions at the panel's native size, through the edge and the tracker's
/// panel-to-logical map, at every mount: each corner of the panel lands on the logical
/// point the Architecture article's table gives (inverted), and a point past the panel's edge is held
/// to the corner.
@Suite struct TouchMountTests {
    /// Panel corner (native pixels) → the logical point expected at `mount`, for 800x480.
    static func expected(_ px: Double, _ py: Double, mount: Int) -> Point2D {
        let (w, h) = (800.0, 480.0)
        switch mount {
        case 90: return Point2D(x: h - 1 - py, y: px)
        case 180: return Point2D(x: w - 1 - px, y: h - 1 - py)
        case 270: return Point2D(x: py, y: w - 1 - px)
        default: return Point2D(x: px, y: py)
        }
    }

    @Test(arguments: [0, 90, 180, 270]) func cornersLandWhereTheTableSays(mount: Int) {
        let panel = PanelSize(width: 800, height: 480)
        var translator = InputTranslator(panelSize: panel, selection: .every)
        let screen = InputDeviceInfo(name: "t", sysname: "event1", capabilities: .touch, touchSlots: 4)
        translator.translate(RawInputEvent(device: "event1", time: 0, .added(screen))) { _ in }
        let transform = PanelTransform(orientation: Orientation(degrees: mount)!, panelWidth: 800, panelHeight: 480)
        let tracker = TouchTracker(panelSize: panel) { p in transform.logicalPoint(p) }
        let corners: [(Double, Double)] = [(0, 0), (799, 0), (0, 479), (799, 479)]
        var began: [Point2D] = []
        for (slot, c) in corners.enumerated() {
            // The last corner as a digitizer overshooting its range reports it.
            let raw = slot == 3 ? (c.0 + 40, c.1 + 9) : c
            translator.translate(RawInputEvent(device: "event1", time: 1, .touchDown(slot: slot, x: raw.0, y: raw.1))) {
                if case .touch(let e) = $0 { tracker.handle(e) { u in if u.phase == .began { began.append(u.location) } } }
            }
        }
        translator.translate(RawInputEvent(device: "event1", time: 1, .touchFrame)) {
            if case .touch(let e) = $0 { tracker.handle(e) { u in if u.phase == .began { began.append(u.location) } } }
        }
        #expect(began == corners.map { Self.expected($0.0, $0.1, mount: mount) })
    }
}
