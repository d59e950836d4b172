internal import Glibc
import Compositor
import FixedPoint
import Motion
import Raster
import Rotation

/// The change of orientation as the panel shows it: the old frame, as it was last drawn,
/// turning by the angle between the two orientations while it fades out over the new
/// layout, in `duration` seconds (ease-in-out).
///
/// At its start the picture on the panel is exactly the old one, and at its end it is the
/// new layout alone, upright for whoever holds the panel the new way: on the panel the
/// old frame turns by `old - new` degrees clockwise (in the new orientation's logical
/// space it starts turned by `new - old` and ends upright). So the first frame of the new
/// orientation shows no jump, and no frame shows a half-laid-out screen: the new scene is
/// whole before the first frame, and the old one is only a picture.
///
/// It is drawn over the new layout in the buffers' space (`FramePipeline.overlay`): the
/// picture is resampled once per frame (see `turned` below) and drawn straight into the
/// buffer, over the new layout as last composited. Drawn as a layer of the new scene, it
/// made the scene composite again
/// under it every frame, and (with the panel turned in software) the whole frame turn
/// into the panel again.
///
/// The turning frames draw the old frame at half its size each way (made once, when the
/// turn starts, by the paint threads), stretched back to its size: a quarter of the
/// pixels to read. A turned picture reads its source along slanted lines, a new cache
/// line every few pixels, and at full size most of a frame's time went in waiting for
/// them; at half size a quarter of those lines are read. The picture is softer for the
/// 0.3 s it turns and fades; the turn's first frame, where it has not moved yet, is the
/// old frame itself (a copy, or a whole quarter turn), so it starts with no jump.
///
/// The first frame writes the old frame alone (the scene under it is not seen): the new
/// layout is composited, and the half-size pictures made, after that frame is handed
/// over and before the next (`prepareNextFrames`), so the turn is on screen that much
/// sooner after it is asked for.
///
/// Each turning frame draws one of two half-size pictures: the old frame as it was, or
/// the same turned a quarter clockwise beforehand (once, when the turn starts), whichever
/// is then turned, in the buffer, by an angle within 45° of upright or upside down. A
/// picture turned near 90° reads its source down the columns, a new cache line at every
/// pixel, where one turned near 0° reads along its rows (upside down reads rows
/// backwards, as cheap as upright).
///
/// And the picture is turned at half size too: into `turned`, a surface of half the
/// buffer's size each way (and a pixel more on every side, so that stretching it back
/// reads no edge), which is then stretched twice its size over the new layout. That
/// stretch is the cheap one (`TransformJob.doubledOverSpan`: fixed weights, four pixels
/// a step), and the turn, the costly resampling, reads and writes a quarter of the
/// pixels: about half the frame's work, for a picture that was at half size already.
final class TurnTransition {
    /// Seconds the turn takes.
    static let duration = 0.3

    /// The clockwise angle the old frame starts turned by in the new logical space,
    /// radians (-π/2, π/2 or π).
    let startAngle: Double
    /// Scene seconds at which the turn started.
    let start: Double
    /// The pipeline it draws on (the new orientation's).
    private let pipeline: FramePipeline
    /// The old frame as given: drawn at the turn's start, where it is not resampled (a
    /// copy, or a whole quarter turn), so the first frame is the old one exactly.
    let upright: Surface
    /// What the turning frames draw: the old frame at half its size each way (nil: no
    /// memory for it, or too small: `upright` serves), and the same turned a quarter
    /// clockwise (nil: no memory for it). Made by `prepareNextFrames` (or the first frame
    /// that needs them).
    private var half: Surface?
    private var quarter: Surface?
    /// What the turning frames turn the picture into, argb8888: the buffer at half its
    /// size each way plus a pixel of margin on each side (`doubled` stretches it back),
    /// cleared and drawn anew each frame (nil: no memory for it: the picture is then
    /// turned straight into the buffer).
    private var turned: Surface?
    /// Buffer pixels to `turned`'s: half size, shifted by the margin.
    private static let toTurned = Homography.translation(x: 1, y: 1) * .scale(x: 0.5, y: 0.5)
    /// `turned`'s pixels to the buffer's: twice the size, less the margin, as
    /// `TransformJob.isDoubledRow` wants it.
    private static let doubled = Homography.scale(x: 2, y: 2) * .translation(x: -1, y: -1)
    private var halvesMade = false
    /// The picture the frame turns (`half`, `quarter` or `upright`) and how
    /// (picture pixels to buffer pixels).
    private(set) var drawn: (picture: Surface, homography: Homography)?
    /// The clockwise angle, radians, each picture must be turned by in the buffer to show
    /// the old frame as the panel showed it: the picture's turn onto the panel, less the
    /// buffer's own turn onto the panel (on scanout).
    private let uprightBase: Double
    private let quarterBase: Double
    /// The buffer's centre, pixels: both pictures turn about it.
    private let centreX: Double
    private let centreY: Double
    /// What is drawn over the new layout now.
    private(set) var overlay: FrameOverlay?

