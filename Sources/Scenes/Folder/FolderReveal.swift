import Compositor
import FixedPoint
import Input
import Motion
import Raster
import Show

/// The folder reveal (after iOS's folders): the home screen as it was at the
/// tap, split at the bottom edge of the tapped tile's row, and the folder's panel
/// between the two parts (`FolderRevealLayout` has the geometry).
///
/// Capture: the home screen's `content` is hidden and two layers show its snapshot
/// (`Layer.showSnapshot(of:in:)`, drawn by the compositor in the next frame, so the
/// capture's cost is that frame's): the upper part, clipped to above the split, and the
/// lower part, clipped to below it. The panel lies between them in depth: over the upper
/// part (its arrow pokes up into it) and under the lower part, which uncovers it as it
/// moves down. The capture picture is made for the reveal (`HomeScreen.makeCapture()`)
/// and held only by its layers: it goes with the reveal. Without one (no memory for it)
/// nothing splits: the panel opens over the live home screen.
///
/// Motion: the open fraction goes 0 -> 1 over 0.5 s, ease-out (opening) and 1 -> 0 over
/// 0.5 s, ease-out (closing). A reversal (a tap during either) starts from where the
/// parts are, again over 0.5 s ease-out (UIKit's `beginFromCurrentState` with the same
/// animation). Positions are whole points. The arrow rises out of the gap with the
/// panel: its apex stands min(arrow height, the panel's visible height) above the
/// panel's top edge, so a closed folder shows no arrow.
final class FolderReveal {
    static let duration = 0.5
    static let curve = TimingCurve.easeOut

    let layout: FolderRevealLayout
    let folderID: String
    let panel: FolderPanel
    /// The upper part: a clip above the split holding the snapshot.
    let upper: Layer
    let upperImage: Layer
    /// The lower part: a clip below the split holding the snapshot moved up by the split.
    let lower: Layer
    let lowerImage: Layer
    /// The open fraction over time.
    private(set) var slide: ShowSlide
    /// Whether it is opening or open (else closing or closed).
    private(set) var isOpening = true
    /// The tap that reverses it from outside the panel (the modal's outside recognizer).
    var outsideTap: TapRecognizer?
    /// Whether the panel is the router's modal target now.
    var isModal = false

    /// Builds the layers under `parent` (above `content`, which it hides) and asks for
    /// the snapshot of `content` into `capture` (a screen-sized 32-bit surface; nil:
    /// `content` stays shown and the parts show nothing).
    /// - Parameter start: when the opening starts, seconds; nil: at the next update.
    init(
        layout: FolderRevealLayout, folder: Folder?, folderID: String, content: Layer, capture: Surface?,
        parent: Layer, context: ShowScreenContext, start: Double?
    ) {
        self.layout = layout
        self.folderID = folderID
        let m = layout.metrics
        let screen = m.screen
        upper = Layer(name: "reveal.upper", frame: Rect2D(x: 0, y: 0, width: m.width, height: layout.split))
        upper.masksToBounds = true
        upper.zPosition = 1
        upperImage = Layer(name: "reveal.upper.image", frame: screen)
        upper.addSublayer(upperImage)
        lower = Layer(
            name: "reveal.lower",
            frame: Rect2D(x: 0, y: layout.split, width: m.width, height: Swift.max(0, m.height - layout.split)))
        lower.masksToBounds = true
        lower.zPosition = 3
        lowerImage = Layer(
            name: "reveal.lower.image", frame: Rect2D(x: 0, y: -layout.split, width: m.width, height: m.height))
        lower.addSublayer(lowerImage)
        panel = FolderPanel(id: folderID, folder: folder, layout: layout, context: context)
        panel.layer.zPosition = 2
        slide = ShowSlide(from: 0, to: 1, start: start, duration: Self.duration, curve: Self.curve)
        if let capture {
            // In the home screen's own space: coming back from a screen opened from the
            // panel, home slides in from off screen with the folder already open, and a
            // capture in screen space would find it still out of view.
            upperImage.showSnapshot(of: content, in: capture, relativeTo: parent)
            lowerImage.contents = .image(capture)
            content.isHidden = true
        }
        parent.addSublayer(upper)
        parent.addSublayer(panel.layer)
        parent.addSublayer(lower)
    }

