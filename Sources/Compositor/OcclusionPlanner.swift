import Raster

/// How much the compositor works out what is hidden before drawing.
public enum Occlusion: Sendable, CaseIterable {
    /// Only an opaque rectangle (a fill, a copy) covering a whole repaint rectangle
    /// hides what is under it there.
    case rectangles
    /// Also, row by row, the interiors of transformed opaque pictures (and opaque
    /// rectangles) hide the parts of costly operations under them (resampled or blended
    /// pictures), where enough is hidden to pay for working it out: the default.
    case worthwhile
    /// Row by row under every opaque pixel, for every operation, whatever it costs (for
    /// tests: the most pixels left out, and the planner run on everything).
    case everywhere
}

/// Occlusion row by row: paints a region from a frame's operations so that each draws
/// only the row spans that the opaque pixels of the operations above it don't cover.
/// Those are the interiors of transformed opaque pictures (`OpaqueInterior`: convex, so
/// one interval a row) and the opaque rectangles of fills and copies.
///
/// Planned front to back: per row of the region, the columns covered so far, as a few
/// sorted disjoint intervals; each costly operation, from the topmost down, gets its
/// rectangle less those intervals (kept as spans), and every operation then adds its
/// own opaque interval of each row. Then drawn back to front as usual, each costly
/// operation on its spans (or its whole rectangle where nothing above covers any of
/// it, or not at all where everything does), the cheap ones whole. Covered rows are
/// worked out only where costly operations lie under interiors (`target`). A pixel
/// left out is one an operation above overwrites with opaque colour whatever is under
/// it, so the picture is byte for byte the one drawn in full.
///
/// One planner per band (`PaintPool` gives each thread its own): its storage is kept
/// from frame to frame and grows only when a region or a list is larger than before,
/// so painting allocates nothing in steady state.
final class OcclusionPlanner {
    /// Intervals kept per row; when a row has this many, a new disjoint interval
    /// replaces the narrowest (or is dropped): covering less is always safe.
    static let intervalsPerRow = 8

    /// How an operation is drawn.
    struct Plan {
        enum Kind: UInt8 { case none, whole, spans }
        var kind: Kind
        /// Its spans in `spans` (kind `.spans`).
        var start: Int
        var end: Int
    }

    private var rowCapacity = 0
    /// Per row of the region: how many covered intervals it has.
    private var counts: UnsafeMutablePointer<Int32>
    /// Per row: `intervalsPerRow` pairs (x0, x1), the first `counts[row]` in use, sorted.
    private var intervals: UnsafeMutablePointer<Int32>
    private var spanCapacity = 0
    private var spans: UnsafeMutablePointer<RowSpan>
    private var spanCount = 0
    private var planCapacity = 0
    private var plans: UnsafeMutablePointer<Plan>
    /// The box around every covered interval so far (an operation outside it is drawn
    /// whole without looking at its rows).
    private var box = PixelRect.empty
    /// Pixels of operations' rectangles (and of the background) left out by the last
    /// `paint`.
    private(set) var occludedPixels = 0

    init() {
        counts = .allocate(capacity: 1)
        intervals = .allocate(capacity: 2 * Self.intervalsPerRow)
        spans = .allocate(capacity: 1)
        plans = .allocate(capacity: 1)
    }

    deinit {
        counts.deallocate()
        intervals.deallocate()
        spans.deallocate()
        plans.deallocate()
    }

    /// Whether an operation costs enough a pixel that leaving hidden pixels out pays for
    /// working them out: resampling (bilinear: four source pixels read and weighed for
    /// each) and blending. Fills and copies run at memset and memcpy speed (less than
    /// finding the covered columns of a row costs), so they are always drawn whole.
    static func isCostly(_ item: DrawItem, everywhere: Bool = false) -> Bool {
        if everywhere { return true }
        switch item.operation {
        case .transformed, .transformedOver, .over, .blend: return true
        case .fill, .copy: return false
        // A turned solid colour: a fill inside when opaque, else a blend.
        case .transformedFill(let c, _, _, _, let o): return c >> 24 != 255 || o != 255
        }
    }

    /// Whether hiding the part `overlap` of an operation pays: a transformed draw at
    /// least 32 columns wide and 4096 pixels; a blend at least 256 columns and 32768
    /// pixels (each row planned costs about as much as resampling a few pixels and
    /// blending a few dozen).
    static func isWorthHiding(_ item: DrawItem, _ overlap: PixelRect, everywhere: Bool = false) -> Bool {
        if everywhere { return true }
        switch item.operation {
        case .transformed, .transformedOver: return overlap.width >= 32 && overlap.area >= 4096
        default: return overlap.width >= 256 && overlap.area >= 32768
        }
    }

