import FixedPoint

/// Estimates a touch's velocity, in points per second, from its recent positions: the
/// slope of a least-squares straight line through the samples of the last `window`
/// seconds (each axis on its own), as Android's `VelocityTracker` does. Unlike the
/// difference of the last two samples, this is steady under digitizer jitter and
/// uneven sample times.
///
/// Rules:
/// - fewer than two samples in the window (or all at one time): zero;
/// - the finger stopped: when the newest sample is older than `stopTime` at the time
///   asked (a lift after a pause), zero, so that a drag that stops and then lifts does
///   not fling.
///
/// Holds the newest `capacity` samples in a ring allocated once: adding a sample never
/// allocates.
public struct VelocityEstimator: Sendable {
    /// Seconds of history fitted (default 0.1 s).
    public var window: Double = 0.1
    /// Seconds without a sample after which the finger counts as stopped (default 0.05
    /// s: three frames of a 60 Hz digitizer).
    public var stopTime: Double = 0.05
    /// Samples kept: enough for 0.1 s of a 600 Hz digitizer.
    public static let capacity = 64

    private var times: [Double]
    private var xs: [Double]
    private var ys: [Double]
    /// Index of the oldest sample, and how many there are.
    private var start = 0
    private var count = 0

    public init() {
        times = Array(repeating: 0, count: Self.capacity)
        xs = Array(repeating: 0, count: Self.capacity)
        ys = Array(repeating: 0, count: Self.capacity)
    }

    /// Forgets every sample.
    public mutating func reset() {
        start = 0
        count = 0
    }

    /// Adds the position at `time` (seconds, non-decreasing). Non-finite samples are
    /// ignored.
    public mutating func add(_ p: Point2D, time: Double) {
        guard p.isFinite, time.isFinite else { return }
        let i: Int
        if count < Self.capacity {
            i = (start + count) % Self.capacity
            count += 1
        } else {
            i = start
            start = (start + 1) % Self.capacity
        }
        times[i] = time
        xs[i] = p.x
        ys[i] = p.y
    }

    /// The velocity at `time` (seconds, at or after the newest sample), in points per
    /// second.
    public func velocity(at time: Double) -> Point2D {
        guard count >= 2, time.isFinite else { return .zero }
        let newest = (start + count - 1) % Self.capacity
        if time - times[newest] > stopTime { return .zero }
        let from = time - window - 1e-9  // the sample exactly `window` back counts
        var n = 0.0
        var st = 0.0, sx = 0.0, sy = 0.0
        for k in 0..<count {
            let i = (start + k) % Self.capacity
            guard times[i] >= from else { continue }
            n += 1
            st += times[i] - time
            sx += xs[i]
            sy += ys[i]
        }
        guard n >= 2 else { return .zero }
        let mt = st / n, mx = sx / n, my = sy / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for k in 0..<count {
            let i = (start + k) % Self.capacity
            guard times[i] >= from else { continue }
            let dt = times[i] - time - mt
            stt += dt * dt
            stx += dt * (xs[i] - mx)
            sty += dt * (ys[i] - my)
        }
        guard stt > 0 else { return .zero }
        let v = Point2D(x: stx / stt, y: sty / stt)
        return v.x.isFinite && v.y.isFinite ? v : .zero
    }
}
