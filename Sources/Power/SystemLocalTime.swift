internal import Glibc

/// Local time as the C library keeps it: `localtime_r` and `mktime`, so the system's time
/// zone (`TZ`, else /etc/localtime) and its DST rules apply, as `date` shows them.
public struct SystemLocalTime: LocalTimeConverter {
    public init() {}

    public func localTime(_ unixTime: Int64) -> LocalTime {
        var t = time_t(unixTime)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else {
            // Only for a time too far off to be a calendar date: read it as UTC midnight.
            return LocalTime(year: 1970, month: 1, day: 1, secondOfDay: 0)
        }
        return LocalTime(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            secondOfDay: Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(min(parts.tm_sec, 59)))
    }

    public func unixTime(year: Int, month: Int, day: Int, dayOffset: Int, secondOfDay: Int) -> Int64 {
        var parts = tm()
        parts.tm_year = Int32(clamping: year - 1900)
        parts.tm_mon = Int32(clamping: month - 1)
        parts.tm_mday = Int32(clamping: day + dayOffset)
        parts.tm_hour = Int32(clamping: secondOfDay / 3600)
        parts.tm_min = Int32(clamping: secondOfDay / 60 % 60)
        parts.tm_sec = Int32(clamping: secondOfDay % 60)
        parts.tm_isdst = -1  // whichever DST the zone has then
        return Int64(mktime(&parts))
    }
}
