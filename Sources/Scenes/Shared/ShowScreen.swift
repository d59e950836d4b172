import Compositor
import Input
import Show

/// What a screen needs from the scene that shows it.
struct ShowScreenContext {
    let show: Show
    let metrics: ScreenMetrics
    let pictures: ShowPictures
    /// The show folder a section's `title_font` files are relative to (nil: the demo).
    let fontDirectory: String?
    /// Navigates (a tile, a menu item, the back button); the transition starts at the
    /// next update.
    let open: (ShowTarget) -> Void
    /// Navigates back to a screen (a back control): the screen shown slides out to the
    /// right and the target comes in from the left as it was left (a folder opened at
    /// home comes back open, the shelf on the book that was opened).
    let back: (ShowTarget) -> Void
    /// Shows `screen` at once, with no slide: a screen that the screen shown built and
    /// brought in over itself (the shelf opening a book hands over the book screen it
    /// drew the opening with), so the frame does not change. The old screen goes now.
    let adopt: (ShowScreen) -> Void
    /// The time of the scene's last update, seconds (where a gesture's slide starts from).
    let now: () -> Double
    /// Whether a touch that went down at this time may act (false during the launch doors).
    let accepts: (Double) -> Bool
}

extension ShowScreenContext {
    /// A section's `title_font` as a text layer takes it (`TextAttributes.fonts`): files
    /// made absolute under the show folder; empty: the show's fonts.
    func fonts(_ titleFont: [String]) -> [String] { Show.fontNames(titleFont, directory: fontDirectory) }
}

/// One screen of the show: a full-screen container layer under the scene's root, the
/// gesture recognizers it attaches (detached when the screen goes), and what moves
/// inside it over time (a book's pages, a card list's scroll).
class ShowScreen {
    let target: ShowTarget
    let context: ShowScreenContext
    /// The whole screen; the scene slides it in and out.
    let layer: Layer
    /// Recognizers and the layers they are attached to.
    private(set) var bindings: [(target: LayerTarget, recognizer: any GestureRecognizer)] = []

    init(target: ShowTarget, context: ShowScreenContext) {
        self.target = target
        self.context = context
        layer = Layer(name: "screen \(target)", frame: context.metrics.screen)
    }

    var metrics: ScreenMetrics { context.metrics }

    /// Sets what moves inside the screen for `time`.
    func update(time: Double) {}

    /// Whether something inside the screen still moves after `time`.
    func isMoving(at time: Double) -> Bool { false }

    /// The screen's top bar and menu button for the guillotine menu, in screen points for
    /// the current layout (nil: the standard bar, `MenuBar.standard`).
    var menuBar: MenuBar? { nil }

    /// Between frames: fetches at most one picture the screen's next frames may draw
    /// (`ShowScene.prepareAhead()`); true when it fetched one. Nothing by default.
    func prepareAhead() -> Bool { false }

    /// When nothing moves at `time` but the screen wants an update later without a
    /// touch, for work that changes nothing on screen (the shelf's warm-up of a book's
    /// pictures), that time in seconds; nil for none.
    func nextChange(after time: Double) -> Double? { nil }

    /// Adds a tap on `layer` that opens `target`.
    func bindTap(_ layer: Layer, opening target: ShowTarget) {
        let open = context.open
        let accepts = context.accepts
        bind(TapRecognizer { tap in if accepts(tap.startTime) { open(target) } }, to: layer)
    }

    /// Adds a tap on `layer` that goes back to `target` (`ShowScreenContext.back`).
    func bindBack(_ layer: Layer, to target: ShowTarget) {
        let back = context.back
        let accepts = context.accepts
        bind(TapRecognizer { tap in if accepts(tap.startTime) { back(target) } }, to: layer)
    }

    func bind(_ recognizer: any GestureRecognizer, to layer: Layer) {
        bindings.append((LayerTarget(layer), recognizer))
    }

    /// Attaches every recognizer to `router`.
    func attach(to router: TouchRouter<LayerHitTester>) {
        for b in bindings { router.attach(b.recognizer, to: b.target) }
    }

    /// Detaches every recognizer from `router` (the screen is going away).
    func detach(from router: TouchRouter<LayerHitTester>) {
        for b in bindings { router.detach(b.recognizer) }
    }

