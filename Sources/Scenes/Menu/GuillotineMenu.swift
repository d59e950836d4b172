import Compositor
import FixedPoint
import Input
import Motion
import Raster
import Show

/// The guillotine drop-down menu (after Yalantis's Guillotine Menu): a
/// screen-sized blade hinged at the host's menu button that swings down over the host
/// like a guillotine blade, strikes the screen's left edge, rebounds and comes to rest
/// covering the screen; and swings back up to go.
///
/// **Geometry** (`MenuBar`, `GuillotineGeometry`): the hinge is the centre of the host's
/// menu button, at equal distances from the screen's left edge and the bottom of the
/// host's top bar, from the host's layout in the current orientation. Closed, the blade
/// is turned -90° about it: its left edge lies along the bar's bottom and it covers the
/// bar.
///
/// **Motion** (`GuillotineDrop`): the physics world at its fixed 4 ms step, a constant
/// push at the blade's centre of mass, the hinge, the stops, elasticity 0.6; the first
/// contact comes 0.6 s after the drop begins, then at least one rebound, then rest.
/// A drop started by a gesture begins at the next update (as `ShowSlide`).
///
/// **Button**: the menu's own button (three bars) over the host's, in the same place,
/// turned by 90° - |angle| while the blade swings (the published code's display link): 0
/// when closed, a quarter turn (the bars upright) when open.
///
/// **Touch** (the menu is modal while it exists): the button reverses the swing (closes
/// an open menu, reopens a closing one, closes an opening one); an item navigates once the
/// blade has first touched the stop on its way down (until then it reverses, like any tap);
/// a tap elsewhere, on the blade or on the host where it shows, reverses a swing that has
/// not touched the stop yet or is closing, and does nothing once the menu is down.
/// Every tap acts at the state shown (the last update), so a storm of taps reverses once
/// per tap and the blade always ends on one of its stops.
///
/// **Layers** (ours): `layer` (a full-screen container that takes no touches) holds the
/// blade and the button. The blade is a colour layer (the menu's background) whose
/// sublayers are its face: the bar with the host's title, the items' titles and the lines
/// under them, then invisible rows (no contents) that take the items' taps, all turned
/// with it. The compositor draws them as they are each frame: upright, fills and text at
/// whole pixels; swinging, each colour turned is a fill inside its edges (not a resampled
/// picture) and each title its ink turned. So a frame of the swing costs the screen's
/// fill and the titles' ink, where one screen-sized picture of the face, resampled whole
/// in every frame near upright, cost a whole screen resampled a frame (and a screen's
/// worth of memory). The background,
/// opaque, hides the host under it: at rest it covers the screen, and turned, the
/// host's costly draws are left out under its interior.
final class GuillotineMenu {
    /// The blade's background and its bar (premultiplied, opaque).
    static let background: UInt32 = 0xff34_3845
    static let barColor: UInt32 = ScreenColors.bar
    /// The line under each item.
    static let lineColor: UInt32 = 0xff47_4d5c
    /// The empty menu's text (straight ARGB).
    static let dimText: UInt32 = 0xff9a_a0ad

    let layout: GuillotineMenuLayout
    let geometry: GuillotineGeometry
    let host: MenuBar
    let items: [MenuItem]
    /// What the menu says when it has no items (the show's `labels.menu_empty`).
    let emptyText: String
    /// The screen under the menu (what closing it returns to; an item sets it to its
    /// target as it closes the menu).
    var hostTarget: ShowTarget
    /// The container (full screen, no touches): blade then button.
    let layer: Layer
    let blade: Layer
    let button: Layer
    /// The host's bar as it looks (`showHost(_:)`), on the blade's left edge turned a
    /// quarter clockwise: closed (the blade turned -90° about the hinge) it lies exactly
    /// over the host's bar, so the closed blade *is* the bar, title and all, and the drop
    /// starts from the bar itself (the article's view, turned by 90° while covering the
    /// navigation bar, with the host's title). It fades out over the swing's first
    /// `hostBarFade` (and in over the closing's last), so the open menu shows its own
    /// upright bar only.
    let hostBar: Layer
    /// The swing over which `hostBar` fades, radians from closed.
    static let hostBarFade = Double.pi / 6
    /// The items' tap targets, sublayers of the blade.
    private(set) var rows: [Layer] = []

    /// The swing (nil until the first update after a gesture's drop).
    private(set) var drop: GuillotineDrop?
    /// When the drop starts (nil: at the next update).
    private var start: Double?
    /// Whether the menu starts open and at rest (a scene built again with it open).
    private let startsOpen: Bool
    /// Reversals asked for before the drop began.
    private var earlyReversals = 0
    /// The time of the last update, seconds: a swing reversed from rest starts then.
    private var lastTime = -Double.infinity

