import FixedPoint
import Raster

/// Renders a layer tree into 32-bit surfaces of one size, repainting only what changed.
///
/// Each `render` walks the tree once (world transforms, per-layer draw operations), adds
/// to the frame's damage the old and new screen rectangles of every layer that changed
/// (property set, contents replaced, moved with an ancestor, removed, hidden), widens it
/// by the back buffer's age (`DamageHistory`), and repaints each damaged rectangle from
/// the topmost layer that covers it with opaque pixels (occlusion) upwards. A frame in
/// which nothing changed repaints nothing.
///
/// Steady state allocates nothing on the heap: the operation list, the damage regions and
/// group pictures keep their storage from frame to frame (new storage only when the tree
/// grows or a picture changes size).
public final class Compositor {
    public let width: Int
    public let height: Int
    /// The tree's root: logical screen space. Its bounds are the screen.
    public let root: Layer
    /// Painted under everything (premultiplied 0xAARRGGBB).
    public var clearColor: UInt32 { didSet { if clearColor != oldValue { forceFullRepaint = true } } }
    /// Draws text layers; without one they draw nothing.
    public var textRasterizer: (any TextRasterizing)?

    var items: [DrawItem] = []
    /// A snapshot's operations (`Layer.showSnapshot(of:in:)`), kept for their storage.
    var snapshotItems: [DrawItem] = []
    /// `paintOverlay`'s two operations, kept for their storage.
    var overlayItems: [DrawItem] = []
    var damage: DamageRegion
    /// Damage from group pictures drawn between frames (`Layer.drawGroupAhead()`), added
    /// to the next frame's.
    var aheadDamage: DamageRegion
    var repaint: DamageRegion
    var history: DamageHistory
    var forceFullRepaint = true
    /// How much is worked out about what is hidden before drawing (`OcclusionPlanner`).
    /// The picture is the same byte for byte whichever (tests compare them).
    public var occlusion = Occlusion.worthwhile
    var stats = FrameStats()
    let pool: PaintPool

    /// - Parameter paintThreads: threads that paint large repaints alongside the caller
    ///   (nil: one per further CPU, up to 3).
    public convenience init(width: Int, height: Int, clearColor: UInt32 = 0xff00_0000, paintThreads: Int? = nil) {
        self.init(
            width: width, height: height, clearColor: clearColor,
            pool: PaintPool(workers: paintThreads ?? PaintPool.defaultWorkers()))
    }

    /// A compositor painting with `other`'s paint threads (a new orientation's, made in
    /// the frame that asks for it: starting threads, and waiting for each to run, is no
    /// work for a frame). The two must not paint at once: one event-loop thread drives both.
    public convenience init(
        width: Int, height: Int, clearColor: UInt32 = 0xff00_0000, sharingPaintThreadsWith other: Compositor
    ) {
        self.init(width: width, height: height, clearColor: clearColor, pool: other.pool)
    }

    init(width: Int, height: Int, clearColor: UInt32, pool: PaintPool) {
        self.pool = pool
        self.width = width
        self.height = height
        self.clearColor = clearColor
        let screen = PixelRect(width: width, height: height)
        root = Layer(name: "root", frame: Rect2D(x: 0, y: 0, width: Double(width), height: Double(height)))
        root.allowsHitTesting = false
        damage = DamageRegion(bounds: screen)
        aheadDamage = DamageRegion(bounds: screen)
        repaint = DamageRegion(bounds: screen)
        history = DamageHistory(bounds: screen)
        items.reserveCapacity(256)
        overlayItems.reserveCapacity(2)
        root.compositor = self
    }

    public var bounds: PixelRect { PixelRect(width: width, height: height) }

    /// Whether anything changed since the last frame (else there is nothing to draw).
    public var needsDisplay: Bool { forceFullRepaint || root.isDirty || root.descendantDirty }

    /// Makes the next frame repaint everything, and forgets what older buffers hold: the
    /// target's pixels were written by something else (a picture drawn over the frame
    /// outside the tree).
    public func invalidateTargets() { forceFullRepaint = true }

