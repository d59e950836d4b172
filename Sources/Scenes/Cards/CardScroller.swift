internal import Glibc
import Motion

/// A vertical scroll as a phone's scroll view moves it (`UIScrollView`), as a function
/// of time: the card list's and the card detail's. The offset is the content's point at
/// the viewport's top, points; it rests within `0...maxOffset`.
///
/// - Drag: the offset follows the finger. Beyond either end it follows by
///   `UIScrollView`'s rubber band, b(x) = (1 - 1 / (x * 0.55 / d + 1)) * d for x points
///   past the end, d the viewport's height: about half the finger's travel at first,
///   never as far as d.
/// - Release inside the ends: a fling at the normal deceleration rate, 0.998 of the
///   velocity kept per millisecond (`Decay`, `DecelerationRate.normal`). When the fling
///   would carry past an end, it runs to the end and from there (with the velocity it
///   has there) a critically damped spring carries it past and back, the bounce
///   (`Spring`, `bounce`).
/// - Release beyond an end: the same spring from there back to the end, with the
///   release velocity.
/// - A finger going down holds the offset where it is (`hold`): a fling or a bounce stops
///   under the finger, and its drag goes on from there.
///
/// Motions started between frames (a release) begin at the next `step(to:)`, as Core
/// Animation starts an animation added between frames with the next one.
struct CardScroller {
    /// The largest resting offset (>= 0).
    var maxOffset: Double
    /// The viewport's height, the rubber band's d.
    var extent: Double
    private(set) var motion: Motion

    enum Motion {
        case resting(Double)
        /// A finger is down: the offset it held at (the rubber band undone: the raw
        /// offset) and its travel since, points (positive: the finger moved down).
        case held(raw: Double, travel: Double, dragging: Bool)
        /// A fling from a release; `start` nil until the next step. `edge`: where it meets
        /// an end and bounces, if it does.
        case fling(Decay<Double>, start: Double?, edge: Edge?)
        /// A spring back to an end; `start` nil until the next step.
        case bounce(Spring<Double>, start: Double?)
    }

    /// A fling reaching an end: `after` seconds from its start, then `spring`.
    struct Edge {
        var after: Double
        var spring: Spring<Double>
    }

    /// The deceleration of a fling: `UIScrollView.DecelerationRate.normal`.
    static let rate = DecelerationRate.normal
    /// `UIScrollView`'s rubber band constant.
    static let rubberBandConstant = 0.55
    /// The bounce: critically damped (no second overshoot), 0.5 s response: a pull of
    /// 100 points is back within 0.7 s, as a phone's list is.
    static let bounceSpring = SpringParameters(dampingRatio: 1, response: 0.5)
    /// A fling is over once its speed is under this, points/s (at most 0.5 point from
    /// its end, where it is then put).
    static let restSpeed = 1.0

    init(maxOffset: Double, extent: Double, offset: Double = 0) {
        self.maxOffset = Swift.max(0, maxOffset)
        self.extent = Swift.max(1, extent)
        motion = .resting(Swift.min(Swift.max(offset, 0), self.maxOffset))
    }

    // MARK: The rubber band

    /// The offset shown for a raw (finger) offset `x`: `x` inside the ends, the rubber
    /// band beyond them.
    func banded(_ x: Double) -> Double {
        if x < 0 { return -Self.band(-x, extent) }
        if x > maxOffset { return maxOffset + Self.band(x - maxOffset, extent) }
        return x
    }

    /// The raw offset that shows `y` (the inverse of `banded`).
    func raw(_ y: Double) -> Double {
        if y < 0 { return -Self.unband(-y, extent) }
        if y > maxOffset { return maxOffset + Self.unband(y - maxOffset, extent) }
        return y
    }

    /// b(x) = (1 - 1 / (x c / d + 1)) d, x >= 0.
    static func band(_ x: Double, _ d: Double) -> Double {
        (1 - 1 / (x * rubberBandConstant / d + 1)) * d
    }

    /// The inverse: x = (d / c) (1 / (1 - b / d) - 1), b < d (held just below d).
    static func unband(_ b: Double, _ d: Double) -> Double {
        let f = Swift.min(b / d, 0.999)
        return d / rubberBandConstant * (1 / (1 - f) - 1)
    }

    // MARK: Reading

    /// The offset at `time` (a motion not started yet: its start).
    func offset(at time: Double) -> Double {
        switch motion {
        case .resting(let y): return y
        case .held(let raw, let travel, _): return banded(raw - travel)
        case .fling(let decay, let start, let edge):
            guard let start else { return decay.from }
            let t = time - start
            if let e = edge, t >= e.after { return Self.position(e.spring, at: t - e.after) }
            return decay.isSettled(at: t) ? decay.projectedEnd : decay.position(at: t)
        case .bounce(let spring, let start):
            guard let start else { return spring.from }
            return Self.position(spring, at: time - start)
        }
    }

