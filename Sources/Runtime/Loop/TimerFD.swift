import LinuxSystem
internal import Glibc
internal import CLinux

/// A CLOCK_MONOTONIC timerfd: a timer the event loop polls like any other file.
/// One-shot or periodic; disarmed when `disarm()` is called. Closed on deinit.
public struct TimerFD: ~Copyable {
    public let fd: Int32

    public init() throws(SystemCallError) {
        fd = try systemCall("timerfd_create") { timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK)) }
    }

    deinit { close(fd) }

    /// Fires once after `seconds` (at least 1 µs: zero would disarm), then every
    /// `interval` seconds if given.
    public func arm(after seconds: Double, every interval: Double? = nil) {
        var spec = itimerspec()
        spec.it_value = Self.timespec(Swift.max(seconds, 1e-6))
        if let interval { spec.it_interval = Self.timespec(interval) }
        _ = timerfd_settime(fd, 0, &spec, nil)
    }

    /// Fires at `deadline`, seconds of CLOCK_MONOTONIC (`MonotonicClock`'s time base).
    public func arm(at deadline: Double) {
        var spec = itimerspec()
        spec.it_value = Self.timespec(Swift.max(deadline, 1e-6))
        _ = timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    public func disarm() {
        var spec = itimerspec()
        _ = timerfd_settime(fd, 0, &spec, nil)
    }

    /// How many times the timer expired since the last read (0 if none: it is non-blocking).
    @discardableResult
    public func acknowledge() -> UInt64 {
        var count: UInt64 = 0
        let n = retryingEINTR { read(fd, &count, 8) }
        return n == 8 ? count : 0
    }

    /// `seconds` as a timespec, clamped to 0 ... 10^9 s (about 31 years; a time that is
    /// not finite, from a refresh rate of 0, is the far end): Int() of such a time traps.
    static func timespec(_ seconds: Double) -> Glibc.timespec {
        let seconds = seconds.isNaN ? 1e9 : Swift.min(Swift.max(seconds, 0), 1e9)
        let whole = seconds.rounded(.down)
        return Glibc.timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    }
}
