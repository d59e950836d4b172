import FixedPoint
import Input

/// A touch script played over and over by the kiosk (`vitrine run --touch FILE
/// --touch-loop SECONDS`): pass k (0, 1, 2, ...) plays every line at its time plus
/// k × SECONDS, through the kiosk's own loop, as pass 0 does. For soak tests
/// (`Tests/soak/run`: the demo tour for an hour) and for a shop window that demonstrates
/// itself.
///
/// The period must be longer than the script's last time, so passes never overlap (a
/// pass's events all come before the next pass's first), and at most a day. A finger
/// a pass leaves down stays down into the next pass, as at the end of a script played
/// once: end a looped script with every finger up.
extension TouchScript {
    /// The longest loop period, seconds (a day): longer is surely a mistake in the
    /// command line, and keeps k × period far inside Double's exact range.
    public static let maximumLoopPeriod = 86_400.0
    /// The shortest loop period, seconds: a frame period at 10 Hz, the slowest refresh a
    /// panel is driven at. A script of one line at 0 s is over at once, and a period of
    /// 1e-9 s after it replayed it millions of times a second: a core spun for good.
    public static let minimumLoopPeriod = 0.1

    /// The script with every event and `rotate` line `seconds` later (the same lines, the
    /// same order).
    public func shifted(by seconds: Double) -> TouchScript {
        var copy = self
        for i in copy.events.indices { copy.events[i].time += seconds }
        for i in copy.rotations.indices { copy.rotations[i].time += seconds }
        return copy
    }

    /// Checks `period` as this script's loop period: finite, longer than the script's
    /// last time, from `minimumLoopPeriod` to `maximumLoopPeriod`.
    public func validateLoop(period: Double) throws(TouchLoopError) {
        guard period.isFinite, period > duration, period <= Self.maximumLoopPeriod else {
            throw TouchLoopError(path: path, period: period, lastTime: duration)
        }
        guard period >= Self.minimumLoopPeriod else {
            throw TouchLoopError(path: path, period: period, lastTime: duration, isTooShort: true)
        }
    }
}

/// A loop period a touch script cannot have (`--touch-loop`): it names the script, its
/// last time and the period given.
public struct TouchLoopError: Error, CustomStringConvertible {
    public let path: String
    /// The period asked for, seconds.
    public let period: Double
    /// The script's last event or `rotate` time, seconds.
    public let lastTime: Double
    /// Whether the period outlasts the script but is under `minimumLoopPeriod`.
    public var isTooShort = false

    public var description: String {
        if isTooShort {
            return "--touch-loop wants at least \(Decimal.format(TouchScript.minimumLoopPeriod, places: 3)) seconds "
                + "(a frame period at 10 Hz: a shorter loop only spins), not \(period)"
        }
        let given = period.isFinite ? Decimal.format(period, places: 3) : "\(period)"
        return
            "--touch-loop wants seconds longer than the last time in \(path) (\(Decimal.format(lastTime, places: 3)) s) and at most \(Decimal.format(TouchScript.maximumLoopPeriod, places: 0)), not \(given)"
    }
}
