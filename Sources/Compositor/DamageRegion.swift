import Raster

/// A set of screen rectangles to repaint, kept small: two overlapping rectangles are
/// merged when their bounding box costs no more pixels than painting both, and past `maxRects` all
/// collapse into one bounding box. Storage is reserved once, so adding never allocates.
public struct DamageRegion: Sendable {
    /// At most this many separate rectangles; more collapse into their bounding box.
    public static let maxRects = 16

    public private(set) var rects: [PixelRect] = []
    /// Everything is clipped to this (the screen).
    public let bounds: PixelRect

    public init(bounds: PixelRect) {
        self.bounds = bounds
        rects.reserveCapacity(Self.maxRects + 1)
    }

    /// Pixels painted to repair the region: the sum of the rectangles' areas (two that
    /// overlap without merging count their overlap twice, as it is painted twice).
    public var area: Int { rects.reduce(0) { $0 + $1.area } }
    public var isEmpty: Bool { rects.isEmpty }
    public var isFull: Bool { rects.count == 1 && rects[0] == bounds }

    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    /// Marks the whole screen.
    public mutating func addAll() {
        rects.removeAll(keepingCapacity: true)
        rects.append(bounds)
    }

    /// Adds `rect` (clipped to `bounds`; nil or empty adds nothing).
    public mutating func add(_ rect: PixelRect?) {
        guard let rect else { return }
        var r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        var i = 0
        while i < rects.count {
            let e = rects[i]
            if e.encloses(r) { return }
            let meet = e.intersection(r)
            if r.encloses(e) || (!meet.isEmpty && e.union(r).area <= e.area + r.area) {
                // Absorb e and start over: the grown rectangle may now meet others.
                r = r.union(e)
                rects.swapAt(i, rects.count - 1)
                rects.removeLast()
                i = 0
                continue
            }
            i += 1
        }
        rects.append(r)
        if rects.count > Self.maxRects {
            var box = rects[0]
            for e in rects { box = box.union(e) }
            rects.removeAll(keepingCapacity: true)
            rects.append(box)
        }
    }

    /// Replaces the rectangles with their bounding box when it costs at most a quarter
    /// more pixels than painting them one by one: one large rectangle is painted faster
    /// than several that overlap or nearly touch (each rectangle repeats the per-layer
    /// setup, overlaps are painted twice, and only large ones are split across threads).
    public mutating func simplify() {
        guard rects.count > 1 else { return }
        var box = rects[0]
        for r in rects { box = box.union(r) }
        if box.area * 4 <= area * 5 {
            rects.removeAll(keepingCapacity: true)
            rects.append(box)
        }
    }

    /// Adds every rectangle of `other`.
    public mutating func add(contentsOf other: DamageRegion) {
        for r in other.rects { add(r) }
    }
}

extension PixelRect {
    /// Whether every pixel of `other` is inside this rectangle (an empty `other` is).
    func encloses(_ other: PixelRect) -> Bool {
        other.isEmpty || (x <= other.x && y <= other.y && maxX >= other.maxX && maxY >= other.maxY)
    }
}

/// The damage of the last few frames, so a back buffer last shown `age` frames ago can be
/// brought up to date by repainting what changed since (the Architecture article, "One frame"; Slint's
/// and EGL's buffer age). Age 0 means unknown: repaint everything.
public struct DamageHistory: Sendable {
    /// Frames remembered; an older buffer is repainted whole.
    public static let depth = 4
    private var frames: [DamageRegion]
    private var newest = 0
    private var count = 0

    public init(bounds: PixelRect) {
        frames = Array(repeating: DamageRegion(bounds: bounds), count: Self.depth)
    }

    /// Records one frame's damage (the frame now being drawn).
    public mutating func push(_ damage: DamageRegion) {
        newest = (newest + 1) % Self.depth
        frames[newest].removeAll()
        for r in damage.rects { frames[newest].add(r) }
        count = Swift.min(count + 1, Self.depth)
    }

    /// What a buffer of `age` needs repainted, including the frame just pushed: the union
    /// of the last `age` frames' damage, or everything when `age` is 0 or older than the
    /// history.
    public func repaint(age: Int, into region: inout DamageRegion) {
        region.removeAll()
        guard age >= 1, age <= count else {
            region.addAll()
            return
        }
        for k in 0..<age {
            for r in frames[(newest - k + Self.depth) % Self.depth].rects { region.add(r) }
        }
    }

    /// Forgets everything: the next buffer of any age is repainted whole.
    public mutating func reset() { count = 0 }
}
