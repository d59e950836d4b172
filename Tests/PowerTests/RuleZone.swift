import Power

/// A time zone of a test's own making: a standard offset, and optionally a second offset
/// from one Unix time on (a DST change), with `mktime`'s rules for wall-clock times a
/// change skips (moved forward by the change) or repeats (the earlier moment). Nothing
/// global (TZ) is touched, so tests run in parallel.
struct RuleZone: LocalTimeConverter {
    /// Seconds east of UTC before `changeAt`.
    var before: Int
    /// Seconds east of UTC from `changeAt` on.
    var after: Int
    /// The Unix time of the change.
    var changeAt: Int64

    static let utc = RuleZone(before: 0, after: 0, changeAt: 0)

    /// Berlin's spring change: 2024-03-31 01:00 UTC, +1 h to +2 h.
    static let berlinSpring = RuleZone(before: 3600, after: 7200, changeAt: unix(2024, 3, 31, 1, 0))
    /// Berlin's autumn change: 2024-10-27 01:00 UTC, +2 h to +1 h.
    static let berlinAutumn = RuleZone(before: 7200, after: 3600, changeAt: unix(2024, 10, 27, 1, 0))

    func offset(at unixTime: Int64) -> Int { unixTime < changeAt ? before : after }

    func localTime(_ unixTime: Int64) -> LocalTime {
        let local = unixTime + Int64(offset(at: unixTime))
        let days = Int((local - ((local % 86400) + 86400) % 86400) / 86400)
        let (y, m, d) = RuleZone.civil(fromDays: days)
        return LocalTime(year: y, month: m, day: d, secondOfDay: Int(((local % 86400) + 86400) % 86400))
    }

    func unixTime(year: Int, month: Int, day: Int, dayOffset: Int, secondOfDay: Int) -> Int64 {
        let local = Int64(RuleZone.days(year, month, day + dayOffset)) * 86400 + Int64(secondOfDay)
        for candidate in [local - Int64(before), local - Int64(after)] where localTime(candidate).secondOfDay
            == secondOfDay
        {
            return candidate
        }
        return local - Int64(before)  // in a skipped hour: moved forward by the change
    }

    /// The Unix time of a UTC calendar time.
    static func unix(_ y: Int, _ m: Int, _ d: Int, _ hour: Int, _ minute: Int) -> Int64 {
        Int64(days(y, m, d)) * 86400 + Int64(hour * 3600 + minute * 60)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (the day may run past the month).
    static func days(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
