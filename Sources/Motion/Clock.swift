// Time sources for animation and physics (the Architecture article, "Conventions").

#if canImport(Glibc)
    import Glibc
#endif

/// A source of the current time, in seconds, that never goes backwards.
///
/// Everything in `Motion` reads time through a `Clock` so that tests and `vitrine render`
/// can drive animations with a `ManualClock` and get the same frames every run. The origin
/// is arbitrary (boot for `MonotonicClock`, whatever the test chose for `ManualClock`):
/// only differences between two readings mean anything.
public protocol Clock {
    /// The current time in seconds since the clock's origin. Monotonic: a later reading is
    /// never smaller than an earlier one.
    var now: Double { get }
}

/// A clock that moves only when told to: for tests and `vitrine render`.
///
/// Single-threaded (owned by whoever drives the frames); not `Sendable`.
public final class ManualClock: Clock {
    /// The current time in seconds.
    public private(set) var now: Double

    /// A clock reading `now` seconds (default 0).
    public init(now: Double = 0) {
        precondition(now.isFinite, "ManualClock(now: \(now)): time must be finite")
        self.now = now
    }

    /// Moves the clock forward by `seconds` (>= 0).
    public func advance(by seconds: Double) {
        precondition(seconds >= 0 && seconds.isFinite, "ManualClock.advance(by: \(seconds)): must be finite and >= 0")
        now += seconds
    }

    /// Sets the clock to `time` seconds, which must not be earlier than `now` (a clock never
    /// runs backwards).
    public func set(to time: Double) {
        precondition(time >= now && time.isFinite, "ManualClock.set(to: \(time)): must be finite and >= now (\(now))")
        now = time
    }
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`): seconds since an unspecified origin
/// (usually boot), unaffected by wall-clock changes. After a year of uptime a Double still
/// resolves it to about 4 ns: plenty for frames.
public struct MonotonicClock: Clock, Sendable {
    public init() {}

    public var now: Double {
        var ts = timespec()
        // CLOCK_MONOTONIC cannot fail with a valid pointer; a zero reading would only make
        // animations start late, never crash.
        _ = clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
