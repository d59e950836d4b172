/// What a flip-paced display's `.frameShown` events tell about frame pacing, for
/// `status` and the logs: how many frames reached the screen, and how many of those
/// drawn straight after a flip (a frame every vblank, during an animation) reached it a
/// vblank or more later than the one they were drawn for.
struct FlipStats {
    /// Frames reported on screen.
    private(set) var shown = 0
    /// Frames that missed the vblank they were drawn for.
    private(set) var late = 0
    /// CLOCK_MONOTONIC seconds of the last flip (nil: none yet).
    private(set) var lastVblank: Double?
    /// The vblank the frame in flight was drawn for (nil: drawn at leisure, not timed).
    var dueVblank: Double?

    /// Notes a frame on screen since `vblank`; `period` is the refresh period, seconds.
    /// A frame is late when it lands more than half a period after its due vblank.
    mutating func shown(at vblank: Double, period: Double) {
        shown += 1
        if let due = dueVblank, vblank > due + period / 2 { late += 1 }
        dueVblank = nil
        lastVblank = vblank
    }
}
