import ConfigFile

/// The ranges the manifest's numbers must fall in: beyond them a value is a typo (a hold
/// of 500 s, an opacity of 80), not a choice.
enum Limits {
    /// Seconds the closed doors stay.
    static let hold: ClosedRange<Double> = 0...60
    /// Seconds the doors take to open.
    static let duration: ClosedRange<Double> = 0...60
    /// Tiles per row.
    static let columns: ClosedRange<Int> = 1...12
    /// Degrees a card is turned as it tips in.
    static let tipAngle: ClosedRange<Double> = -180...180
    /// Points a card is moved as it tips in, each axis.
    static let tipOffset: ClosedRange<Double> = -1000...1000
    /// A card's starting opacity.
    static let tipOpacity: ClosedRange<Double> = 0...1
    /// The longest tip-in, seconds (the shortest: more than 0).
    static let tipDurationMax: Double = 10

    /// Throws `must be from A to B<unit>, got V` when `value` is outside `range`.
    static func check(_ t: ConfigTable, _ key: String, _ value: Double, _ range: ClosedRange<Double>, unit: String)
        throws(ConfigError)
    {
        guard !range.contains(value) else { return }
        throw t.error(
            key,
            "must be from \(TOMLText.number(range.lowerBound)) to \(TOMLText.number(range.upperBound))\(unit), got \(TOMLText.number(value))"
        )
    }
}
