import Compositor
import FixedPoint
import Motion
import Raster
import Show

/// The launch doors of a cold start (the show's `[launch]`): the
/// orientation's left and right door pictures side by side covering the screen, over the
/// background picture, above the home screen (already laid out underneath).
///
/// Timeline, seconds since the start: closed until the orientation is known (the
/// rotation service's first orientation: `orientationKnown(at:)`; for a board whose
/// `rotation.source` is `fixed`, at 0) and `hold` after it; then over `duration` the
/// left door moves left and the right door right, each by max(width, height) times the
/// curve's value; then the doors are gone. The seed's fixed 3.5 s wait becomes a wait
/// for the orientation: while it is unknown the doors stay closed, whatever the time.
///
/// The background shows only through transparent parts of the closed doors; it fades
/// out over the first quarter of the opening (linear in time), so that the home screen,
/// not the background, appears between the parting doors. When both door pictures are
/// opaque (xrgb8888), the background could show only in the gap between them, where
/// home is what should appear: it is clipped to the gap and goes as soon as the doors
/// part: its picture is never made (`needsBackground`). Otherwise it is made after the
/// first frame (`makeBackground()`: the scene's first update after t = 0), not before it.
///
/// A show without `[launch]` (`launch` nil) has no doors, but where the orientation is
/// not known at the start the kiosk must still not draw home in a layout it may have to
/// turn at once: the "doors" are then a plain cover of the screens' background colour,
/// with no hold and no opening, gone as soon as the orientation is known (home then
/// appears at once). With the orientation known at the start the scene makes no cover
/// at all and starts at home (`ShowScene.init`).
final class LaunchDoors {
    /// The show's launch; nil: the plain cover of a show without one.
    let launch: LaunchSection?
    let metrics: ScreenMetrics
    /// Holds the background and the doors, above everything else.
    let layer: Layer
    /// Clips the background: the screen, or the gap between opaque doors.
    let backgroundClip: Layer
    let background: Layer
    let leftDoor: Layer
    let rightDoor: Layer
    /// Whether both door pictures are opaque (the background can show only between them).
    let doorsAreOpaque: Bool
    /// Where the background's centre is on screen (it stays there while its clip moves).
    let backgroundCentre: Point2D

    /// The background's picture (for `makeBackground`).
    let backgroundPath: AssetPath
    /// Whether the background's picture is still to be made (opaque doors: the first
    /// frame shows them closed, hiding it).
    /// Never with opaque doors: the background would show nowhere (under the closed doors,
    /// and gone as they part).
    var needsBackground: Bool {
        !doorsAreOpaque && background.contents == LayerContents.none && madeBackground == nil
    }
    /// The background's picture, made while the doors are closed and shown from the
    /// opening on (`update(time:)`): setting it sooner would ask for a frame that shows
    /// nothing new.
    private var madeBackground: Surface?

    /// Makes the background's picture, the part of it that covers the screen (its
    /// frame; a second call does nothing); shown once the doors start to open.
    func makeBackground(_ pictures: ShowPictures) {
        guard needsBackground else { return }
        let f = background.frame
        madeBackground = pictures.picture(
            backgroundPath, width: f.width.clampedInt, height: f.height.clampedInt, cropped: true, drawnNear: true)
        if !doorsAreOpaque { showBackground() }
    }

    private func showBackground() {
        guard let made = madeBackground else { return }
        background.contents = .image(made)
        madeBackground = nil
    }

    /// When the orientation became known, seconds; nil while it isn't.
    private(set) var orientationTime: Double?

    /// - Parameter orientationTime: when the orientation became known (nil: not yet).
    init(launch: LaunchSection?, metrics m: ScreenMetrics, pictures: ShowPictures, orientationTime: Double?) {
        self.launch = launch
        self.orientationTime = orientationTime
        metrics = m
        layer = Layer(name: "launch", frame: m.screen)
        layer.zPosition = 100
        guard let launch else {
            // The plain cover: opaque (home goes into the tree when it goes), no pictures.
            layer.contents = .color(ScreenColors.background)
            backgroundPath = ""
            background = Layer(name: "launch.background", frame: m.screen)
            leftDoor = Layer(name: "launch.leftDoor", frame: Self.leftFrame(m))
            rightDoor = Layer(name: "launch.rightDoor", frame: Self.rightFrame(m))
            doorsAreOpaque = true
            backgroundCentre = background.position
            backgroundClip = Layer(name: "launch.backgroundClip", frame: m.screen)
            return
        }
        let portrait = m.isPortrait
        let bgPath = portrait ? launch.background.portrait : launch.background.landscape
        backgroundPath = bgPath
        // The screen, showing the part of the picture that covers it: a picture of any
        // shape makes a screen of pixels, never the whole of it at the covering size.
        background = Layer(name: "launch.background", frame: m.screen)
        leftDoor = pictures.layer(
            name: "launch.leftDoor", path: portrait ? launch.leftDoor.portrait : launch.leftDoor.landscape,
            stretch: Self.leftFrame(m), drawnNear: true)
        rightDoor = pictures.layer(
            name: "launch.rightDoor", path: portrait ? launch.rightDoor.portrait : launch.rightDoor.landscape,
            stretch: Self.rightFrame(m), drawnNear: true)
        doorsAreOpaque = [leftDoor, rightDoor].allSatisfy { door in
            if case .image(let s) = door.contents { s.format == .xrgb8888 } else { false }
        }
        backgroundCentre = background.position
        backgroundClip = Layer(name: "launch.backgroundClip", frame: m.screen)
        backgroundClip.masksToBounds = true
        backgroundClip.allowsHitTesting = false
        backgroundClip.addSublayer(background)
        // The container covers the screen and takes touches with no recognizer on them:
        // a touch that starts on the doors goes nowhere (ignored, not queued).
        layer.addSublayer(backgroundClip)
        layer.addSublayer(leftDoor)
        layer.addSublayer(rightDoor)
        if !doorsAreOpaque { makeBackground(pictures) }
    }

