import Compositor
import Display
import FixedPoint
import Raster
import Rotation

/// One frame from the layer tree to the display: the compositor draws in logical space.
/// When the panel is mounted turned and the display can't turn on scanout (a DRM plane's
/// rotation), or it scans out rgb565, or its memory is slow to read (`prefersShadow`),
/// the compositor draws into a shadow surface and only the repaired rectangles are
/// turned (and converted) into the panel's back buffer. The Architecture article, "One
/// frame".
public final class FramePipeline {
    public let compositor: Compositor
    public let display: any DisplayBackend
    /// How logical content is turned onto the panel in software (nil: not at all, or the
    /// display turns it on scanout).
    public let turn: QuarterTurn?
    /// The display turns the picture on scanout (its buffers are logical-sized).
    public let turnsOnScanout: Bool
    /// The panel's native size when the pipeline was made, pixels: a display whose size
    /// changes (a new mode after a hotplug) needs a new pipeline.
    public let panelWidth: Int
    public let panelHeight: Int
    /// Logical <-> panel for this pipeline's orientation: the one the touch tracker maps
    /// through too.
    public let transform: PanelTransform

    /// Logical-space frame when the compositor can't draw into the back buffer itself.
    /// Its pages are made present at its first use (`populatedShadow()`), not with the
    /// pipeline: a pipeline made for a turn's request frame draws nothing into it in that
    /// frame, where fresh pages were most of its time (the Performance article: "The
    /// frame that asks for a turn").
    private let shadow: Surface?
    /// Panel-space 32-bit frame between turning and converting to rgb565.
    private let panelShadow: Surface?
    /// Logical damage of the last frames, to repair a back buffer of any age.
    private var history: DamageHistory
    private var repair: DamageRegion
    private var panelRects: [PixelRect] = []
    /// Frames drawn so far.
    private var framesDrawn = 0
    /// What the frame last presented was, for reading it back (`panelPicture`); nil
    /// before the first.
    private(set) var presented: PresentedFrame?

    /// A picture drawn over each frame in the buffers' space (`FrameOverlay`: the
    /// orientation turn's old frame), set before each frame that shows it; nil: none. While one is
    /// set, each frame is the scene (composited only where it changed) under the picture,
    /// written whole into the buffer; once it is gone, the next frame repairs every
    /// buffer whole.
    public var overlay: FrameOverlay? {
        didSet { if overlay == nil && oldValue != nil { overlayEnded = true } }
    }
    /// The scene under the overlay, in the buffers' space, 32-bit, when it is not the
    /// shadow (which needs no turn): kept up to date from the scene's damage.
    private var under: Surface?
    /// The 32-bit frame the overlay is drawn into when the buffer can't take it
    /// (rgb565, or memory slow to read), then copied into the buffer.
    private var overlayTarget: Surface?
    /// The overlay was taken away: the buffers still show it.
    private var overlayEnded = false
    /// The whole logical screen, as damage.
    private let everything: DamageRegion

    /// - Parameters:
    ///   - orientation: how the panel is turned (the rotation service's orientation).
    ///   - paintThreads: see `Compositor.init` (nil: one per further CPU, up to 3).
    ///   - replacing: the pipeline this one replaces (a turn, a reload): its paint
    ///     threads are taken over, `paintThreads` ignored.
    public init(
        display: any DisplayBackend, orientation: Orientation, clearColor: UInt32 = 0xff00_0000,
        paintThreads: Int? = nil, replacing old: FramePipeline? = nil
    ) throws(PipelineError) {
        self.display = display
        transform = PanelTransform(orientation: orientation, panelWidth: display.width, panelHeight: display.height)
        let wanted = transform.scanoutTurn
        turnsOnScanout = wanted != nil && display.setScanoutTurn(wanted)
        if !turnsOnScanout { _ = display.setScanoutTurn(nil) }
        turn = turnsOnScanout ? nil : wanted
        panelWidth = display.width
        panelHeight = display.height
        let (lw, lh) = (transform.logicalWidth, transform.logicalHeight)
        compositor =
            old.map {
                Compositor(width: lw, height: lh, clearColor: clearColor, sharingPaintThreadsWith: $0.compositor)
            } ?? Compositor(width: lw, height: lh, clearColor: clearColor, paintThreads: paintThreads)
        let needsShadow = turn != nil || display.format != .xrgb8888 || display.prefersShadow
        do {
            shadow = needsShadow ? try Surface(width: lw, height: lh, format: .xrgb8888, populated: false) : nil
            panelShadow =
                turn != nil && display.format != .xrgb8888
                ? try Surface(width: display.width, height: display.height, format: .xrgb8888) : nil
        } catch {
            throw .shadow("\(lw)x\(lh): \(error)")
        }
        let logical = PixelRect(width: lw, height: lh)
        history = DamageHistory(bounds: logical)
        repair = DamageRegion(bounds: logical)
        var all = DamageRegion(bounds: logical)
        all.addAll()
        everything = all
        panelRects.reserveCapacity(DamageRegion.maxRects + 1)
    }

