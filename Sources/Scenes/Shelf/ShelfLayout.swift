import Compositor
import FixedPoint
import Motion

/// The shelf's geometry and its resting rule, as pure functions of the screen size, the
/// covers' sizes and the scroll offset (after the article "How to Create an
/// iOS Book Open Animation", part 1: `BooksLayout`).
///
/// Covers stand in one horizontal row. Points are logical points, y down.
///
/// - Slots: the article's 362 x 568 pt cells on a 667 pt-high screen. A slot is 0.85 of
///   the screen height tall (whole points) and as wide as its cover's aspect makes it,
///   at most the screen width (a very wide cover is shortened instead). A cover fills
///   its slot (the slot has the cover's aspect).
/// - Pitch: slots are a fixed `pitch` apart, centre to centre: the widest slot plus the
///   article's 10 pt line spacing scaled like the slot (10 * H / 667, whole points, at
///   least 1). The article's covers all share one size; ours may not, and the widest
///   keeps neighbours from overlapping. A missing or corrupt cover is drawn as the
///   square placeholder, so a show with one is spaced a little wider.
/// - Offset: the scroll offset, points; at offset 0 the first cover is centred on the
///   screen, at `offset = i * pitch` cover `i` is. Cover `i`'s centre is at
///   x = W/2 + i * pitch - offset, y = H/2.
/// - Scale: each cover is scaled about its centre by 0.7 * clamp(1 - d / W, 0.75, 1),
///   d = |its centre's x - W/2| (the article's formula): 0.7 in the middle, 0.525 from a
///   quarter of the screen width away on.
///
/// Velocities are the offset's, points per second, as `UIScrollView`'s
/// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` gets them:
/// positive moves towards later covers (the finger moving left).
struct ShelfLayout: Hashable {
    /// The screen, points.
    let width: Double
    let height: Double
    /// The covers' slot sizes, whole points, in shelf order.
    let slots: [Size2D]
    /// The distance between neighbouring covers' centres, whole points (> 0).
    let pitch: Double

    /// The article's slot height to screen height (568 / 667, rounded).
    static let slotHeightRatio = 0.85
    /// The article's line spacing, points on its 667 pt-high screen.
    static let articleSpacing = 10.0
    static let articleScreenHeight = 667.0
    /// The article's cover aspect (362 x 568): a shelf with no books lays out with it.
    static let articleAspect = 362.0 / 568.0
    /// The article's scale factors: 0.7 times a factor clamped to 0.75...1.
    static let baseScale = 0.7
    static let minimumFactor = 0.75
    /// How fast a released shelf slows down: `UIScrollView.DecelerationRate.fast`.
    static let rate = DecelerationRate.fast
    /// Release speeds under this (points/s) count as 0: the article's `round` case. A
    /// finger that stops and lifts reports a few points per second of jitter; 20 pt/s is
    /// a third of a point per 60 Hz frame, slower than any intended flick.
    static let stillSpeed = 20.0

    /// - Parameters:
    ///   - covers: each cover picture's size in pixels, in shelf order (a missing one:
    ///     the placeholder's). A size with no area counts as the article's aspect.
    init(width: Double, height: Double, covers: [Size2D]) {
        self.width = Swift.max(1, width)
        self.height = Swift.max(1, height)
        let slotHeight = Swift.max(1, (self.height * Self.slotHeightRatio).rounded())
        let screenWidth = self.width
        slots = covers.map { size in
            let aspect = size.width > 0 && size.height > 0 ? size.width / size.height : Self.articleAspect
            var w = (slotHeight * aspect).rounded()
            var h = slotHeight
            if w > screenWidth {
                w = screenWidth
                h = Swift.max(1, (screenWidth / aspect).rounded())
            }
            return Size2D(width: Swift.max(1, w), height: h)
        }
        let widest = slots.map(\.width).max() ?? (slotHeight * Self.articleAspect).rounded()
        let spacing = Swift.max(1, (Self.articleSpacing * self.height / Self.articleScreenHeight).rounded())
        pitch = widest + spacing
    }

    var count: Int { slots.count }

    /// The largest offset: the last cover centred (0 with no or one cover).
    var maxOffset: Double { Double(Swift.max(0, count - 1)) * pitch }