    /// Every launch picture of the show, both orientations' (what the cache may hold
    /// for the doors: let go once they are gone).
    var paths: [AssetPath] {
        guard let launch else { return [] }
        return [launch.background, launch.leftDoor, launch.rightDoor].flatMap { [$0.portrait, $0.landscape] }
    }

    /// The closed left door: the left half of the screen (its width rounded down).
    static func leftFrame(_ m: ScreenMetrics) -> Rect2D {
        Rect2D(x: 0, y: 0, width: (m.width / 2).rounded(.down), height: m.height)
    }

    /// The closed right door: the rest of the screen.
    static func rightFrame(_ m: ScreenMetrics) -> Rect2D {
        let l = leftFrame(m).width
        return Rect2D(x: l, y: 0, width: m.width - l, height: m.height)
    }

    /// The orientation is known from `time` on (seconds; the first call counts): the
    /// hold starts then.
    func orientationKnown(at time: Double) {
        if orientationTime == nil { orientationTime = time }
    }

    /// When the doors start to move, seconds (infinity while the orientation is unknown).
    var openingStart: Double { (orientationTime ?? .infinity) + (launch?.hold ?? 0) }
    /// When the doors are gone, seconds (infinity while the orientation is unknown).
    var end: Double { openingStart + Swift.max(0, launch?.duration ?? 0) }

    /// How far each door has moved at `time`: max(width, height) times the curve's value
    /// at the elapsed fraction of `duration`, rounded to a whole point.
    func travel(at time: Double) -> Double {
        guard let launch else { return 0 }
        let start = openingStart
        let progress: Double
        if time <= start {
            progress = 0
        } else if launch.duration <= 0 || time >= start + launch.duration {
            progress = 1
        } else {
            progress = (time - start) / launch.duration
        }
        return (launch.curve.value(at: progress) * metrics.longSide).rounded()
    }

    /// Sets the doors and the background for `time`.
    func update(time: Double) {
        guard let launch else { return }  // the plain cover: nothing moves
        if time >= openingStart { showBackground() }
        let d = travel(at: time)
        let l = Self.leftFrame(metrics)
        let r = Self.rightFrame(metrics)
        leftDoor.position = Point2D(x: l.centre.x - d, y: l.centre.y)
        rightDoor.position = Point2D(x: r.centre.x + d, y: r.centre.y)
        if doorsAreOpaque {
            // Only the gap between the doors, the background fixed on screen under it.
            let x0 = Swift.max(0, l.maxX - d)
            let x1 = Swift.min(metrics.width, r.minX + d)
            backgroundClip.frame = Rect2D(x: x0, y: 0, width: Swift.max(0, x1 - x0), height: metrics.height)
            backgroundClip.isHidden = x1 <= x0
            background.position = Point2D(x: backgroundCentre.x - x0, y: backgroundCentre.y)
        }
        // Opaque doors: the background could show only in the gap, where the home screen
        // is what should appear, so it goes as the doors part (a fade there showed the
        // splash's text faintly over home's title for a quarter of the opening).
        let fade = doorsAreOpaque ? 0 : Swift.max(0, launch.duration) / 4
        let start = openingStart
        background.isHidden = false
        if time <= start {
            background.opacity = 1
        } else if fade <= 0 || time >= start + fade {
            background.opacity = 0
            background.isHidden = true
        } else {
            background.opacity = 1 - (time - start) / fade
        }
    }

    /// Whether the doors move at `time` (not during the hold, not once open).
    func isMoving(at time: Double) -> Bool { time >= openingStart && time < end }
}