    /// The last frame's repaint region (for a display that presents damage, or a software
    /// rotation that turns only these rectangles into the panel buffer).
    public var repaintRegion: DamageRegion { repaint }

    /// This frame's own damage (before the buffer age widened it).
    public var frameDamage: DamageRegion { damage }

    /// Composites the tree into `target`, whose contents are what this compositor drew
    /// `bufferAge` frames ago (1: the previous frame; 0: unknown, repaint everything).
    public func render(into target: Surface, bufferAge: Int) throws(CompositorError) -> FrameStats {
        guard target.width == width, target.height == height else {
            throw .targetSize(expected: bounds, got: target.bounds)
        }
        guard target.format.bytesPerPixel == 4 else { throw .targetFormat(target.format) }
        stats = FrameStats()
        items.removeAll(keepingCapacity: true)
        damage.removeAll()
        if !aheadDamage.isEmpty {
            damage.add(contentsOf: aheadDamage)
            aheadDamage.removeAll()
        }
        collect(root, parentWorld: .identity, clip: bounds, tracking: true, into: &items)
        if forceFullRepaint {
            damage.addAll()
            history.reset()
            forceFullRepaint = false
        }
        history.push(damage)
        history.repaint(age: bufferAge, into: &repaint)
        repaint.simplify()

        stats.damagedPixels = damage.area
        stats.repaintedPixels = repaint.area
        stats.repaintedRects = repaint.rects.count
        stats.fullRepaint = repaint.isFull
        stats.drawItems = items.count
        for r in repaint.rects {
            do {
                stats.occludedPixels += try pool.paint(
                    items, into: target, region: r, background: clearColor, occlusion: occlusion)
            } catch {
                throw .raster(error)
            }
        }
        return stats
    }

    /// Repaints `region` of `target` from `list`: from the topmost operation whose opaque
    /// pixels cover the whole region (everything under it is hidden), else from the
    /// background up. With a `planner`, where a transformed opaque picture hides enough
    /// of a costly operation under it (a resampled or blended picture), those draw only
    /// the row spans not hidden by the opaque pixels above them (`OcclusionPlanner`).
    /// Returns the pixels left out that way (0 without planning).
    @discardableResult
    static func paint(
        _ list: [DrawItem], into target: Surface, region: PixelRect, background: UInt32?,
        planner: OcclusionPlanner? = nil, occlusion: Occlusion = .worthwhile
    ) throws(RasterError) -> Int {
        let start = Self.firstVisible(in: list, for: region)
        if let planner, occlusion != .rectangles {
            let everywhere = occlusion == .everywhere
            let focus = OcclusionPlanner.target(list, from: Swift.max(0, start), in: region, everywhere: everywhere)
            if !focus.isEmpty {
                try planner.paint(
                    list, from: Swift.max(0, start), into: target, region: region, focus: focus,
                    background: start < 0 ? background : nil, everywhere: everywhere)
                return planner.occludedPixels
            }
            planner.clearCount()
        }
        if start < 0, let background { target.fill(background, clip: region) }
        var i = Swift.max(0, start)
        while i < list.count {
            let clip = list[i].rect.intersection(region)
            if !clip.isEmpty { try list[i].draw(into: target, clip: clip) }
            i += 1
        }
        return 0
    }

    /// The index of the topmost operation whose opaque pixels cover all of `region`, or
    /// -1 when none does (the background shows somewhere).
    static func firstVisible(in list: [DrawItem], for region: PixelRect) -> Int {
        var k = list.count - 1
        while k >= 0 {
            if !list[k].opaque.isEmpty && list[k].opaque.encloses(region) { return k }
            k -= 1
        }
        return -1
    }

    /// `firstVisible` in the last frame's list (for tests).
    func firstVisibleItem(for region: PixelRect) -> Int { Self.firstVisible(in: items, for: region) }

    /// The topmost layer under `point` (logical points), honouring transforms, hidden and
    /// culled layers, masks and `allowsHitTesting`; nil when only the root's background is
    /// there.
    public func hitTest(_ point: Point2D) -> Layer? {
        root.hitTest(point, parentWorld: .identity)
    }
}