    /// The logical frame last drawn, when the pipeline keeps one (its shadow) and has
    /// drawn a frame into it; nil otherwise.
    var lastFrame: Surface? { framesDrawn > 0 ? shadow : nil }

    /// The logical screen size (what the show is laid out in), points = pixels.
    public var logicalWidth: Int { compositor.width }
    public var logicalHeight: Int { compositor.height }

    /// Draws the tree as it is now and presents it. Returns the compositor's statistics
    /// (repainted pixels are logical pixels).
    @discardableResult
    public func drawFrame() throws(PipelineError) -> FrameStats {
        if let overlay { return try drawFrame(under: overlay) }
        let repairAll = overlayEnded
        if overlayEnded { endOverlay() }
        let buffer: DisplayBuffer
        do { buffer = try display.acquire() } catch { throw .display(error) }
        let stats: FrameStats
        do {
            if let shadow = try populatedShadow() {
                // The shadow persists from frame to frame: it is always one frame old.
                stats = try compositor.render(into: shadow, bufferAge: 1)
                history.push(repairAll ? everything : compositor.frameDamage)
                history.repaint(age: stats.fullRepaint ? 0 : buffer.age, into: &repair)
                try transfer(from: shadow, into: buffer.surface)
            } else {
                stats = try compositor.render(into: buffer.surface, bufferAge: buffer.age)
            }
        } catch {
            throw .compositor(error)
        }
        do {
            try display.present(buffer, damage: panelDamage())
        } catch {
            throw .display(error)
        }
        framesDrawn += 1
        presented = .scene
        return stats
    }

    /// The buffers' size, pixels: the panel's, or the logical size when the display turns
    /// on scanout.
    public var bufferWidth: Int { turnsOnScanout ? logicalWidth : panelWidth }
    public var bufferHeight: Int { turnsOnScanout ? logicalHeight : panelHeight }
    /// How the display turns a buffer onto the panel (nil: it doesn't).
    public var bufferTurn: QuarterTurn? { turnsOnScanout ? transform.scanoutTurn : nil }

    /// Whether the next frame has anything new to show.
    public var needsDisplay: Bool { overlay != nil || overlayEnded || compositor.needsDisplay }

    /// A frame with `overlay` over the scene: the scene composited where it changed (into
    /// the shadow, or into `under` when the pipeline draws straight into its buffers),
    /// brought into panel space where it changed, then written whole into the buffer with
    /// the picture over it. An overlay that hides the scene (`FrameOverlay.hidesScene`)
    /// is written alone while the scene under it has not been composited yet: that waits
    /// for `prepareUnderOverlay`, after the frame is handed over.
    private func drawFrame(under overlay: FrameOverlay) throws(PipelineError) -> FrameStats {
        let buffer: DisplayBuffer
        do { buffer = try display.acquire() } catch { throw .display(error) }
        var stats = FrameStats()
        let direct = display.format == .xrgb8888 && !display.prefersShadow
        var composedIn: Surface?
        do {
            let target = direct ? buffer.surface : try overlayStagingSurface()
            if !direct { composedIn = target }
            var below = target
            if !overlay.hidesScene || sceneUnderOverlayReady {
                (below, stats) = try composeUnderOverlay()
            }
            // Every buffer gets the whole frame while the picture moves.
            if shadow != nil { history.push(everything) }
            try compositor.paintOverlay(
                overlay.picture, homography: overlay.homography, opacity: overlay.opacity, over: below, into: target)
            if !direct {
                try compositor.transfer(from: target, into: buffer.surface, turn: nil, staging: nil, region: target.bounds)
            }
        } catch {
            throw .compositor(error)
        }
        let all = PixelRect(width: bufferWidth, height: bufferHeight)
        stats.repaintedPixels = all.area
        stats.repaintedRects = 1
        stats.fullRepaint = true
        panelRects.removeAll(keepingCapacity: true)
        panelRects.append(all)
        do {
            try display.present(buffer, damage: panelRects)
        } catch {
            throw .display(error)
        }
        framesDrawn += 1
        presented = .overlaid(composedIn: composedIn)
        return stats
    }

    /// Whether the scene under the overlay has been composited since the overlay came:
    /// until then an overlay that hides the scene is drawn alone.
    private var sceneUnderOverlayReady = false

    /// Whether `prepareUnderOverlay` has work to do.
    public var needsUnderOverlay: Bool { overlay != nil && !sceneUnderOverlayReady }

    /// While an overlay is set and the scene under it is not composited yet (its first
    /// frame hid it): composites it now, between frames, so that the frames that fade the
    /// overlay out find it ready. A turn's first frame is then the old picture alone,
    /// on screen a scene's composite sooner. Nothing to do otherwise.
    public func prepareUnderOverlay() throws(PipelineError) {
        guard needsUnderOverlay else { return }
        do { _ = try composeUnderOverlay() } catch { throw .compositor(error) }
    }

