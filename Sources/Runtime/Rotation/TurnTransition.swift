import Compositor
import FixedPoint
import Motion
import Raster
import Rotation

/// The change of orientation as the panel shows it: the old frame, as it was last drawn,
/// turning by the angle between the two orientations while it fades out over the new
/// layout, in `duration` seconds (ease-in-out).
///
/// Drawn in the new orientation's logical space, over the new scene: at its start the
/// picture on the panel is exactly the old one (the old logical frame turned by `new - old`
/// degrees clockwise lands on the same panel pixels), and at its end it is the new layout
/// alone, upright for whoever holds the panel the new way. So the first frame of the new
/// orientation shows no jump, and no frame shows a half-laid-out screen: the new scene is
/// whole before the first frame, and the old one is only a picture.
///
/// Each frame draws one of two pictures of the old frame: as it was, or turned a quarter
/// clockwise beforehand (once, when the turn starts), whichever leaves the smaller angle
/// to turn by (at most 45° from upright or upside down). A picture turned near 90°
/// reads its source down the columns, new cache lines at every pixel: measured at
/// 1920x1080, each pixel cost 1.5x one turned near 0°, and the first frames of a quarter
/// turn, which cover the whole screen, are turned by nearly 90°. The copy costs one
/// quarter turn of the frame (about 2 ms at 1920x1080) when the turn starts.
final class TurnTransition {
    /// Seconds the turn takes.
    static let duration = 0.3

    let layer: Layer
    /// The clockwise angle the old frame starts turned by, radians (-π/2, π/2 or π).
    let startAngle: Double
    /// Scene seconds at which the turn started.
    let start: Double
    /// The old logical frame, and the same turned a quarter clockwise (nil: no memory
    /// for it: the first picture serves alone).
    private let upright: Surface
    private let quarter: Surface?
    /// The screen's centre, logical points: both pictures turn about it.
    private let centreX: Double
    private let centreY: Double
    /// Whether the layer shows `quarter` now.
    private var showsQuarter = false

    /// - Parameters:
    ///   - snapshot: the old logical frame (`FramePipeline.snapshot()`).
    ///   - compositor: the new orientation's compositor; the picture goes on top of its root
    ///     (and its paint threads turn the quarter picture).
    init(snapshot: Surface, from old: Orientation, to new: Orientation, in compositor: Compositor, at time: Double) {
        var degrees = new.degrees - old.degrees
        if degrees > 180 { degrees -= 360 }
        if degrees <= -180 { degrees += 360 }
        startAngle = Double(degrees) * .pi / 180
        start = time
        upright = snapshot
        quarter = Self.quarterTurned(snapshot, with: compositor)
        centreX = Double(compositor.width) / 2
        centreY = Double(compositor.height) / 2
        layer = Layer(name: "orientation turn", frame: Rect2D(x: 0, y: 0, width: 1, height: 1))
        layer.allowsHitTesting = false
        layer.zPosition = Self.onTop
        show(upright)
        compositor.root.addSublayer(layer)
        set(progress: 0)
    }

    /// Above every scene's layers.
    static let onTop = 1_000_000.0

    /// Sets the picture for `time`; false once the turn is over (the picture is gone).
    func update(time: Double) -> Bool {
        let p = Swift.min(1, Swift.max(0, (time - start) / Self.duration))
        if p >= 1 {
            layer.removeFromSuperlayer()
            return false
        }
        set(progress: TimingCurve.easeInOut.value(at: p))
        return true
    }

    /// Ends it at once (another turn, a reload): the picture is gone.
    func cancel() { layer.removeFromSuperlayer() }

    /// The angle the old frame is turned by at eased progress `e`, radians clockwise.
    func angle(at e: Double) -> Double { startAngle * (1 - e) }

    /// Whether the quarter-turned picture draws angle `a` (radians): `a`, modulo a half
    /// turn, more than 45° from 0 and from 180°.
    static func wantsQuarter(_ a: Double) -> Bool {
        let m = abs(a).truncatingRemainder(dividingBy: .pi)
        return m > .pi / 4 && m < 3 * .pi / 4
    }

    private func set(progress e: Double) {
        let a = angle(at: e)
        let useQuarter = quarter != nil && Self.wantsQuarter(a)
        if useQuarter != showsQuarter, let q = quarter {
            showsQuarter = useQuarter
            show(useQuarter ? q : upright)
        }
        // The quarter picture is already turned by π/2: it turns by the rest.
        layer.transform = Transform3D.rotation(angle: useQuarter ? a - .pi / 2 : a, x: 0, y: 0, z: 1)
        layer.opacity = 1 - e
    }

    /// Puts `picture` in the layer, centred on the screen.
    private func show(_ picture: Surface) {
        let w = Double(picture.width), h = Double(picture.height)
        layer.frame = Rect2D(x: centreX - w / 2, y: centreY - h / 2, width: w, height: h)
        layer.contents = .image(picture)
    }

    /// `snapshot` turned a quarter clockwise by `compositor`'s paint threads, or nil
    /// when there is no memory for it.
    private static func quarterTurned(_ snapshot: Surface, with compositor: Compositor) -> Surface? {
        let (w, h) = QuarterTurn.clockwise90.turnedSize(width: snapshot.width, height: snapshot.height)
        guard let turned = try? Surface(width: w, height: h, format: snapshot.format) else { return nil }
        do {
            try compositor.transfer(
                from: snapshot, into: turned, turn: .clockwise90, staging: nil, region: turned.bounds)
        } catch {
            return nil
        }
        return turned
    }
}

extension FramePipeline {
    /// The logical frame as last drawn: the old picture a `TurnTransition` turns. A
    /// pipeline that draws through a shadow (a turned panel, rgb565, slow scanout memory)
    /// hands its shadow over, which holds exactly that frame (the pipeline must not draw
    /// again afterwards: it is being replaced); otherwise the tree is drawn whole into a
    /// new surface, one full composite.
    func snapshot() throws(CompositorError) -> Surface {
        if let shadow = lastFrame { return shadow }
        let s: Surface
        do {
            s = try Surface(width: logicalWidth, height: logicalHeight, format: .xrgb8888)
        } catch {
            throw .raster(error)
        }
        _ = try compositor.render(into: s, bufferAge: 0)
        return s
    }
}
