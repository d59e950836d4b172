/// TOML basic strings (TOML 1.0) as written: the one spelling of escapes for the
/// messages that repeat a text (`clipped`) and for the files written (Show's manifest).
public enum TOMLString {
    /// `text` as a TOML basic string: in double quotes, each character as `escape`
    /// spells it with TOML's short forms. Read back, it gives `text` again.
    public static func basic(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if let escaped = escape(scalar, shortForms: true) {
                out += escaped
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// How a basic string spells `scalar`: `\"`, `\\`, `\t`, `\n` and `\r` for those
    /// five, `\uXXXX` for the other control characters (U+0000 to U+001F and U+007F);
    /// nil for every other character, which stands as itself. `shortForms`: backspace
    /// and form feed as `\b` and `\f` (a file written), else as `\u0008` and `\u000C`
    /// (a message, which spells every control character but those five as a code).
    /// Both read back the same.
    public static func escape(_ scalar: Unicode.Scalar, shortForms: Bool) -> String? {
        switch scalar {
        case "\"": return #"\""#
        case "\\": return #"\\"#
        case "\t": return #"\t"#
        case "\n": return #"\n"#
        case "\r": return #"\r"#
        case "\u{08}" where shortForms: return #"\b"#
        case "\u{0C}" where shortForms: return #"\f"#
        default:
            return scalar.value < 0x20 || scalar.value == 0x7F ? unicodeEscape(scalar.value) : nil
        }
    }
}
