internal import Glibc
import Display
import FixedPoint

/// The kiosk's wait for a display that isn't there yet (`DisplayOpener.open(_:log:wait:)`),
/// apart from the devices so that it can be tested with a fake clock: attempts, pauses
/// between them, the log lines, the limit.
///
/// The pauses: up to `idlePause` (1 s) while nothing happens, the pause returning early
/// when a display device appeared; after such a wake-up, attempts every `burstPause`
/// (0.1 s) for `burstLength` (2 s), since the node the kernel made only becomes the video
/// group's once udev has run its rules.
public struct DisplayWait: Sendable {
    /// Seconds at most; nil: no limit.
    public var limit: Double?
    public var idlePause: Double = 1.0
    public var burstPause: Double = 0.1
    public var burstLength: Double = 2.0

    public init(limit: Double?) {
        self.limit = limit
    }

    /// Calls `attempt` until it returns, or throws something other than `.unavailable`, or
    /// the limit is reached (then `.unavailable` naming the last problem and the time
    /// waited). `pause(seconds)` waits at most that long and says whether a display device
    /// appeared meanwhile; `clock` is seconds on a monotonic clock.
    public func run<T>(
        attempt: () throws(KioskError) -> T,
        pause: (Double) -> Bool,
        clock: () -> Double,
        log: DisplayLog,
        waiting: (_ problem: String, _ waited: Double) -> Void = { _, _ in }
    ) throws(KioskError) -> T {
        let start = clock()
        var waitingSince: Double?
        var burstUntil = -Double.infinity
        var wakes = 0
        var attempts = 0
        while true {
            attempts += 1
            do {
                let result = try attempt()
                if waitingSince != nil {
                    log.info(
                        "display: there after waiting \(Decimal.format(clock() - start, places: 1)) s "
                            + "(\(attempts) attempts, \(wakes) woken by device events)")
                }
                return result
            } catch .unavailable(let what) {
                let now = clock()
                let waited = now - start
                if let limit, waited + min(burstPause, idlePause) > limit {
                    throw .unavailable(waitingSince != nil ? "\(what) (after waiting \(Decimal.format(waited, places: 1)) s)" : what)
                }
                if waitingSince == nil {
                    let howLong = limit.map { "up to \(Decimal.format($0, places: 1)) s" } ?? "until it appears"
                    log.info("display: not there yet (\(what)); waiting \(howLong), woken by udev's device events")
                    waitingSince = now
                }
                waiting(what, waited)
                var next = now < burstUntil ? burstPause : idlePause
                if let limit { next = max(0, min(next, limit - waited)) }
                if pause(next) {
                    wakes += 1
                    burstUntil = clock() + burstLength
                }
            }
        }
    }

    /// Sleeps `seconds` (EINTR resumed).
    public static func sleep(_ seconds: Double) {
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var left = timespec()
        while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
    }
}
