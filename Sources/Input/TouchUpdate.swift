import FixedPoint

/// Identifies one touch sequence (down ... up or cancel) for as long as it lasts; a slot
/// reused by the next finger gets a new id. Unique per `TouchTracker`.
public struct TouchID: Hashable, Sendable, CustomStringConvertible {
    public var raw: UInt64

    @inlinable
    public init(raw: UInt64) { self.raw = raw }

    public var description: String { "touch#\(raw)" }
}

/// Where a touch comes from.
public enum TouchSource: Hashable, Sendable {
    /// A finger on a digitizer's contact slot.
    case finger(slot: Int)
    /// The pointer's primary button held down (`pointer_as_touch`).
    case pointer
}

/// The phase of a touch sequence, as UIKit's `UITouch.Phase`.
public enum TouchPhase: Hashable, Sendable {
    case began
    case moved
    /// The finger lifted: complete whatever the touch was doing.
    case ended
    /// The touch was taken away (palm, input disabled, rotation): undo, don't complete.
    case cancelled
}

/// One step of a well-formed touch sequence in logical space: every sequence is exactly
/// one `.began`, any number of `.moved`, then one `.ended` or `.cancelled`, with
/// non-decreasing times. `TouchTracker` produces them; routers and recognizers consume
/// them.
public struct TouchUpdate: Hashable, Sendable, CustomStringConvertible {
    public var id: TouchID
    public var source: TouchSource
    public var phase: TouchPhase
    /// Where the touch is, in logical points (for `.ended` and `.cancelled`: where it
    /// last was).
    public var location: Point2D
    /// Seconds, on the clock of the events.
    public var time: Double

    @inlinable
    public init(id: TouchID, source: TouchSource, phase: TouchPhase, location: Point2D, time: Double) {
        self.id = id
        self.source = source
        self.phase = phase
        self.location = location
        self.time = time
    }

    public var description: String { "\(id) \(phase) \(location) at \(time)" }
}
