/// What the screen shows: `vitrine ctl status`'s `display=` word.
public enum ScreenState: String, Hashable, Sendable, CaseIterable {
    /// Lit at the brightness for use.
    case on
    /// Lit at the dim brightness: no touch for a while.
    case dim
    /// Dark: backlight at 0 and the display put to sleep (DPMS).
    case off
}

/// What the kiosk does with a touch event, from `ScreenPowerPolicy`.
public enum TouchVerdict: Hashable, Sendable {
    /// Deliver it to the show.
    case pass
    /// Drop it: it belongs to a gesture that woke a dim or dark screen, and must not tap
    /// what is under it.
    case swallow
}

/// A reading of both clocks the power policy needs at one moment: the monotonic clock for
/// the idle timers (which a wall-clock step must not stretch or cut), and the wall clock
/// for the screen hours.
public struct PowerClockReading: Hashable, Sendable {
    /// Seconds on `MonotonicClock`.
    public var monotonic: Double
    /// Seconds since 1970-01-01 00:00 UTC (`CLOCK_REALTIME`).
    public var unixTime: Double

    public init(monotonic: Double, unixTime: Double) {
        self.monotonic = monotonic
        self.unixTime = unixTime
    }

    /// The same moment `seconds` later on both clocks (a manual clock's step).
    public func advanced(by seconds: Double) -> PowerClockReading {
        PowerClockReading(monotonic: monotonic + seconds, unixTime: unixTime + seconds)
    }
}
