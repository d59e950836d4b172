/// TOML spellings for the manifest writer (and numbers in messages).
enum TOMLText {
    /// A basic string: quoted, with `"`, `\` and control characters escaped (TOML 1.0).
    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u" + hex4(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A number as a person writes it: whole numbers without a fraction ("-15", read
    /// back as a TOML integer, which number settings accept), others in Swift's shortest
    /// round-tripping form ("0.8", "1e-05"), so parsing gives back the same Double.
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 9_007_199_254_740_992 { return "\(Int(v))" }
        return "\(v)"
    }

    private static func hex4(_ v: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([12, 8, 4, 0].map { digits[Int((v >> UInt32($0)) & 0xF)] })
    }
}