    /// A spring's position, its end once it is at rest.
    private static func position(_ s: Spring<Double>, at t: Double) -> Double {
        s.isSettled(at: t) ? s.to : s.position(at: t)
    }

    /// The offset's velocity at `time`, points/s (0 at rest and under a finger).
    func velocity(at time: Double) -> Double {
        switch motion {
        case .resting, .held: return 0
        case .fling(let decay, let start, let edge):
            guard let start else { return decay.initialVelocity }
            let t = time - start
            if let e = edge, t >= e.after { return e.spring.velocity(at: t - e.after) }
            return decay.velocity(at: t)
        case .bounce(let spring, let start):
            guard let start else { return spring.initialVelocity }
            return spring.velocity(at: time - start)
        }
    }

    /// Whether the offset still changes after `time` (a finger down counts; a motion not
    /// started yet counts).
    func isMoving(at time: Double) -> Bool {
        switch motion {
        case .resting: return false
        case .held: return true
        case .fling(let decay, let start, let edge):
            guard let start else { return true }
            let t = time - start
            if let e = edge { return t < e.after || !e.spring.isSettled(at: t - e.after) }
            return !decay.isSettled(at: t)
        case .bounce(let spring, let start):
            guard let start else { return true }
            return !spring.isSettled(at: time - start)
        }
    }

    /// Whether a finger holds the list.
    var isHeld: Bool { if case .held = motion { return true } else { return false } }

    /// Whether a finger drags the list (held and moved past the touch slop).
    var isDragging: Bool { if case .held(_, _, true) = motion { return true } else { return false } }

    // MARK: Changing

    /// Starts motions begun between frames at `time`, and ends those over by then.
    mutating func step(to time: Double) {
        switch motion {
        case .fling(let d, nil, let e): motion = .fling(d, start: time, edge: e)
        case .bounce(let s, nil): motion = .bounce(s, start: time)
        default: break
        }
        switch motion {
        case .fling(let d, let start?, let e):
            let t = time - start
            if let e {
                if t >= e.after && e.spring.isSettled(at: t - e.after) { motion = .resting(e.spring.to) }
            } else if d.isSettled(at: t) {
                motion = .resting(Swift.min(Swift.max(d.projectedEnd, 0), maxOffset))
            }
        case .bounce(let s, let start?):
            if s.isSettled(at: time - start) { motion = .resting(s.to) }
        default: break
        }
    }

    /// Puts the offset at `y` at once, resting (clamped to the ends).
    mutating func rest(at y: Double) {
        motion = .resting(Swift.min(Swift.max(y, 0), maxOffset))
    }

    /// A finger went down at `time`: the offset stays where it is (a fling or bounce
    /// stops under it).
    mutating func hold(at time: Double) {
        if case .held = motion { return }
        motion = .held(raw: raw(offset(at: time)), travel: 0, dragging: false)
    }

    /// The finger has moved `travel` points down since it went down (a pan's
    /// translation); `dragging`: the pan has begun.
    mutating func drag(travel: Double) {
        guard case .held(let r, _, _) = motion else { return }
        motion = .held(raw: r, travel: travel, dragging: true)
    }

    /// The finger lifted (or its touch was cancelled) with the offset moving at
    /// `velocity` points/s (the finger's velocity, negated): a fling, a bounce, or rest.
    mutating func release(velocity: Double) {
        guard case .held(let r, let travel, _) = motion else { return }
        let y = banded(r - travel)
        if y < 0 || y > maxOffset {
            let end = y < 0 ? 0.0 : maxOffset
            motion = .bounce(Self.spring(from: y, to: end, velocity: velocity), start: nil)
            return
        }
        guard velocity != 0, velocity.isFinite else {
            motion = .resting(y)
            return
        }
        let decay = Decay(from: y, initialVelocity: velocity, rate: Self.rate, restSpeed: Self.restSpeed)
        let end = decay.projectedEnd
        var edge: Edge? = nil
        if end < 0 || end > maxOffset {
            // x(t) = y + v (1 - e^{-λt}) / λ reaches the end b at t = -ln(1 - (b - y) λ / v) / λ.
            let b = end < 0 ? 0.0 : maxOffset
            let lambda = Self.rate.decayConstant
            let t = -log(1 - (b - y) * lambda / velocity) / lambda
            // A fling settling (within half a point of its projected end) before it
            // reaches the end rests there, put on the end: no bounce from a tail that
            // would crawl the last fraction of a point for seconds.
            if t.isFinite, t >= 0, t < decay.settlingDuration {
                edge = Edge(after: t, spring: Self.spring(from: b, to: b, velocity: decay.velocity(at: t)))
            }
        }
        motion = .fling(decay, start: nil, edge: edge)
    }

    /// The bounce from `y` to the end `end` with `velocity`.
    static func spring(from y: Double, to end: Double, velocity: Double) -> Spring<Double> {
        Spring(bounceSpring, from: y, to: end, initialVelocity: velocity, restDisplacement: 0.2, restSpeed: 2)
    }
}