    /// Where in `region` planning pays: the parts of costly operations from `start` on
    /// that lie under the interior of a transformed opaque picture above them, enough
    /// of them to be worth it (`isWorthHiding`); empty when nowhere (then the region is
    /// painted as without this planner). `everywhere`: every operation under an
    /// interior, however little of it.
    static func target(_ list: [DrawItem], from start: Int, in region: PixelRect, everywhere: Bool) -> PixelRect {
        var box = PixelRect.empty
        var j = start + 1
        while j < list.count {
            if let interior = list[j].interior {
                let covered = interior.box.intersection(region)
                var i = start
                while !covered.isEmpty && i < j {
                    if isCostly(list[i], everywhere: everywhere) {
                        let o = list[i].rect.intersection(covered)
                        if !o.isEmpty && isWorthHiding(list[i], o, everywhere: everywhere) { box = box.union(o) }
                    }
                    i += 1
                }
            }
            j += 1
        }
        return box
    }

    /// Paints `region` of `target` from `list[first...]` (everything under `first` is
    /// hidden; with `background`, it is filled first), working out what is hidden only
    /// inside `focus` (`target(_:from:in:everywhere:)`) and only for costly operations
    /// (for all, and for the background, with `everywhere`).
    func paint(
        _ list: [DrawItem], from first: Int, into target: Surface, region: PixelRect, focus: PixelRect,
        background: UInt32?, everywhere: Bool = false
    ) throws(RasterError) {
        occludedPixels = 0
        guard !region.isEmpty else { return }
        reset(rows: region.height, items: list.count)
        let focus = focus.intersection(region)
        // Front to back: each costly operation's spans, then each operation's cover.
        var i = list.count - 1
        while i >= first {
            let clip = list[i].rect.intersection(region)
            plans[i] =
                Self.isCostly(list[i], everywhere: everywhere)
                ? plan(clip, region: region) : Plan(kind: .whole, start: 0, end: 0)
            let inside = clip.intersection(focus)
            if !inside.isEmpty { cover(with: list[i], clip: inside, region: region) }
            i -= 1
        }
        if let background {
            let p = everywhere ? plan(region, region: region) : Plan(kind: .whole, start: 0, end: 0)
            switch p.kind {
            case .none: break
            case .whole: target.fill(background, clip: region)
            case .spans:
                target.fill(background, spans: UnsafeBufferPointer(start: spans + p.start, count: p.end - p.start))
            }
        }

        // Back to front: draw.
        i = first
        while i < list.count {
            let p = plans[i]
            switch p.kind {
            case .none: break
            case .whole:
                let clip = list[i].rect.intersection(region)
                if !clip.isEmpty { try list[i].draw(into: target, clip: clip) }
            case .spans:
                let run = UnsafeBufferPointer(start: spans + p.start, count: p.end - p.start)
                try list[i].draw(into: target, spans: run)
            }
            i += 1
        }
    }

    /// Sets `occludedPixels` to 0 (a paint that did not plan left nothing out).
    func clearCount() { occludedPixels = 0 }

    /// Makes room for `rows` rows and `items` plans, and clears the rows.
    private func reset(rows: Int, items: Int) {
        if rows > rowCapacity {
            counts.deallocate()
            intervals.deallocate()
            rowCapacity = rows
            counts = .allocate(capacity: rows)
            intervals = .allocate(capacity: rows * 2 * Self.intervalsPerRow)
        }
        counts.update(repeating: 0, count: rows)
        if items > planCapacity {
            plans.deallocate()
            planCapacity = Swift.max(items, 2 * planCapacity)
            plans = .allocate(capacity: planCapacity)
        }
        spanCount = 0
        box = .empty
    }

    private func appendSpan(y: Int, x0: Int, x1: Int) {
        if spanCount == spanCapacity {
            let bigger = Swift.max(1024, 2 * spanCapacity)
            let grown = UnsafeMutablePointer<RowSpan>.allocate(capacity: bigger)
            grown.moveInitialize(from: spans, count: spanCount)
            spans.deallocate()
            spans = grown
            spanCapacity = bigger
        }
        (spans + spanCount).initialize(to: RowSpan(y: y, x0: x0, x1: x1))
        spanCount += 1
    }

