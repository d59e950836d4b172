/// The time from an event to the first frame on screen after it: the frame's flip at its
/// vblank, or where the display reports no flips (headless, fbdev), the frame's hand-over.
/// The one rule behind `status`'s touch latency (`TouchStats`) and wake time
/// (`WakeLatency`). Times are scene seconds.
struct FrameOnScreenClock {
    /// The event not yet in a drawn frame.
    private(set) var pending: Double?
    /// The event the last drawn frame shows, waiting for that frame's flip.
    private var awaitingFlip: Double?

    /// An event at `time`, measured from unless an earlier one still waits for a frame to
    /// be drawn (the earliest counts). A drawn frame waiting for its flip keeps its event.
    mutating func note(at time: Double) {
        if pending == nil { pending = time }
    }

    /// An event at `time` that replaces whatever waited: measured from it alone.
    mutating func restart(at time: Double) {
        pending = time
        awaitingFlip = nil
    }

    /// Forgets the event waiting for a frame (one that changed nothing on screen).
    mutating func dropPending() { pending = nil }

    /// A frame was drawn at `time`; `flip`: it shows at a flip the display will report.
    /// Returns the latency (seconds) when the frame is on screen now.
    mutating func frameDrawn(at time: Double, awaitingFlip flip: Bool) -> Double? {
        guard let event = pending else { return nil }
        pending = nil
        if flip {
            awaitingFlip = event
            return nil
        }
        return Self.checked(time - event)
    }

    /// The display reported a flip at `vblank`. Returns the latency (seconds) of the
    /// event the flipped frame shows, if one waited.
    mutating func flipShown(at vblank: Double) -> Double? {
        guard let event = awaitingFlip else { return nil }
        awaitingFlip = nil
        return Self.checked(vblank - event)
    }

    /// A latency that is a time: finite and not negative (a clock's step backwards is
    /// no measurement).
    private static func checked(_ seconds: Double) -> Double? {
        seconds.isFinite && seconds >= 0 ? seconds : nil
    }
}
