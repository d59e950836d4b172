import FixedPoint

/// How long the screen took to come back from dark: from what woke it (a touch's own
/// time; the moment a command, or the start of the screen hours, was heard) to the first
/// frame on screen after it (the vblank of its flip, or where the display reports no
/// flips, the moment it was handed over). Milliseconds, the last wake's: `status`'s
/// `wake_ms`. A dim screen brightening needs no frame and is not a wake here.
struct WakeLatency {
    /// The wake, to its first frame on screen.
    private var clock = FrameOnScreenClock()
    /// The last wake's latency, milliseconds; nil before the first.
    private(set) var lastMilliseconds: Double?

    /// The screen woke at `time` (scene seconds).
    mutating func woke(at time: Double) {
        clock.restart(at: time)
    }

    /// A frame was drawn at `time` (scene seconds); `awaitingFlip`: it shows at a flip
    /// the display will report.
    mutating func frameDrawn(at time: Double, awaitingFlip flip: Bool) {
        if let seconds = clock.frameDrawn(at: time, awaitingFlip: flip) { lastMilliseconds = seconds * 1000 }
    }

    /// The display reported a flip at `vblank` (scene seconds).
    mutating func flipShown(at vblank: Double) {
        if let seconds = clock.flipShown(at: vblank) { lastMilliseconds = seconds * 1000 }
    }

    /// "12.3", or "none" before the first wake.
    var text: String { lastMilliseconds.map { Decimal.format($0, places: 1) } ?? "none" }
}
