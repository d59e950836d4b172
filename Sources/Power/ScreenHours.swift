/// `hours`: the local times of day the screen may be on, as a union of `DailyRange`s
/// (overlapping and midnight-crossing ranges are fine). Answers whether the screen may be
/// on at a minute of the day or a Unix time, and when that answer next changes.
public struct ScreenHours: Hashable, Sendable {
    /// The ranges as given.
    public let ranges: [DailyRange]
    /// The minutes of the day (0...1439) at which being open changes, ascending: where a
    /// minute is open and the one before it (1439 before 0) is not, or the other way.
    /// Empty when the ranges cover the whole day (or there are none).
    public let changeMinutes: [Int]

    public init(_ ranges: [DailyRange]) {
        self.ranges = ranges
        var open = [Bool](repeating: false, count: DailyRange.minutesPerDay)
        for range in ranges {
            for minute in 0..<DailyRange.minutesPerDay where range.contains(minute: minute) { open[minute] = true }
        }
        changeMinutes = (0..<DailyRange.minutesPerDay).filter {
            open[$0] != open[($0 + DailyRange.minutesPerDay - 1) % DailyRange.minutesPerDay]
        }
    }

    /// Whether minute `minute` of the day (0...1439) is in any range.
    public func isOpen(minute: Int) -> Bool { ranges.contains { $0.contains(minute: minute) } }

    /// Whether the local time at `unixTime` (seconds) is in any range.
    public func isOpen(at unixTime: Int64, in zone: some LocalTimeConverter) -> Bool {
        isOpen(minute: zone.localTime(unixTime).minuteOfDay)
    }

    /// The first Unix time after `unixTime` at which `isOpen` differs from what it is at
    /// `unixTime`, found by turning each change minute of today and the next two days
    /// into Unix time through `zone` (so a DST change moves it as the wall clock moves);
    /// nil when it never changes.
    public func nextChange(after unixTime: Int64, in zone: some LocalTimeConverter) -> Int64? {
        guard !changeMinutes.isEmpty else { return nil }
        let now = zone.localTime(unixTime)
        let openNow = isOpen(minute: now.minuteOfDay)
        for dayOffset in 0...2 {
            for minute in changeMinutes {
                let candidate = zone.unixTime(
                    year: now.year, month: now.month, day: now.day, dayOffset: dayOffset, secondOfDay: minute * 60)
                if candidate > unixTime && isOpen(at: candidate, in: zone) != openNow { return candidate }
            }
        }
        return nil
    }
}
