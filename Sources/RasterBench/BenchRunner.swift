#if canImport(Glibc)
    import Glibc
#endif
import LinuxSystem
import FixedPoint

/// Timing as pixbench does it: CLOCK_MONOTONIC around every repetition; a warm-up of at
/// least 3 repetitions and 50 ms whose fastest repetition sets N = target / fastest,
/// clamped to 5...200000; then N timed repetitions, reported as median and minimum.
public struct BenchResult: Sendable {
    public let workload: BenchWorkload
    public let width: Int
    public let height: Int
    public let medianMilliseconds: Double
    public let minMilliseconds: Double
    public let repetitions: Int

    /// Destination megapixels per second at the median time.
    public var megapixelsPerSecond: Double {
        Double(width * height) / (medianMilliseconds * 1e-3) / 1e6
    }

    /// `<workload> <W>x<H> median_ms=<x.xxx> min_ms=<x.xxx> mpix_per_s=<x.x>`, the
    /// line format Tests/bench/pixman/compare reads.
    public var line: String {
        "\(workload.rawValue) \(width)x\(height) median_ms=\(Decimal.format(medianMilliseconds, places: 3))"
            + " min_ms=\(Decimal.format(minMilliseconds, places: 3))"
            + " mpix_per_s=\(Decimal.format(megapixelsPerSecond, places: 1))"
    }
}

public enum BenchRunner {
    /// Monotonic time in nanoseconds.
    public static func nowNanoseconds() -> Int64 { MonotonicClock.nanoseconds() }

    /// Times `bench.run()` for about `target` seconds.
    public static func measure(_ bench: BenchCase, target: Double) -> BenchResult {
        let start = nowNanoseconds()
        var best = Int64.max, warm = 0
        repeat {
            let t0 = nowNanoseconds()
            bench.run()
            best = min(best, nowNanoseconds() - t0)
            warm += 1
        } while warm < 3 || nowNanoseconds() - start < 50_000_000
        let nd = target * 1e9 / Double(max(best, 1))
        let n = nd < 5 ? 5 : nd > 200_000 ? 200_000 : Int(nd)
        var times = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let t0 = nowNanoseconds()
            bench.run()
            times[i] = Double(nowNanoseconds() - t0) * 1e-6
        }
        times.sort()
        let median = n % 2 == 1 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2])
        return BenchResult(
            workload: bench.workload, width: bench.width, height: bench.height, medianMilliseconds: median,
            minMilliseconds: times[0], repetitions: n)
    }
}