    /// The open fraction at `time` (fixing the start of a slide begun between frames).
    func value(at time: Double) -> Double { slide.value(at: time) }

    /// Places the parts for `time`.
    func update(time: Double) {
        let v = slide.value(at: time)
        let m = layout.metrics
        let up = layout.upperOffset(v)
        upper.position = Point2D(x: m.width / 2, y: layout.split / 2 + up)
        panel.layer.position = Point2D(x: m.width / 2, y: layout.panelTop(v) + layout.panelHeight / 2)
        lower.position = Point2D(x: m.width / 2, y: layout.lowerTop(v) + lower.bounds.height / 2)
        // The arrow comes out with the panel: its apex is at most as far above the
        // panel's top edge as the panel shows (the rest is behind the lower part).
        let shown = Swift.min(layout.arrow.height, layout.lowerTop(v) - layout.panelTop(v))
        panel.arrow.position = Point2D(x: layout.arrow.centre.x, y: -shown + layout.arrow.height / 2)
    }

    /// Turns back from where the parts are at `now` (the last update's time): an opening
    /// starts closing, a closing opens again; the new slide starts at `start` (nil: the
    /// next update).
    func reverse(now: Double, start: Double?) {
        isOpening.toggle()
        slide.retarget(isOpening ? 1 : 0, valueAt: now, startingAt: start)
    }

    /// Starts closing (from where the parts are) unless already closing.
    func close(now: Double, start: Double?) {
        if isOpening { reverse(now: now, start: start) }
    }

    func isMoving(at time: Double) -> Bool { slide.isMoving(at: time) }

    /// Whether it has closed completely by `time`.
    func isClosed(at time: Double) -> Bool { !isOpening && !slide.isMoving(at: time) }

    /// Takes the layers out of the tree and shows `content` again.
    func remove(showing content: Layer) {
        upper.removeFromSuperlayer()
        lower.removeFromSuperlayer()
        panel.remove()
        content.isHidden = false
    }
}

/// The folder's panel: its colour, the title, the tiles, and the arrow on its top
/// edge. A `ShowScreen` for its gestures (the tiles' taps and a tap on the panel
/// itself), though it is a part of the home screen, not a screen of its own.
final class FolderPanel: ShowScreen {
    let arrow: Layer
    let titleLayer: Layer
    private(set) var tiles: [Layer] = []
    /// Called with a panel tile's index when it is tapped, and with nil for a tap on the
    /// panel elsewhere.
    var onTap: ((Int?) -> Void)?

    init(id: String, folder: Folder?, layout: FolderRevealLayout, context: ShowScreenContext) {
        let m = context.metrics
        arrow = Layer(name: "reveal.arrow", frame: layout.arrow)
        arrow.contents = .image(
            ScreenShapes.upArrow(
                width: Int(layout.arrow.width), height: Int(layout.arrow.height), color: ScreenColors.panel))
        arrow.allowsHitTesting = false
        titleLayer = PlainScreen.label(
            "reveal.title", folder?.title ?? "folder:\(id)", frame: layout.title,
            TextAttributes(
                size: m.barFontSize, weight: .bold, color: ScreenColors.title, maxLines: 1,
                fonts: context.fonts(folder?.titleFont ?? [])))
        super.init(target: .folder(id), context: context)
        layer.name = "reveal.panel"
        layer.frame = Rect2D(x: 0, y: layout.split, width: m.width, height: layout.panelHeight)
        layer.contents = .color(ScreenColors.panel)
        layer.addSublayer(arrow)
        layer.addSublayer(titleLayer)
        tiles = ScreenTiles.build(
            ScreenTiles.items(of: folder), grid: layout.grid, in: layer, screen: self,
            titleColor: ScreenColors.tileTitle, tap: { [unowned self] k in self.onTap?(k) })
        let accepts = context.accepts
        bind(TapRecognizer { [unowned self] t in if accepts(t.startTime) { self.onTap?(nil) } }, to: layer)
    }
}
