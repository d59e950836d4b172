/// TOML spellings of numbers for the manifest writer and messages (strings: ConfigFile's
/// `TOMLString`).
enum TOMLText {
    /// A number as a person writes it: whole numbers without a fraction ("-15", read
    /// back as a TOML integer, which number settings accept), others in Swift's shortest
    /// round-tripping form ("0.8", "1e-05"), so parsing gives back the same Double.
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 9_007_199_254_740_992 { return "\(Int(v))" }
        return "\(v)"
    }
}
