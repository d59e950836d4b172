/// The longest piece of the user's text a message repeats, in characters: a key, a
/// header or a token longer than this is cut to its first `clipKeep` characters and "...",
/// so that a megabyte-long token still makes a one-line message.
public let clipLimit = 80
let clipKeep = 77

/// `text` as a message shows it: `"`, `\` and control characters escaped as in a TOML
/// basic string, and cut to `limit` characters (default `clipLimit`; a longer text
/// keeps `limit` - 3 and "..."). Public so that every message that repeats what someone
/// sent (a control socket's reply) escapes it the same way: a NUL or an ESC never
/// reaches a terminal raw.
public func clipped(_ text: some StringProtocol, limit: Int = clipLimit) -> String {
    let clipLimit = Swift.max(limit, 4)
    let clipKeep = clipLimit - 3
    var out: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += #"\""#.unicodeScalars
        case "\\": out += #"\\"#.unicodeScalars
        case "\t": out += #"\t"#.unicodeScalars
        case "\n": out += #"\n"#.unicodeScalars
        case "\r": out += #"\r"#.unicodeScalars
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += unicodeEscape(scalar.value).unicodeScalars
            } else {
                out.append(scalar)
            }
        }
        if out.count > clipLimit { break }
    }
    guard out.count > clipLimit else { return String(String.UnicodeScalarView(out)) }
    return String(String.UnicodeScalarView(out.prefix(clipKeep))) + "..."
}

/// `text` as a message quotes a value as written (not escaped): whole up to `clipLimit`
/// characters, else its first `clipKeep` and "...". A board's or a manifest's value can be
/// a megabyte on one line; the error that quotes it stays one readable line. Shared by
/// Board's and Show's own messages.
public func shortened(_ text: some StringProtocol) -> String {
    text.prefix(clipLimit + 1).count <= clipLimit ? String(text) : String(text.prefix(clipKeep)) + "..."
}

/// `text` in double quotes, escaped and cut as `clipped` does.
func quoted(_ text: some StringProtocol) -> String { "\"" + clipped(text) + "\"" }

/// "\u001B": a control character spelled as a TOML escape.
func unicodeEscape(_ value: UInt32) -> String { "\\u" + hex4(value) }

/// "U+001B": a character named in a message.
func unicodeName(_ value: UInt32) -> String { "U+" + hex4(value) }

private func hex4(_ value: UInt32) -> String {
    let digits = Array("0123456789ABCDEF")
    var s = ""
    var shift = max(12, (32 - value.leadingZeroBitCount + 3) / 4 * 4 - 4)
    while shift >= 0 {
        s.append(digits[Int((value >> UInt32(shift)) & 0xF)])
        shift -= 4
    }
    return s
}
