import Compositor
import Display
import FixedPoint
import Raster
import Rotation

/// One frame from the layer tree to the display: the compositor draws in logical space.
/// When the panel is mounted turned and the display can't turn on scanout (a DRM plane's
/// rotation), or it scans out rgb565, or its memory is slow to read (`prefersShadow`),
/// the compositor draws into a shadow surface and only the repaired rectangles are
/// turned (and converted) into the panel's back buffer. DESIGN.md §1, "Data flow of one
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
    private let shadow: Surface?
    /// Panel-space 32-bit frame between turning and converting to rgb565.
    private let panelShadow: Surface?
    /// Logical damage of the last frames, to repair a back buffer of any age.
    private var history: DamageHistory
    private var repair: DamageRegion
    private var panelRects: [PixelRect] = []
    /// Frames drawn so far.
    private var framesDrawn = 0

    /// - Parameters:
    ///   - orientation: how the panel is turned (the rotation service's orientation).
    ///   - paintThreads: see `Compositor.init` (nil: one per further CPU, up to 3).
    public init(
        display: any DisplayBackend, orientation: Orientation, clearColor: UInt32 = 0xff00_0000, paintThreads: Int? = nil
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
        compositor = Compositor(width: lw, height: lh, clearColor: clearColor, paintThreads: paintThreads)
        let needsShadow = turn != nil || display.format != .xrgb8888 || display.prefersShadow
        do {
            shadow = needsShadow ? try Surface(width: lw, height: lh, format: .xrgb8888) : nil
            panelShadow =
                turn != nil && display.format != .xrgb8888
                ? try Surface(width: display.width, height: display.height, format: .xrgb8888) : nil
        } catch {
            throw .shadow("\(lw)x\(lh): \(error)")
        }
        let logical = PixelRect(width: lw, height: lh)
        history = DamageHistory(bounds: logical)
        repair = DamageRegion(bounds: logical)
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
        let buffer: DisplayBuffer
        do { buffer = try display.acquire() } catch { throw .display(error) }
        let stats: FrameStats
        do {
            if let shadow {
                // The shadow persists from frame to frame: it is always one frame old.
                stats = try compositor.render(into: shadow, bufferAge: 1)
                history.push(compositor.frameDamage)
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
        return stats
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
