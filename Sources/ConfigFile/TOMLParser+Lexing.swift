/// The bytes the grammar names.
enum Byte {
    static let tab: UInt8 = 0x09
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22  // "
    static let hash: UInt8 = 0x23  // #
    static let apostrophe: UInt8 = 0x27  // '
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let colon: UInt8 = 0x3A
    static let equals: UInt8 = 0x3D
    static let openBracket: UInt8 = 0x5B  // [
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D  // ]
    static let underscore: UInt8 = 0x5F
    static let openBrace: UInt8 = 0x7B  // {
    static let closeBrace: UInt8 = 0x7D  // }
}

/// A-Z a-z 0-9 _ -: what a bare key is made of.
func isBareKeyByte(_ b: UInt8) -> Bool {
    switch b {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, Byte.underscore, Byte.minus: true
    default: false
    }
}

func isDecimalDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

/// A control character TOML refuses outside a string's escapes: U+0000-U+001F but tab,
/// and U+007F (line ends are handled where they may appear).
func isControl(_ b: UInt8) -> Bool { (b < 0x20 && b != Byte.tab) || b == 0x7F }

extension TOMLParser {
    // The helpers the scanning loops call are `mutating`, though they change nothing: an
    // unoptimized build copies the whole parser for each call of a non-mutating one, and
    // the tests run unoptimized.

    /// The byte at `pos`; nil at the end.
    var current: UInt8? {
        mutating get { pos < bytes.count ? bytes[pos] : nil }
    }

    mutating func byte(at i: Int) -> UInt8? { i >= 0 && i < bytes.count ? bytes[i] : nil }

    /// At LF, or CR LF.
    var atNewline: Bool {
        mutating get {
            guard pos < bytes.count else { return false }
            let b = bytes[pos]
            return b == Byte.lf || (b == Byte.cr && pos + 1 < bytes.count && bytes[pos + 1] == Byte.lf)
        }
    }

    /// Spaces and tabs.
    mutating func skipBlanks() {
        while let b = current, b == Byte.space || b == Byte.tab { pos += 1 }
    }

    /// A `#` comment up to (not including) the end of its line.
    mutating func skipComment() throws(ConfigError) {
        guard current == Byte.hash else { return }
        pos += 1
        while let b = current {
            if b == Byte.lf || (b == Byte.cr && byte(at: pos + 1) == Byte.lf) { return }
            if isControl(b) {
                throw syntax("control character \(unicodeName(UInt32(b))) in a comment")
            }
            pos += 1
        }
    }

    /// Consumes one line end (LF or CR LF) and counts the line; false when not at one.
    mutating func consumeNewline() throws(ConfigError) -> Bool {
        guard let b = current else { return false }
        if b == Byte.lf {
            pos += 1
            line += 1
            return true
        }
        if b == Byte.cr {
            guard byte(at: pos + 1) == Byte.lf else { throw syntax("carriage return not followed by a line feed") }
            pos += 2
            line += 1
            return true
        }
        return false
    }

    /// Blanks, comments and line ends: what may sit between an array's elements.
    mutating func skipTrivia() throws(ConfigError) {
        while true {
            skipBlanks()
            try skipComment()
            if try !consumeNewline() { return }
        }
    }

    /// Blanks, a comment, then the end of the line (or of the file).
    mutating func expectLineEnd(after what: @autoclosure () -> String) throws(ConfigError) {
        skipBlanks()
        try skipComment()
        if current == nil { return }
        if try consumeNewline() { return }
        throw syntax("expected the end of the line after \(what()), found \(foundHere())")
    }

    /// What is at `pos`, for a message: "end of file", "end of line", "'='", "U+0000".
    @inline(never)
    mutating func foundHere() -> String {
        guard let b = current else { return "end of file" }
        if atNewline { return "end of line" }
        if b < 0x80 {
            if b < 0x20 || b == 0x7F { return unicodeName(UInt32(b)) }
            if b == Byte.apostrophe { return "\"'\"" }
            return "'\(Character(Unicode.Scalar(b)))'"
        }
        // One whole UTF-8 sequence (the text is valid UTF-8: it came from a String).
        var end = pos + 1
        while end < bytes.count, end - pos < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let s = String(decoding: bytes[pos..<end], as: UTF8.self)
        if let scalar = s.unicodeScalars.first, scalar.properties.generalCategory == .format
            || scalar.properties.isWhitespace
        {
            return unicodeName(scalar.value)
        }
        return "'\(s)'"
    }

    /// A mistake in the grammar, at `line` (default: the current one).
    @inline(never)
    func syntax(_ message: String, line at: Int? = nil) -> ConfigError {
        ConfigError(file: path, line: at ?? line, key: "", message: "TOML syntax: " + message)
    }

    /// A mistake in what the text means (a key twice, a table defined twice).
    @inline(never)
    func failure(_ message: String, line at: Int? = nil) -> ConfigError {
        ConfigError(file: path, line: at ?? line, key: "", message: message)
    }

    @inline(never)
    func nestedTooDeep(line at: Int? = nil) -> ConfigError {
        failure("nested deeper than \(Self.maxDepth) levels", line: at)
    }
}
