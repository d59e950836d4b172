internal import Glibc
import LinuxSystem
import Power

extension PowerClockReading {
    /// Both clocks read now: `MonotonicClock` (the kiosk's time base, which the loop's
    /// timers count in) and `CLOCK_REALTIME` (for the screen hours).
    static func system() -> PowerClockReading {
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        return PowerClockReading(
            monotonic: MonotonicClock.now(), unixTime: Double(wall.tv_sec) + Double(wall.tv_nsec) * 1e-9)
    }
}
