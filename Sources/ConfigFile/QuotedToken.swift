import MessageText

/// `text` as a message shows it: `"`, `\` and control characters escaped as in a TOML
/// basic string (`TOMLString.escape`, without the short forms), and cut to `limit`
/// characters (default `clipLimit`; a longer text keeps `limit` - 3 and "..."). Public
/// so that every message that repeats what someone sent (a control socket's reply)
/// escapes it the same way: a NUL or an ESC never reaches a terminal raw.
public func clipped(_ text: some StringProtocol, limit: Int = clipLimit) -> String {
    let clipLimit = Swift.max(limit, 4)
    let clipKeep = clipLimit - 3
    var out: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars {
        if let escaped = TOMLString.escape(scalar, shortForms: false) {
            out += escaped.unicodeScalars
        } else {
            out.append(scalar)
        }
        if out.count > clipLimit { break }
    }
    guard out.count > clipLimit else { return String(String.UnicodeScalarView(out)) }
    return String(String.UnicodeScalarView(out.prefix(clipKeep))) + "..."
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
