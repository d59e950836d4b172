import Motion

/// One value moving from `from` to `to` over `duration` seconds along `curve`: a
/// function of time, so that any frame time gives the same picture.
///
/// A slide started by a gesture has no start time yet (`start == nil`): the gesture's
/// action runs between frames, and the slide begins at the next `update(time:)`
/// (Core Animation's rule: an animation added between frames starts with the next one).
struct ShowSlide {
    var from: Double
    var to: Double
    /// Seconds; nil until the next update.
    var start: Double?
    var duration: Double
    var curve: TimingCurve

    /// Seconds of a screen transition and of a page or scroll slide.
    static let standardDuration = 0.3

    init(from: Double, to: Double, start: Double?, duration: Double = standardDuration, curve: TimingCurve) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    /// A slide that is already over, resting at `value`.
    static func resting(at value: Double) -> ShowSlide {
        ShowSlide(from: value, to: value, start: -Double.infinity, duration: 0, curve: .linear)
    }

    /// The curve's progress (0...1) at `time`, fixing the start time if it is not set.
    mutating func progress(at time: Double) -> Double {
        if start == nil { start = time }
        let s = start!
        guard duration > 0, time < s + duration else { return 1 }
        if time <= s { return 0 }
        return curve.value(at: (time - s) / duration)
    }

    /// The value at `time`, fixing the start time if it is not set.
    mutating func value(at time: Double) -> Double {
        from + (to - from) * progress(at: time)
    }

    /// Whether the value still changes after `time` (a slide not yet started counts).
    func isMoving(at time: Double) -> Bool {
        guard let s = start else { return true }
        return duration > 0 && from != to && time < s + duration
    }

    /// Retargets to `target` from the value at `now` (the last frame's time), starting
    /// at `start` (nil: at the next update), keeping the curve and duration.
    mutating func retarget(_ target: Double, valueAt now: Double, startingAt start: Double?) {
        from = value(at: now)
        to = target
        self.start = start
    }
}
