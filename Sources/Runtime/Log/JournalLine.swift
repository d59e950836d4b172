import Logging

/// How one log record becomes one line of text, for journald:
///
///     <P>label: message key=value key2="two words" error=...
///
/// or, when stderr is not the journal (`LogStyle.plain`), for a person:
///
///     warning: message key=value key2="two words" error=...
///
/// - `<P>` is the syslog priority (`JournalPriority`); the plain style writes the
///   level's name instead, and no label.
/// - Metadata follows the message as ` key=value`, keys sorted, so the same record always
///   reads the same. A value that is empty or holds a space, `"` or `=` is quoted
///   (`key="a b"`, with `"` inside written `\"`), as logfmt does, so a reader can split it.
/// - A record's `error` (swift-log's `LogEvent.error`) comes last as ` error=...`.
/// - Nothing can break the line: in the label, message, keys and values a backslash is
///   written `\\`, newline `\n`, carriage return `\r`, tab `\t`, and any other control
///   character (U+0000-U+001F, U+007F) `\xNN` (two hex digits). A record never spans lines.
public enum JournalLine {
    /// The whole line, without its terminating newline.
    public static func format(
        level: Logger.Level, label: String, message: String, metadata: Logger.Metadata, error: (any Error)? = nil,
        style: LogStyle = .journal
    ) -> String {
        var line = style.prefix(level: level, label: label)
        line += escaped(message)
        for key in metadata.keys.sorted() {
            line += " "
            line += escaped(key)
            line += "="
            line += value(metadata[key]!.description)
        }
        if let error {
            line += " error="
            line += value(String(describing: error))
        }
        return line
    }

    /// `text` with backslashes and control characters escaped (see the type's comment).
    public static func escaped(_ text: String) -> String {
        var needs = false
        for u in text.unicodeScalars where u.value < 0x20 || u.value == 0x7F || u == "\\" {
            needs = true
            break
        }
        guard needs else { return text }
        var out = String.UnicodeScalarView()
        for u in text.unicodeScalars {
            switch u {
            case "\\": out.append(contentsOf: #"\\"#.unicodeScalars)
            case "\n": out.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": out.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": out.append(contentsOf: #"\t"#.unicodeScalars)
            default:
                if u.value < 0x20 || u.value == 0x7F {
                    let hex: [Unicode.Scalar] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
                    out.append(contentsOf: #"\x"#.unicodeScalars)
                    out.append(hex[Int(u.value >> 4)])
                    out.append(hex[Int(u.value & 0xF)])
                } else {
                    out.append(u)
                }
            }
        }
        return String(out)
    }

    /// A metadata value: escaped, and quoted when empty or holding a space, `"` or `=`.
    static func value(_ text: String) -> String {
        let plain = escaped(text)
        guard plain.isEmpty || plain.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" }) else { return plain }
        var quoted = "\""
        for c in plain {
            if c == "\"" { quoted += "\\\"" } else { quoted.append(c) }
        }
        quoted += "\""
        return quoted
    }
}