    /// - Parameters:
    ///   - picture: the old frame (`FramePipeline.oldFrame()`), upright on the panel once
    ///     turned by `turn`.
    ///   - pipeline: the new orientation's pipeline; the picture is drawn over its frames
    ///     (and its paint threads turn the quarter picture).
    init(
        picture: Surface, turnedBy turn: QuarterTurn?, from old: Orientation, to new: Orientation,
        on pipeline: FramePipeline, at time: Double
    ) {
        var degrees = new.degrees - old.degrees
        if degrees > 180 { degrees -= 360 }
        if degrees <= -180 { degrees += 360 }
        startAngle = Double(degrees) * .pi / 180
        start = time
        self.pipeline = pipeline
        upright = picture
        uprightBase = Self.radians(turn) - Self.radians(pipeline.bufferTurn)
        quarterBase = uprightBase - .pi / 2
        centreX = Double(pipeline.bufferWidth) / 2
        centreY = Double(pipeline.bufferHeight) / 2
        set(progress: 0)
    }

    /// Sets the picture for `time`; false once the turn is over (the picture is gone).
    func update(time: Double) -> Bool {
        let p = Swift.min(1, Swift.max(0, (time - start) / Self.duration))
        if p >= 1 {
            cancel()
            return false
        }
        set(progress: TimingCurve.easeInOut.value(at: p))
        return true
    }

    /// The work the frames after the first need, done once between frames (after the
    /// first is handed over): the new layout composited under the picture, and the
    /// half-size pictures. Errors: the pipeline's, when the surface under the picture
    /// can't be made (the next frame tries again). Returns whether there was anything
    /// to do.
    @discardableResult
    func prepareNextFrames() throws(PipelineError) -> Bool {
        let work = !halvesMade || pipeline.needsUnderOverlay
        makeHalves()
        try pipeline.prepareUnderOverlay()
        return work
    }

    private func makeHalves() {
        guard !halvesMade else { return }
        halvesMade = true
        half = Self.halved(upright, with: pipeline.compositor)
        quarter = Self.quarterTurned(half ?? upright, with: pipeline.compositor)
        turned = try? Surface(
            width: pipeline.bufferWidth / 2 + 2, height: pipeline.bufferHeight / 2 + 2, format: .argb8888)
    }

    /// Ends it at once (another turn, a reload): the picture is gone.
    func cancel() {
        overlay = nil
        pipeline.overlay = nil
    }

    /// The angle the old frame is turned by in the new logical space at eased progress
    /// `e`, radians clockwise.
    func angle(at e: Double) -> Double { startAngle * (1 - e) }

    /// The angle the old frame has turned by on the panel at eased progress `e`, radians
    /// clockwise: 0 at the start.
    func panelAngle(at e: Double) -> Double { -startAngle * e }

    /// Whether a picture turned by `a` radians costs the most to draw: `a`, modulo a half
    /// turn, more than 45° from 0 and from 180°.
    static func wantsQuarter(_ a: Double) -> Bool {
        let m = abs(a).truncatingRemainder(dividingBy: .pi)
        return m > .pi / 4 && m < 3 * .pi / 4
    }

