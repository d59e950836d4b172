extension DailyRange {
    /// Why a range's text was refused; `message` says it for a board's error line.
    public enum ParseFailure: Error, Hashable, Sendable {
        /// Not `HH:MM-HH:MM` with two digits each.
        case malformed
        /// Hours above 23 (24 only as "24:00", an end) or minutes above 59: the text of
        /// the time.
        case outOfRange(String)
        /// "24:00" as a start.
        case startsAtEndOfDay
        /// Start and end are the same time: the time.
        case empty(String)

        /// What is wrong, for `file:line: key: what`.
        public var message: String {
            switch self {
            case .malformed: "must be HH:MM-HH:MM (like \"07:30-22:00\")"
            case .outOfRange(let time): "\(time) is not a time of day (00:00 to 24:00)"
            case .startsAtEndOfDay: "cannot start at 24:00 (use 00:00)"
            case .empty(let time):
                "starts and ends at \(time) (for the whole day use \"00:00-24:00\")"
            }
        }
    }

    /// Reads "HH:MM-HH:MM": two digits each, 00:00 to 23:59, and 24:00 as an end. The
    /// end may be before the start (across midnight), never equal to it.
    public static func parse(_ text: String) throws(ParseFailure) -> DailyRange {
        let bytes = Array(text.utf8)
        guard bytes.count == 11, bytes[5] == UInt8(ascii: "-") else { throw .malformed }
        let start = try minute(bytes[0..<5]), end = try minute(bytes[6..<11])
        guard start < minutesPerDay else { throw .startsAtEndOfDay }
        guard start != end % minutesPerDay || (start == 0 && end == minutesPerDay) else {
            throw .empty(clockText(start))
        }
        // 00:00-24:00 is the whole day; 00:00-00:00 was refused above as empty.
        return DailyRange(start: start, end: end)!
    }

    /// "HH:MM" as minutes since midnight (0...1440).
    private static func minute(_ bytes: ArraySlice<UInt8>) throws(ParseFailure) -> Int {
        let b = Array(bytes)
        func digit(_ i: Int) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) ? Int(b[i] - UInt8(ascii: "0")) : nil
        }
        guard b[2] == UInt8(ascii: ":"), let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4)
        else { throw .malformed }
        let hours = h1 * 10 + h2, minutes = m1 * 10 + m2
        guard minutes < 60, hours < 24 || (hours == 24 && minutes == 0) else {
            throw .outOfRange(String(decoding: b, as: UTF8.self))
        }
        return hours * 60 + minutes
    }
}