    /// The offset that centres cover `i` (clamped to the covers).
    func offset(centring i: Int) -> Double { Double(Swift.max(0, Swift.min(i, count - 1))) * pitch }

    /// Cover `i`'s centre at `offset`.
    func centre(_ i: Int, offset: Double) -> Point2D {
        Point2D(x: width / 2 + Double(i) * pitch - offset, y: height / 2)
    }

    /// The article's scale of a cover whose centre is `d` points from the screen's centre
    /// (either side): 0.7 * clamp(1 - |d| / W, 0.75, 1).
    func scale(distance d: Double) -> Double {
        Self.baseScale * Swift.min(Swift.max(1 - Swift.abs(d) / width, Self.minimumFactor), 1)
    }

    /// Cover `i`'s scale at `offset`.
    func scale(_ i: Int, offset: Double) -> Double { scale(distance: centre(i, offset: offset).x - width / 2) }

    /// Cover `i`'s frame on screen at `offset`: its slot scaled about its centre.
    func frame(_ i: Int, offset: Double) -> Rect2D {
        let c = centre(i, offset: offset)
        let s = scale(i, offset: offset)
        let w = slots[i].width * s
        let h = slots[i].height * s
        return Rect2D(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
    }

    /// The covers that can be on screen at `offset` (their slots, unscaled, overlap the
    /// screen's width): an empty range with no covers.
    func visible(offset: Double) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        // The widest slot, without an array: called every frame.
        let half = slots.reduce(0) { Swift.max($0, $1.width) } / 2
        let lo = ((offset - width / 2 - half) / pitch).rounded(.down)
        let hi = ((offset + width / 2 + half) / pitch).rounded(.up)
        let first = Int(Swift.max(0, Swift.min(lo, Double(count))))
        let last = Int(Swift.max(0, Swift.min(hi, Double(count - 1))))
        return first < count && first <= last ? first..<(last + 1) : 0..<0
    }

    /// The cover under `point` at `offset`, nil if none: where covers overlap, the one
    /// nearer the centre (drawn on top).
    func cover(at point: Point2D, offset: Double) -> Int? {
        var best: (i: Int, d: Double)? = nil
        for i in visible(offset: offset) {
            let f = frame(i, offset: offset)
            guard point.x >= f.minX, point.x < f.minX + f.width, point.y >= f.minY, point.y < f.minY + f.height else {
                continue
            }
            let d = Swift.abs(centre(i, offset: offset).x - width / 2)
            if best == nil || d < best!.d { best = (i, d) }
        }
        return best?.i
    }

    /// The cover nearest the centre at `offset` (clamped to the covers; 0 with none).
    func nearest(offset: Double) -> Int {
        Int(Swift.max(0, Swift.min((offset / pitch).rounded(), Double(Swift.max(0, count - 1)))))
    }

    /// Where a shelf released at `offset` with `velocity` would come to rest if nothing
    /// stopped it: a fling at `rate` (`Decay.projectedEnd`: offset + velocity / λ).
    static func proposedOffset(from offset: Double, velocity: Double) -> Double {
        Decay<Double>.projectedEnd(from: offset, initialVelocity: velocity, rate: rate)
    }

    /// The cover a shelf released at `offset` with `velocity` rests on, the article's
    /// rule on the proposed resting offset p (in pitches): ceil(p) for a velocity > 0,
    /// floor(p) for < 0, round(p) for 0 (|velocity| < `stillSpeed` counts as 0), clamped
    /// to the first and last cover. A flick may so pass several covers.
    func restingCover(offset: Double, velocity: Double) -> Int {
        guard count > 0 else { return 0 }
        let v = Swift.abs(velocity) < Self.stillSpeed ? 0 : velocity
        let p = Self.proposedOffset(from: offset, velocity: v) / pitch
        let k: Double
        if v > 0 {
            k = p.rounded(.up)
        } else if v < 0 {
            k = p.rounded(.down)
        } else {
            k = p.rounded()
        }
        guard k.isFinite else { return 0 }
        return Int(Swift.max(0, Swift.min(k, Double(count - 1))))
    }
}