    /// Recognizers, attached by the scene.
    private(set) var buttonTap: TapRecognizer!
    private(set) var bladeTap: TapRecognizer!
    private(set) var outsideTap: TapRecognizer!
    private(set) var itemTaps: [TapRecognizer] = []
    /// Whether its recognizers are attached and the menu is the router's modal.
    var isModal = false

    /// An item was tapped while items take taps (its index).
    var onItem: ((Int) -> Void)?
    /// The swing reversed (after it did: read `isOpening`).
    var onReverse: (() -> Void)?

    /// - Parameters:
    ///   - emptyText: what the area says when there are no items.
    ///   - host: the host screen's bar; `hostTarget`: that screen.
    ///   - start: when the drop begins, seconds (nil: at the next update).
    ///   - open: start open and at rest instead of dropping.
    ///   - accepts: whether a touch that went down at a time may act (the launch's rule).
    init(
        items: [MenuItem], emptyText: String, host: MenuBar, hostTarget: ShowTarget, metrics m: ScreenMetrics,
        start: Double?, open: Bool = false, accepts: @escaping (Double) -> Bool
    ) {
        self.items = items
        self.emptyText = emptyText
        self.hostTarget = hostTarget
        self.host = host
        geometry = host.geometry(width: m.width, height: m.height)
        layout = GuillotineMenuLayout(count: items.count, metrics: m, bar: host.frame)
        self.start = start
        startsOpen = open
        layer = Layer(name: "menu", frame: m.screen)
        layer.allowsHitTesting = false
        blade = Layer(name: "menu.blade", frame: m.screen, contents: .color(Self.background))
        button = Layer(name: "menu.button", frame: host.button)
        // Closed, blade point (x, y) is screen point (hinge.x + y - hinge.y, hinge.y +
        // hinge.x - x): the bar's pixel (u, v) is the blade's (bottom - v, u + d), which
        // a layer of the bar's size anchored at its top-left at (bottom, d) and turned a
        // quarter clockwise puts there. As long as the blade, at most.
        let bottom = host.frame.maxY
        let d = 2 * geometry.hinge.y - bottom
        hostBar = Layer(
            name: "menu.hostBar",
            bounds: Rect2D(x: 0, y: 0, width: Swift.max(1, Swift.min(m.width, m.height - d)), height: Swift.max(1, bottom)))
        hostBar.anchorPoint = Point2D(x: 0, y: 0)
        hostBar.position = Point2D(x: bottom, y: d)
        hostBar.transform = .rotation(angle: Double.pi / 2, x: 0, y: 0, z: 1)
        hostBar.allowsHitTesting = false
        buildFace(m)
        for i in items.indices {
            let row = Layer(name: "menu.item\(i)", frame: layout.item(i))
            blade.addSublayer(row)
            rows.append(row)
        }
        blade.addSublayer(hostBar)
        MenuGlyph.addBars(to: button, side: host.button.width, namePrefix: "menu.button")
        layer.addSublayer(blade)
        layer.addSublayer(button)
        makeRecognizers(accepts: accepts)
        show(angle: open ? 0 : GuillotineGeometry.closedAngle)
    }

    /// Shows `screen` (the host's layer, at rest at the screen's origin) in `hostBar`: a
    /// snapshot of its bar, drawn at the next render. Called when the menu is made and
    /// when an item puts another screen under it, so the closing blade lands on that
    /// screen's bar.
    func showHost(_ screen: Layer) {
        let w = Int(hostBar.bounds.width), h = Int(hostBar.bounds.height)
        guard let picture = try? Surface(width: w, height: h, format: .xrgb8888) else {
            hostBar.contents = .none
            return
        }
        hostBar.showSnapshot(of: screen, in: picture)
    }

    /// The face's layers on the blade (its background): the bar, the host's title, the
    /// items' titles and lines.
    private func buildFace(_ m: ScreenMetrics) {
        let face = blade
        let bar = Layer(name: "menu.bar", frame: layout.bar, contents: .color(Self.barColor))
        face.addSublayer(bar)
        face.addSublayer(
            PlainScreen.label(
                "menu.title", host.title, frame: layout.titleFrame,
                TextAttributes(
                    size: m.barFontSize, weight: .bold, color: ScreenColors.title, alignment: .center, maxLines: 1)))
        if items.isEmpty {
            face.addSublayer(
                PlainScreen.label(
                    "menu.empty", emptyText, frame: layout.area,
                    TextAttributes(size: layout.fontSize, color: Self.dimText, alignment: .center, maxLines: 1)))
            return
        }
        for (i, item) in items.enumerated() {
            face.addSublayer(
                PlainScreen.label(
                    "menu.item\(i).title", item.title, frame: layout.title(i),
                    TextAttributes(size: layout.fontSize, color: ScreenColors.title, maxLines: 1)))
            face.addSublayer(Layer(name: "menu.item\(i).line", frame: layout.line(i), contents: .color(Self.lineColor)))
        }
    }

