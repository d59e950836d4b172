/// One raw event from a multi-touch digitizer, in panel space: what the `LibInput` edge
/// makes of libinput's `LIBINPUT_EVENT_TOUCH_*` events, and what a touch script
/// (`TouchScript`) produces.
///
/// As with libinput, the changes of all slots between two `.frame` events belong
/// together: `TouchTracker` holds them back and hands them on when the frame arrives.
public struct TouchEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A finger touched down on `slot` at `position`.
        case down(slot: Int, position: PanelPoint)
        /// The finger on `slot` moved to `position`.
        case move(slot: Int, position: PanelPoint)
        /// The finger on `slot` lifted (libinput's TOUCH_UP has no position: the last
        /// one stands).
        case up(slot: Int)
        /// The touch on `slot` was cancelled: whatever it was doing must be undone, not
        /// completed (libinput sends TOUCH_CANCEL per slot, e.g. when a palm is detected).
        case cancel(slot: Int)
        /// The end of a group of changes that belong together (libinput's TOUCH_FRAME).
        case frame
    }

    /// Seconds from an arbitrary origin (libinput: CLOCK_MONOTONIC; a script: its start).
    public var time: Double
    public var kind: Kind

    /// The contact slot, 0 and up (libinput's seat slot; a device without slots reports
    /// -1 there, which the `LibInput` edge maps to 0). Nil for `.frame`.
    @inlinable
    public var slot: Int? {
        switch kind {
        case .down(let slot, _), .move(let slot, _), .up(let slot), .cancel(let slot): slot
        case .frame: nil
        }
    }

    @inlinable
    public init(time: Double, _ kind: Kind) {
        self.time = time
        self.kind = kind
    }

    @inlinable
    public static func down(_ slot: Int, _ x: Double, _ y: Double, at time: Double) -> TouchEvent {
        TouchEvent(time: time, .down(slot: slot, position: PanelPoint(x: x, y: y)))
    }

    @inlinable
    public static func move(_ slot: Int, _ x: Double, _ y: Double, at time: Double) -> TouchEvent {
        TouchEvent(time: time, .move(slot: slot, position: PanelPoint(x: x, y: y)))
    }

    @inlinable
    public static func up(_ slot: Int, at time: Double) -> TouchEvent {
        TouchEvent(time: time, .up(slot: slot))
    }

    @inlinable
    public static func cancel(_ slot: Int, at time: Double) -> TouchEvent {
        TouchEvent(time: time, .cancel(slot: slot))
    }

    @inlinable
    public static func frame(at time: Double) -> TouchEvent {
        TouchEvent(time: time, .frame)
    }

    /// The event in the shape of a touch script line, e.g. `0.05 move 0 390.0 240.0`
    /// (`frame` is not a script verb: scripts make frames themselves).
    public var description: String {
        switch kind {
        case .down(let slot, let p): "\(time) down \(slot) \(p.x) \(p.y)"
        case .move(let slot, let p): "\(time) move \(slot) \(p.x) \(p.y)"
        case .up(let slot): "\(time) up \(slot)"
        case .cancel(let slot): "\(time) cancel \(slot)"
        case .frame: "\(time) frame"
        }
    }
}
