internal import Glibc

/// CLOCK_MONOTONIC readings: frame costs, and the kiosk's time base (the one timerfds
/// count in). Never animation time in tests and `render`, which comes from a manual clock.
public enum Stopwatch {
    /// Seconds since an arbitrary point.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
