internal import Glibc

/// CLOCK_MONOTONIC: the kiosk's time base (the one timerfds, libinput's events and DRM's
/// page-flip events count in), and frame costs. Never animation time in tests and
/// `render`, which comes from a manual clock.
public enum MonotonicClock {
    /// Seconds since an arbitrary point (boot, not counting suspend).
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// The same reading in whole nanoseconds.
    public static func nanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}