    /// Removes the screen from the tree.
    func remove() { layer.removeFromSuperlayer() }
}

/// The colours of the plain screens (premultiplied, opaque unless said).
enum ScreenColors {
    static let background: UInt32 = 0xff1d_2129
    static let bar: UInt32 = 0xff2b_303b
    static let accent: UInt32 = 0xff8c_c4ff
    static let title: UInt32 = 0xffff_ffff
    static let tileTitle: UInt32 = 0xffe8_e8ee
    static let card: UInt32 = 0xfff3_f1ec
    static let cardTitle: UInt32 = 0xff20_2430
    static let cardSubtitle: UInt32 = 0xff5a_6070
    static let row: UInt32 = 0xff2b_303b
    /// The folder panel and its arrow (the reveal).
    static let panel: UInt32 = 0xff39_4150
    /// Black at 40%: the home screen's menu button.
    static let menuButton: UInt32 = 0x6600_0000
}

/// A plain screen: a dark background, a title bar with
/// the menu button at the left (tap: the menu; none when the show has no menu, its place
/// left empty), "‹ Home" next to it (tap: home; the show's `labels.back_arrow` and
/// `labels.home`) and the title in the middle, and the content below.
class PlainScreen: ShowScreen {
    let menuButton: Layer
    let backButton: Layer
    let titleLayer: Layer
    let title: String

    /// - Parameter titleFont: the section's `title_font` for the title (empty: the show's fonts).
    init(target: ShowTarget, title: String, context: ShowScreenContext, titleFont: [String] = []) {
        let m = context.metrics
        menuButton = Layer(name: "menu", frame: m.menuButton)
        backButton = Layer(name: "back", frame: m.backButton)
        titleLayer = Layer(name: "title", frame: m.titleText)
        self.title = title
        super.init(target: target, context: context)
        layer.contents = .color(ScreenColors.background)
        let bar = Layer(name: "bar", frame: m.titleBar, contents: .color(ScreenColors.bar))
        bar.allowsHitTesting = false
        layer.addSublayer(bar)
        let inset = m.margin
        let backText = Layer(
            name: "back.text",
            frame: Rect2D(x: inset, y: 0, width: Swift.max(1, m.backButton.width - inset), height: m.barHeight))
        let labels = context.show.labels
        backText.contents = .text(
            labels.backTitle(labels.home), TextAttributes(size: m.barFontSize, color: ScreenColors.accent, maxLines: 1))
        backText.allowsHitTesting = false
        backButton.addSublayer(backText)
        layer.addSublayer(backButton)
        titleLayer.contents = .text(
            title,
            TextAttributes(
                size: m.barFontSize, weight: .bold, color: ScreenColors.title, alignment: .center, maxLines: 1,
                fonts: context.fonts(titleFont)))
        titleLayer.allowsHitTesting = false
        layer.addSublayer(titleLayer)
        bindTap(backButton, opening: .home)
        if context.show.hasMenu {
            MenuGlyph.addBars(to: menuButton, side: m.menuButton.width, namePrefix: "menu")
            layer.addSublayer(menuButton)
            bindTap(menuButton, opening: .menu)
        }
    }

    override var menuBar: MenuBar? { .standard(metrics, title: title) }

    /// A text layer that takes no touches.
    static func label(_ name: String, _ text: String, frame: Rect2D, _ attributes: TextAttributes) -> Layer {
        let l = Layer(name: name, frame: frame, contents: .text(text, attributes))
        l.allowsHitTesting = false
        return l
    }

    /// What an empty screen says ("No books", "No cards"): one line across the content,
    /// centred on the screen's middle.
    static func emptyLabel(_ name: String, _ text: String, metrics m: ScreenMetrics) -> Layer {
        let label = Self.label(
            name, text, frame: m.content,
            TextAttributes(size: m.barFontSize, color: ScreenColors.tileTitle, alignment: .center, maxLines: 1))
        label.frame = Rect2D(
            x: m.content.minX, y: (m.height / 2 - m.barFontSize).rounded(.down), width: m.content.width,
            height: (m.barFontSize * 2).rounded())
        return label
    }
}
