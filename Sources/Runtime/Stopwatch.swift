internal import Glibc

/// CLOCK_MONOTONIC readings for measuring frame costs (never for animation time, which
/// comes from the injected clock).
public enum Stopwatch {
    /// Seconds since an arbitrary point.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