    /// The scene composited where it changed into the surface the overlay is drawn over
    /// (the shadow, or `under`), brought into the buffers' space where it changed.
    private func composeUnderOverlay() throws(CompositorError) -> (Surface, FrameStats) {
        let below = try overlayBase()
        let stats: FrameStats
        if let shadow = try populatedShadow() {
            stats = try compositor.render(into: shadow, bufferAge: 1)
            if let turn, below !== shadow {
                for r in compositor.frameDamage.rects {
                    let p = turn.turnedRect(r, sourceWidth: shadow.width, sourceHeight: shadow.height)
                    try compositor.transfer(from: shadow, into: below, turn: turn, staging: nil, region: p)
                }
            }
        } else {
            stats = try compositor.render(into: below, bufferAge: 1)
        }
        sceneUnderOverlayReady = true
        return (below, stats)
    }

    /// The scene the overlay is drawn over, in the buffers' space: the shadow when it
    /// needs no turn, else `under`, made (and filled whole) on the overlay's first frame.
    private func overlayBase() throws(CompositorError) -> Surface {
        if let shadow, turn == nil { return shadow }
        if let under { return under }
        let made: Surface
        do {
            made = try Surface(width: bufferWidth, height: bufferHeight, format: .xrgb8888)
        } catch {
            throw .raster(error)
        }
        if let shadow = try populatedShadow(), let turn {
            // The shadow holds the last frame: all of it, turned.
            _ = try compositor.render(into: shadow, bufferAge: 1)
            try compositor.transfer(from: shadow, into: made, turn: turn, staging: nil, region: made.bounds)
        } else {
            // Drawn into straight: the next render repaints it whole.
            compositor.invalidateTargets()
        }
        under = made
        return made
    }

    /// The shadow (nil: none), its pages present: what every draw into it goes through.
    private func populatedShadow() throws(CompositorError) -> Surface? {
        guard let shadow else { return nil }
        do { try shadow.populate() } catch { throw .raster(error) }
        return shadow
    }

    /// The 32-bit frame the overlay is drawn into when the buffer can't take it.
    private func overlayStagingSurface() throws(CompositorError) -> Surface {
        if let s = overlayTarget ?? panelShadow { return s }
        do {
            let s = try Surface(width: bufferWidth, height: bufferHeight, format: .xrgb8888)
            overlayTarget = s
            return s
        } catch {
            throw .raster(error)
        }
    }

    /// The overlay is gone: its surfaces are let go, and the buffers, which still show
    /// it, are repaired whole (a direct pipeline's compositor repaints them; a shadow's
    /// history records this frame as whole).
    private func endOverlay() {
        overlayEnded = false
        sceneUnderOverlayReady = false
        under = nil
        overlayTarget = nil
        if shadow == nil { compositor.invalidateTargets() }
    }

    /// The picture on the panel as last drawn, 32-bit, and the quarter turn that makes it
    /// upright on the panel: the old frame an orientation turn turns. Usually the logical
    /// frame (`snapshot()`) and the orientation's turn; during a turn, the frame as
    /// drawn with the turn's picture over it (the next turn starts from what the panel
    /// shows) and the display's turn on scanout.
    func oldFrame() throws(CompositorError) -> (picture: Surface, turn: QuarterTurn?) {
        if overlay != nil, framesDrawn > 0, !sceneUnderOverlayReady {
            // Asked again before the scene under the first frame's picture was made.
            _ = try composeUnderOverlay()
        }
        if let overlay, framesDrawn > 0, let below = (turn == nil ? shadow : nil) ?? under {
            let s: Surface
            do {
                s = try Surface(width: bufferWidth, height: bufferHeight, format: .xrgb8888)
            } catch {
                throw .raster(error)
            }
            try compositor.paintOverlay(
                overlay.picture, homography: overlay.homography, opacity: overlay.opacity, over: below, into: s)
            return (s, bufferTurn)
        }
        return (try snapshot(), transform.scanoutTurn)
    }

    /// Turns and converts the repaired rectangles of the logical shadow into the panel's
    /// back buffer (across the paint threads when large).
    private func transfer(from shadow: Surface, into target: Surface) throws(CompositorError) {
        for r in repair.rects {
            let p = turn?.turnedRect(r, sourceWidth: shadow.width, sourceHeight: shadow.height) ?? r
            try compositor.transfer(from: shadow, into: target, turn: turn, staging: panelShadow, region: p)
        }
    }

    /// This frame's damage in panel pixels, in storage kept from frame to frame (no
    /// allocation per frame).
    private func panelDamage() -> [PixelRect] {
        let rects = shadow == nil ? compositor.repaintRegion.rects : repair.rects
        guard let turn else { return rects }
        panelRects.removeAll(keepingCapacity: true)
        for r in rects {
            panelRects.append(turn.turnedRect(r, sourceWidth: compositor.width, sourceHeight: compositor.height))
        }
        return panelRects
    }
}

/// What goes wrong drawing a frame.
public enum PipelineError: Error, Equatable, CustomStringConvertible {
    case shadow(String)
    case display(DisplayError)
    case compositor(CompositorError)

    public var description: String {
        switch self {
        case .shadow(let what): "frame: can't make the shadow surface \(what)"
        case .display(let e): "\(e)"
        case .compositor(let e): "\(e)"
        }
    }
}