    private func makeRecognizers(accepts: @escaping (Double) -> Bool) {
        buttonTap = TapRecognizer { [unowned self] t in if accepts(t.startTime) { self.reverse() } }
        bladeTap = TapRecognizer { [unowned self] t in if accepts(t.startTime) { self.tappedElsewhere() } }
        outsideTap = TapRecognizer { [unowned self] t in if accepts(t.startTime) { self.tappedElsewhere() } }
        itemTaps = rows.indices.map { i in
            TapRecognizer { [unowned self] t in if accepts(t.startTime) { self.tappedItem(i) } }
        }
    }

    /// Attaches the recognizers and makes the menu modal (touches outside it go to
    /// `outsideTap` only).
    func attach(to router: TouchRouter<LayerHitTester>) {
        guard !isModal else { return }
        router.attach(buttonTap, to: LayerTarget(button))
        router.attach(bladeTap, to: LayerTarget(blade))
        for (row, tap) in zip(rows, itemTaps) { router.attach(tap, to: LayerTarget(row)) }
        router.beginModal(LayerTarget(layer), outside: [outsideTap])
        isModal = true
    }

    /// Detaches everything and ends the modal.
    func detach(from router: TouchRouter<LayerHitTester>) {
        guard isModal else { return }
        router.detach(buttonTap)
        router.detach(bladeTap)
        router.detach(outsideTap)
        for tap in itemTaps { router.detach(tap) }
        router.endModal()
        isModal = false
    }

    // MARK: State

    /// Whether the push drives the blade down (open), including a drop not yet begun.
    var isOpening: Bool {
        if let drop { return drop.direction == .opening }
        return earlyReversals % 2 == 0
    }

    /// Whether the items take taps: the blade is on its way down (or down) and has
    /// touched the stop.
    var itemsActive: Bool {
        guard let drop else { return false }
        return drop.direction == .opening && drop.firstContact != nil
    }

    /// Whether the blade has come to rest closed: the menu can go.
    var isClosed: Bool { drop?.isClosed ?? false }

    /// Whether the blade still moves (or a drop is still to begin).
    var isMoving: Bool { drop.map { !$0.isAtRest } ?? true }

    /// The blade's angle shown, radians (-π/2 closed, 0 open).
    private(set) var angle = GuillotineGeometry.closedAngle

    // MARK: Taps

    /// Reverses the swing at the state shown (the button; any tap before the first contact
    /// or while closing).
    func reverse() {
        if let drop {
            drop.reverse(at: lastTime)
        } else {
            earlyReversals += 1
        }
        onReverse?()
    }

    private func tappedItem(_ i: Int) {
        if itemsActive {
            onItem?(i)
        } else {
            reverse()
        }
    }

    private func tappedElsewhere() {
        if !itemsActive { reverse() }
    }

    // MARK: Time

    /// Moves the blade and the button for `time` (seconds): the drop begins at the first
    /// update after a gesture.
    func update(time: Double) {
        lastTime = time
        if drop == nil {
            let d = GuillotineDrop(geometry: geometry, time: Swift.min(start ?? time, time), open: startsOpen)
            if earlyReversals % 2 == 1 { d.reverse(at: d.time) }
            drop = d
        }
        guard let drop else { return }
        drop.advance(to: time)
        show(angle: drop.angle)
    }

    /// Sets the blade's turn and the button's for `angle`: the blade turns about its
    /// centre, which goes round the hinge (the same as turning about the hinge, and upright
    /// it sits at exactly the screen's centre: a whole-pixel copy).
    private func show(angle a: Double) {
        angle = a
        blade.position = geometry.centre(at: a)
        blade.transform = a == 0 ? .identity : .rotation(angle: a, x: 0, y: 0, z: 1)
        let fromClosed = Swift.abs(a - GuillotineGeometry.closedAngle)
        hostBar.opacity = Swift.max(0, Swift.min(1, 1 - fromClosed / Self.hostBarFade))
        hostBar.isHidden = hostBar.opacity == 0
        let turn = GuillotineGeometry.buttonTurn(forBladeAngle: a)
        button.transform = turn == 0 ? .identity : .rotation(angle: turn, x: 0, y: 0, z: 1)
    }

    /// The button's turn shown, radians.
    var buttonTurn: Double { GuillotineGeometry.buttonTurn(forBladeAngle: angle) }

    /// Takes the menu out of the tree.
    func remove() { layer.removeFromSuperlayer() }
}