    /// How to draw `clip` given what is covered so far: its rows less the covered
    /// intervals, as spans.
    private func plan(_ clip: PixelRect, region: PixelRect) -> Plan {
        if clip.isEmpty { return Plan(kind: .none, start: 0, end: 0) }
        if clip.intersection(box).isEmpty { return Plan(kind: .whole, start: 0, end: 0) }
        let start = spanCount
        var hidden = 0
        let k = Self.intervalsPerRow
        for y in clip.y..<clip.maxY {
            let r = y - region.y
            let n = Int(counts[r])
            var x = clip.x
            let row = intervals + r * 2 * k
            var j = 0
            while j < n && x < clip.maxX {
                let a = Int(row[2 * j]), b = Int(row[2 * j + 1])
                j += 1
                if b <= x { continue }
                if a >= clip.maxX { break }
                if a > x { appendSpan(y: y, x0: x, x1: a) }
                hidden += Swift.min(b, clip.maxX) - Swift.max(a, x)
                x = b
            }
            if x < clip.maxX { appendSpan(y: y, x0: x, x1: clip.maxX) }
        }
        occludedPixels += hidden
        if hidden == 0 {
            spanCount = start
            return Plan(kind: .whole, start: 0, end: 0)
        }
        if spanCount == start { return Plan(kind: .none, start: 0, end: 0) }
        return Plan(kind: .spans, start: start, end: spanCount)
    }

    /// Adds what `item` covers with opaque colour inside `clip` to the covered rows.
    private func cover(with item: DrawItem, clip: PixelRect, region: PixelRect) {
        if let interior = item.interior {
            let cols = clip.x..<clip.maxX
            for y in clip.y..<clip.maxY {
                guard let s = interior.span(row: y, within: cols) else { continue }
                insert(row: y - region.y, s.lowerBound, s.upperBound)
                box = box.union(PixelRect(x: s.lowerBound, y: y, width: s.count, height: 1))
            }
        } else if !item.opaque.isEmpty {
            let o = item.opaque.intersection(clip)
            guard !o.isEmpty else { return }
            for y in o.y..<o.maxY { insert(row: y - region.y, o.x, o.maxX) }
            box = box.union(o)
        }
    }

    /// Adds [a, b) to row `r`'s covered intervals, merging those it meets or touches.
    private func insert(row r: Int, _ a: Int, _ b: Int) {
        let k = Self.intervalsPerRow
        let row = intervals + r * 2 * k
        var n = Int(counts[r])
        // The first interval ending at or after a, then those starting at or before b.
        var i = 0
        while i < n && Int(row[2 * i + 1]) < a { i += 1 }
        var j = i
        var lo = a, hi = b
        while j < n && Int(row[2 * j]) <= hi {
            lo = Swift.min(lo, Int(row[2 * j]))
            hi = Swift.max(hi, Int(row[2 * j + 1]))
            j += 1
        }
        if j > i {
            // Merged with intervals i..<j: one interval in their place.
            row[2 * i] = Int32(lo)
            row[2 * i + 1] = Int32(hi)
            let removed = j - i - 1
            if removed > 0 {
                var m = i + 1
                while m + removed < n {
                    row[2 * m] = row[2 * (m + removed)]
                    row[2 * m + 1] = row[2 * (m + removed) + 1]
                    m += 1
                }
                n -= removed
            }
            counts[r] = Int32(n)
            return
        }
        if n == k {
            // Full: the new interval replaces the narrowest, if it is wider.
            var narrowest = 0
            for m in 1..<n where row[2 * m + 1] - row[2 * m] < row[2 * narrowest + 1] - row[2 * narrowest] {
                narrowest = m
            }
            guard b - a > Int(row[2 * narrowest + 1] - row[2 * narrowest]) else { return }
            // Remove it, then insert as below.
            var m = narrowest
            while m + 1 < n {
                row[2 * m] = row[2 * m + 2]
                row[2 * m + 1] = row[2 * m + 3]
                m += 1
            }
            n -= 1
            if narrowest < i { i -= 1 }
        }
        var m = n
        while m > i {
            row[2 * m] = row[2 * m - 2]
            row[2 * m + 1] = row[2 * m - 1]
            m -= 1
        }
        row[2 * i] = Int32(a)
        row[2 * i + 1] = Int32(b)
        counts[r] = Int32(n + 1)
    }
}