    private func set(progress e: Double) {
        if e > 0 { makeHalves() }
        let a = panelAngle(at: e)
        var picture = e > 0 ? half ?? upright : upright, turnBy = uprightBase + a
        var (width, height) = (upright.width, upright.height)
        if e > 0, let q = quarter, Self.wantsQuarter(turnBy) {
            picture = q
            turnBy = quarterBase + a
            (width, height) = (height, width)
        }
        let opacity = UInt8((255 * (1 - e)).rounded())
        let h = homography(picture, shownAs: width, height, turnedBy: turnBy)
        drawn = (picture, h)
        if e > 0, opacity > 0, let turned, turnHalfSize(picture, h, into: turned) {
            overlay = FrameOverlay(picture: turned, homography: Self.doubled, opacity: opacity)
        } else {
            // At the start the old frame covers the buffer exactly, copied or turned whole.
            overlay = FrameOverlay(picture: picture, homography: h, opacity: opacity, hidesScene: e == 0)
        }
        pipeline.overlay = opacity > 0 ? overlay : nil
    }

    /// Clears `target` and draws `picture` into it turned as `h` draws it into the
    /// buffer, at half size (`Self.toTurned`); false when the paint threads fail.
    private func turnHalfSize(_ picture: Surface, _ h: Homography, into target: Surface) -> Bool {
        target.fill(0)
        do {
            try pipeline.compositor.paintOverlay(
                picture, homography: Self.toTurned * h, opacity: 255, over: target, into: target)
        } catch {
            return false
        }
        return true
    }

    /// Picture pixels to buffer pixels: `picture` stretched to `width` x `height` (the old
    /// frame's size, turned as the picture is), centred on the buffer, turned `angle`
    /// radians clockwise about the centre (y down).
    private func homography(_ picture: Surface, shownAs width: Int, _ height: Int, turnedBy angle: Double) -> Homography {
        let (c, s) = Self.cosSin(angle)
        let toCentre = Homography.translation(x: -Double(picture.width) / 2, y: -Double(picture.height) / 2)
        let stretch = Homography.scale(
            x: Double(width) / Double(picture.width), y: Double(height) / Double(picture.height))
        let turn = Homography(a: c, b: -s, c: 0, d: s, e: c, f: 0, g: 0, h: 0, i: 1)
        return Homography.translation(x: centreX, y: centreY) * turn * stretch * toCentre
    }

    /// A quarter turn's clockwise angle, radians (nil: 0).
    static func radians(_ turn: QuarterTurn?) -> Double { Double(turn?.rawValue ?? 0) * .pi / 180 }

    /// cos and sin of `angle`, exact at whole quarter turns (a picture upright is then a
    /// copy, not a resampling).
    static func cosSin(_ angle: Double) -> (Double, Double) {
        let quarters = angle / (.pi / 2)
        if abs(quarters - quarters.rounded()) < 1e-12 {
            switch ((Int(quarters.rounded()) % 4) + 4) % 4 {
            case 0: return (1, 0)
            case 1: return (0, 1)
            case 2: return (-1, 0)
            default: return (0, -1)
            }
        }
        return (cos(angle), sin(angle))
    }

    /// `picture` at half its size each way (rounded down), resampled by `compositor`'s
    /// paint threads (each pixel the bilinear sample at the middle of its 2x2 pixels:
    /// their mean), or nil when there is no memory for it or the picture is under 2
    /// pixels a side.
    private static func halved(_ picture: Surface, with compositor: Compositor) -> Surface? {
        guard picture.width >= 2, picture.height >= 2,
            let s = try? Surface(width: picture.width / 2, height: picture.height / 2, format: picture.format)
        else { return nil }
        let shrink = Homography.scale(
            x: Double(s.width) / Double(picture.width), y: Double(s.height) / Double(picture.height))
        do {
            try compositor.paintOverlay(picture, homography: shrink, opacity: 255, over: s, into: s)
        } catch {
            return nil
        }
        return s
    }

    /// `picture` turned a quarter clockwise by `compositor`'s paint threads, or nil
    /// when there is no memory for it.
    private static func quarterTurned(_ picture: Surface, with compositor: Compositor) -> Surface? {
        let (w, h) = QuarterTurn.clockwise90.turnedSize(width: picture.width, height: picture.height)
        guard let turned = try? Surface(width: w, height: h, format: picture.format) else { return nil }
        do {
            try compositor.transfer(
                from: picture, into: turned, turn: .clockwise90, staging: nil, region: turned.bounds)
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
