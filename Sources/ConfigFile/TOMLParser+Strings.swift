/// The four kinds of strings: "basic" (escapes), 'literal' (none), and the multi-line
/// forms of each, which trim a line end right after the opening quotes.
extension TOMLParser {
    /// `"..."` on one line, at its opening quote.
    mutating func parseBasicString() throws(ConfigError) -> String {
        pos += 1
        var out: [UInt8] = []
        while true {
            guard let b = current, !atNewline else {
                throw syntax("unterminated string (missing closing \" on this line)")
            }
            switch b {
            case Byte.quote:
                pos += 1
                return String(decoding: out, as: UTF8.self)
            case Byte.backslash:
                try parseEscape(into: &out)
            default:
                if isControl(b) { throw controlInString(b) }
                out.append(b)
                pos += 1
            }
        }
    }

    /// `'...'` on one line, at its opening quote.
    mutating func parseLiteralString() throws(ConfigError) -> String {
        pos += 1
        let start = pos
        while true {
            guard let b = current, !atNewline else {
                throw syntax("unterminated string (missing closing ' on this line)")
            }
            if b == Byte.apostrophe { break }
            if isControl(b) { throw controlInString(b) }
            pos += 1
        }
        defer { pos += 1 }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    /// `"""..."""`, at its opening quotes. A backslash at the end of a line joins it to
    /// the next non-blank text; CR LF inside becomes LF.
    mutating func parseMultilineBasicString() throws(ConfigError) -> String {
        try parseMultiline(quote: Byte.quote, escapes: true)
    }

    /// `'''...'''`, at its opening quotes. CR LF inside becomes LF.
    mutating func parseMultilineLiteralString() throws(ConfigError) -> String {
        try parseMultiline(quote: Byte.apostrophe, escapes: false)
    }

    /// A multi-line string closed by three `quote`s, at its opening quotes: the newline
    /// right after them dropped, CR LF inside read as LF, control characters refused;
    /// with `escapes` (basic strings) backslash escapes and line-ending backslashes.
    private mutating func parseMultiline(quote: UInt8, escapes: Bool) throws(ConfigError) -> String {
        let openLine = line
        pos += 3
        _ = try consumeNewline()
        var out: [UInt8] = []
        while true {
            guard let b = current else {
                let closing = quote == Byte.quote ? "\"\"\"" : "'''"
                throw syntax("unterminated multi-line string (missing closing \(closing))", line: openLine)
            }
            switch b {
            case quote:
                if try closeMultiline(quote, into: &out) { return String(decoding: out, as: UTF8.self) }
            case Byte.backslash where escapes:
                if try !skipLineEndingBackslash() { try parseEscape(into: &out) }
            case Byte.lf, Byte.cr:
                _ = try consumeNewline()
                out.append(Byte.lf)
            default:
                if isControl(b) { throw controlInString(b) }
                out.append(b)
                pos += 1
            }
        }
    }

    /// At a run of `quote`s inside a multi-line string: one or two are content; three
    /// close the string, and up to two more just before them are content (`""""` is a
    /// quote and the end). True when the string is closed.
    private mutating func closeMultiline(_ quote: UInt8, into out: inout [UInt8]) throws(ConfigError) -> Bool {
        var run = 0
        while byte(at: pos + run) == quote, run < 5 { run += 1 }
        if run < 3 {
            out.append(contentsOf: repeatElement(quote, count: run))
            pos += run
            return false
        }
        out.append(contentsOf: repeatElement(quote, count: run - 3))
        pos += run
        return true
    }

    /// At a backslash in a multi-line basic string: when only blanks follow it on its line,
    /// skips them, the line end and all blanks and line ends after; true when it did.
    private mutating func skipLineEndingBackslash() throws(ConfigError) -> Bool {
        var i = pos + 1
        while let b = byte(at: i), b == Byte.space || b == Byte.tab { i += 1 }
        guard byte(at: i) == Byte.lf || (byte(at: i) == Byte.cr && byte(at: i + 1) == Byte.lf) else { return false }
        pos = i
        while true {
            skipBlanks()
            if try !consumeNewline() { return true }
        }
    }

    /// An escape at a backslash: \b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX.
    private mutating func parseEscape(into out: inout [UInt8]) throws(ConfigError) {
        guard let c = byte(at: pos + 1) else {
            throw syntax("unterminated string (a backslash at the end of the file)")
        }
        let simple: UInt8? =
            switch c {
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "t"): Byte.tab
            case UInt8(ascii: "n"): Byte.lf
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "r"): Byte.cr
            case Byte.quote: Byte.quote
            case Byte.backslash: Byte.backslash
            default: nil
            }
        if let simple {
            out.append(simple)
            pos += 2
            return
        }
        guard c == UInt8(ascii: "u") || c == UInt8(ascii: "U") else {
            if c == Byte.lf || c == Byte.cr || c == Byte.space || c == Byte.tab {
                throw syntax("a backslash must be followed by an escape (\\n, \\t, \\\", \\\\, \\uXXXX, ...)")
            }
            if isControl(c) { throw syntax("invalid escape: a backslash followed by \(unicodeName(UInt32(c)))") }
            var end = pos + 2
            while end < bytes.count, end - pos < 5, bytes[end] & 0xC0 == 0x80 { end += 1 }
            throw syntax("invalid escape '\(String(decoding: bytes[pos..<end], as: UTF8.self))' in a string")
        }
        let count = c == UInt8(ascii: "u") ? 4 : 8
        var value: UInt32 = 0
        for k in 0..<count {
            guard let d = byte(at: pos + 2 + k), let v = hexValue(d) else {
                throw syntax("\\\(Character(Unicode.Scalar(c))) needs \(count) hexadecimal digits")
            }
            value = value << 4 | UInt32(v)
        }
        let written = String(decoding: bytes[pos..<pos + 2 + count], as: UTF8.self)
        guard let scalar = Unicode.Scalar(value) else {
            throw syntax("\(written) is not a Unicode scalar value")
        }
        UTF8.encode(scalar) { out.append($0) }
        pos += 2 + count
    }

    private func controlInString(_ b: UInt8) -> ConfigError {
        syntax("control character \(unicodeName(UInt32(b))) in a string (write it as \(unicodeEscape(UInt32(b))))")
    }
}

/// 0-15 for a hexadecimal digit.
func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: b - 0x30
    case 0x41...0x46: b - 0x41 + 10
    case 0x61...0x66: b - 0x61 + 10
    default: nil
    }
}
