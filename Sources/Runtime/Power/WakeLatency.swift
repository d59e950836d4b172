import FixedPoint

/// How long the screen took to come back from dark: from what woke it (a touch's own
/// time; the moment a command, or the start of the screen hours, was heard) to the first
/// frame on screen after it (the vblank of its flip, or where the display reports no
/// flips, the moment it was handed over). Milliseconds, the last wake's: `status`'s
/// `wake_ms`. A dim screen brightening needs no frame and is not a wake here.
struct WakeLatency {
    /// The wake's time (scene seconds) until its first frame is drawn.
    private var pending: Double?
    /// The wake whose first frame is drawn, waiting for that frame's flip.
    private var awaitingFlip: Double?
    /// The last wake's latency, milliseconds; nil before the first.
    private(set) var lastMilliseconds: Double?

    /// The screen woke at `time` (scene seconds).
    mutating func woke(at time: Double) {
        pending = time
        awaitingFlip = nil
    }

    /// A frame was drawn at `time` (scene seconds); `awaitingFlip`: it shows at a flip
    /// the display will report.
    mutating func frameDrawn(at time: Double, awaitingFlip flip: Bool) {
        guard let wake = pending else { return }
        pending = nil
        if flip { awaitingFlip = wake } else { record(time - wake) }
    }

    /// The display reported a flip at `vblank` (scene seconds).
    mutating func flipShown(at vblank: Double) {
        guard let wake = awaitingFlip else { return }
        awaitingFlip = nil
        record(vblank - wake)
    }

    private mutating func record(_ seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        lastMilliseconds = seconds * 1000
    }

    /// "12.3", or "none" before the first wake.
    var text: String { lastMilliseconds.map { Decimal.format($0, places: 1) } ?? "none" }
}
