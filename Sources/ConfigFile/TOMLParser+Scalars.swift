/// Booleans, integers, floats, and dates and times: values written without quotes.
extension TOMLParser {
    /// A value that is not a string, an array or an inline table: the run of bytes up to
    /// the next blank, comma, bracket, brace or comment (a date and a time may also be
    /// joined by one space: `1979-05-27 07:32:00`).
    mutating func parseScalar() throws(ConfigError) -> ConfigValue {
        let start = pos
        skipToken()
        guard pos > start else { throw syntax("expected a value, found \(foundHere())") }
        if pos - start == 10, isDate(at: start), current == Byte.space, let d0 = byte(at: pos + 1),
            let d1 = byte(at: pos + 2), isDecimalDigit(d0), isDecimalDigit(d1), byte(at: pos + 3) == Byte.colon
        {
            pos += 1
            skipToken()
        }
        let token = bytes[start..<pos]
        switch String(decoding: token, as: UTF8.self) {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "inf", "+inf": return .double(.infinity)
        case "-inf": return .double(-.infinity)
        case "nan", "+nan": return .double(.nan)
        case "-nan": return .double(-.nan)
        default: break
        }
        if isDate(at: start) { return try dateTime(token) }
        if token.count >= 3, isDecimalDigit(token[start]), isDecimalDigit(token[start + 1]),
            token[start + 2] == Byte.colon
        {
            return try time(token)
        }
        let first = token[start]
        if isDecimalDigit(first) || first == Byte.plus || first == Byte.minus { return try number(token) }
        let isLetter = (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A
        if isLetter || first >= 0x80 { throw syntax("invalid value \(quoted(text(token))) (a string needs quotes)") }
        if first == Byte.dot || first == Byte.underscore { throw syntax("invalid value \(quoted(text(token)))") }
        pos = start
        throw syntax("expected a value, found \(foundHere())")
    }

    private mutating func skipToken() {
        while let b = current {
            switch b {
            case Byte.space, Byte.tab, Byte.lf, Byte.cr, Byte.comma, Byte.closeBracket, Byte.closeBrace, Byte.hash:
                return
            default: pos += 1
            }
        }
    }

    /// "DDDD-" at `i`: the start of a date.
    private mutating func isDate(at i: Int) -> Bool {
        guard let b0 = byte(at: i), let b1 = byte(at: i + 1), let b2 = byte(at: i + 2), let b3 = byte(at: i + 3)
        else { return false }
        return isDecimalDigit(b0) && isDecimalDigit(b1) && isDecimalDigit(b2) && isDecimalDigit(b3)
            && byte(at: i + 4) == Byte.minus
    }

    private func text(_ token: ArraySlice<UInt8>) -> String { String(decoding: token, as: UTF8.self) }

    // MARK: - Numbers

    private func number(_ token: ArraySlice<UInt8>) throws(ConfigError) -> ConfigValue {
        func invalid(_ why: String) -> ConfigError {
            syntax("invalid number \(quoted(text(token)))" + (why.isEmpty ? "" : " (\(why))"))
        }
        var body = token
        let sign = body.first
        let signed = sign == Byte.plus || sign == Byte.minus
        if signed { body = body.dropFirst() }
        guard let lead = body.first else { throw invalid("") }

        // 0x, 0o, 0b: no sign; leading zeros allowed.
        if lead == UInt8(ascii: "0"), body.count >= 2 {
            let radix: UInt64? =
                switch body[body.startIndex + 1] {
                case UInt8(ascii: "x"): 16
                case UInt8(ascii: "o"): 8
                case UInt8(ascii: "b"): 2
                default: nil
                }
            if let radix {
                if signed { throw invalid("a sign is not allowed before 0x, 0o or 0b") }
                let digits = body.dropFirst(2)
                let isDigit = { (b: UInt8) -> Bool in hexValue(b).map { UInt64($0) < radix } ?? false }
                if let why = underscoreProblem(digits, isDigit) { throw invalid(why) }
                var value: UInt64 = 0
                for d in digits where d != Byte.underscore {
                    let (times, o1) = value.multipliedReportingOverflow(by: radix)
                    let (plus, o2) = times.addingReportingOverflow(UInt64(hexValue(d) ?? 0))
                    guard !o1, !o2, plus <= UInt64(Int64.max) else { throw tooBig(token) }
                    value = plus
                }
                return .int(Int(value))
            }
        }

        if body.contains(where: { $0 == Byte.dot || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            return try float(token, body: body, negative: sign == Byte.minus, invalid)
        }
        if let why = underscoreProblem(body, isDecimalDigit) { throw invalid(why) }
        if lead == UInt8(ascii: "0"), body.count > 1 { throw invalid("leading zeros are not allowed") }
        // The magnitude, which for a negative number may be one more than Int64.max.
        let limit = UInt64(Int64.max) + (sign == Byte.minus ? 1 : 0)
        var magnitude: UInt64 = 0
        for d in body where d != Byte.underscore {
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(UInt64(d - 0x30))
            guard !o1, !o2, plus <= limit else { throw tooBig(token) }
            magnitude = plus
        }
        if sign == Byte.minus {
            return .int(magnitude == limit ? Int.min : -Int(magnitude))
        }
        return .int(Int(magnitude))
    }

    private func tooBig(_ token: ArraySlice<UInt8>) -> ConfigError {
        failure("integer \(quoted(text(token))) does not fit in 64 bits")
    }

    /// Integer part, optional fraction, optional exponent: `-1_000.5e+0_3`.
    private func float(
        _ token: ArraySlice<UInt8>, body: ArraySlice<UInt8>, negative: Bool, _ invalid: (String) -> ConfigError
    ) throws(ConfigError) -> ConfigValue {
        var mantissa = body
        var exponent: ArraySlice<UInt8>? = nil
        if let e = body.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            mantissa = body[..<e]
            var exp = body[(e + 1)...]
            if let s = exp.first, s == Byte.plus || s == Byte.minus { exp = exp.dropFirst() }
            exponent = exp
        }
        var whole = mantissa
        var fraction: ArraySlice<UInt8>? = nil
        if let dot = mantissa.firstIndex(of: Byte.dot) {
            whole = mantissa[..<dot]
            fraction = mantissa[(dot + 1)...]
        }
        if whole.isEmpty || fraction?.isEmpty == true { throw invalid("a '.' needs digits on both sides") }
        if let why = underscoreProblem(whole, isDecimalDigit) { throw invalid(why) }
        if whole.first == UInt8(ascii: "0"), whole.count > 1 { throw invalid("leading zeros are not allowed") }
        if let fraction, let why = underscoreProblem(fraction, isDecimalDigit) { throw invalid(why) }
        if let exponent {
            if exponent.isEmpty { throw invalid("an exponent needs digits") }
            if let why = underscoreProblem(exponent, isDecimalDigit) { throw invalid(why) }
        }
        let plain = String(decoding: token.lazy.filter { $0 != Byte.underscore }, as: UTF8.self)
        guard let value = Double(plain) else { throw invalid("") }
        return .double(value)
    }

    /// Why `digits` is not digits with single underscores between them ("" when there is
    /// nothing more to say than "invalid"), or nil when it is.
    private func underscoreProblem(_ digits: ArraySlice<UInt8>, _ isDigit: (UInt8) -> Bool) -> String? {
        let rule = "an underscore must sit between two digits"
        guard let first = digits.first, let last = digits.last else { return "" }
        var previous: UInt8 = 0
        for b in digits {
            if b == Byte.underscore {
                if previous == Byte.underscore { return rule }
            } else if !isDigit(b) {
                return ""
            }
            previous = b
        }
        if first == Byte.underscore || last == Byte.underscore { return rule }
        return nil
    }

    // MARK: - Dates and times (RFC 3339)

    /// YYYY-MM-DD, optionally followed by T (or t, or a space) and a time, optionally
    /// followed by Z (or z) or an offset ±HH:MM.
    private func dateTime(_ token: ArraySlice<UInt8>) throws(ConfigError) -> ConfigValue {
        let b = Array(token)
        func invalid(_ why: String) -> ConfigError {
            syntax("invalid date \(quoted(text(token)))" + (why.isEmpty ? "" : " (\(why))"))
        }
        guard b.count >= 10, b[4] == Byte.minus, b[7] == Byte.minus, let year = digits(b, 0, 4),
            let month = digits(b, 5, 2), let day = digits(b, 8, 2)
        else { throw invalid("") }
        guard (1...12).contains(month) else { throw invalid("no month \(month)") }
        guard day >= 1, day <= daysIn(month: month, year: year) else { throw invalid("no such day") }
        if b.count == 10 { return .date }
        guard b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t") || b[10] == Byte.space else {
            throw invalid("")
        }
        var i = 11
        if let why = timeProblem(b, &i) { throw invalid(why) }
        if i == b.count { return .dateTime }
        if (b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z")) && i + 1 == b.count { return .dateTime }
        guard b[i] == Byte.plus || b[i] == Byte.minus, b.count == i + 6, b[i + 3] == Byte.colon,
            let hours = digits(b, i + 1, 2), let minutes = digits(b, i + 4, 2)
        else { throw invalid("") }
        guard hours <= 23, minutes <= 59 else { throw invalid("no such offset") }
        return .dateTime
    }

    /// HH:MM:SS with an optional fraction.
    private func time(_ token: ArraySlice<UInt8>) throws(ConfigError) -> ConfigValue {
        let b = Array(token)
        var i = 0
        if let why = timeProblem(b, &i) {
            throw syntax("invalid time \(quoted(text(token)))" + (why.isEmpty ? "" : " (\(why))"))
        }
        guard i == b.count else { throw syntax("invalid time \(quoted(text(token)))") }
        return .time
    }

    /// Reads HH:MM:SS(.fraction) at `i`, moving `i` past it; what is wrong, or nil.
    private func timeProblem(_ b: [UInt8], _ i: inout Int) -> String? {
        guard b.count >= i + 8, b[i + 2] == Byte.colon, b[i + 5] == Byte.colon, let hour = digits(b, i, 2),
            let minute = digits(b, i + 3, 2), let second = digits(b, i + 6, 2)
        else { return "" }
        guard hour <= 23, minute <= 59, second <= 60 else { return "no such time of day" }
        i += 8
        if i < b.count, b[i] == Byte.dot {
            i += 1
            let start = i
            while i < b.count, isDecimalDigit(b[i]) { i += 1 }
            if i == start { return "a '.' needs digits after it" }
        }
        return nil
    }

    /// The number written with `count` decimal digits at `i`, or nil.
    private func digits(_ b: [UInt8], _ i: Int, _ count: Int) -> Int? {
        guard i >= 0, i + count <= b.count else { return nil }
        var value = 0
        for k in i..<i + count {
            guard isDecimalDigit(b[k]) else { return nil }
            value = value &* 10 &+ Int(b[k] - 0x30)
        }
        return value
    }

    private func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
