/// One range of local time in a day, `HH:MM-HH:MM`, in minutes since local midnight. A
/// range whose end is before its start crosses midnight ("22:00-06:00": from 22:00 to
/// 06:00 the next morning). The end is not in the range: "07:30-22:00" holds 21:59, not
/// 22:00.
public struct DailyRange: Hashable, Sendable, CustomStringConvertible {
    /// Minutes in a day.
    public static let minutesPerDay = 1440

    /// The first minute in the range, 0 (00:00) to 1439 (23:59).
    public let start: Int
    /// The first minute after the range, 0 to 1440 (24:00, the end of the day); never
    /// equal to `start`.
    public let end: Int

    /// A range from `start` to `end` minutes; nil when either is out of its bounds or
    /// they are equal (empty, or the whole day said ambiguously: the whole day is 0 to
    /// 1440, "00:00-24:00").
    public init?(start: Int, end: Int) {
        guard (0..<DailyRange.minutesPerDay).contains(start), (0...DailyRange.minutesPerDay).contains(end),
            start != end
        else { return nil }
        self.start = start
        self.end = end
    }

    /// Whether the range goes past midnight into the next day.
    public var crossesMidnight: Bool { end < start }

    /// Whether minute `minute` of the day (0...1439) is in the range.
    public func contains(minute: Int) -> Bool {
        crossesMidnight ? minute >= start || minute < end : minute >= start && minute < end
    }

    /// "07:30-22:00".
    public var description: String { "\(DailyRange.clockText(start))-\(DailyRange.clockText(end))" }

    /// "07:05" for minute 425; "24:00" for 1440.
    public static func clockText(_ minute: Int) -> String {
        let h = minute / 60, m = minute % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}
