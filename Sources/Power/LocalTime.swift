/// A moment as the wall clock of the system's time zone shows it: the calendar day and
/// the seconds since that day's local midnight.
public struct LocalTime: Hashable, Sendable {
    public var year: Int
    /// 1...12.
    public var month: Int
    /// 1...31.
    public var day: Int
    /// Seconds since local midnight, 0..<86400 (a day with a DST change still counts its
    /// wall clock: 03:00 is 10800 on the day clocks skip 02:00-03:00).
    public var secondOfDay: Int

    public init(year: Int, month: Int, day: Int, secondOfDay: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.secondOfDay = secondOfDay
    }

    /// The minute of the day, 0...1439.
    public var minuteOfDay: Int { secondOfDay / 60 }
}

/// Converts between Unix time (seconds since 1970-01-01 00:00 UTC) and local wall-clock
/// time. Injected, so that the screen hours are tested with a time zone and DST rule of
/// the test's own making, with nothing global changed; the kiosk uses `SystemLocalTime`.
public protocol LocalTimeConverter: Sendable {
    /// The local time at `unixTime`.
    func localTime(_ unixTime: Int64) -> LocalTime
    /// The Unix time at which the local wall clock shows `secondOfDay` on the day
    /// `dayOffset` days after (year, month, day) (`dayOffset` and the day may run past the
    /// month's end: they are normalized as `mktime` does). A wall-clock time a DST change
    /// skips comes out moved by the change (02:30 on the spring day is 03:30); one it
    /// repeats comes out as either of its two moments.
    func unixTime(year: Int, month: Int, day: Int, dayOffset: Int, secondOfDay: Int) -> Int64
}
