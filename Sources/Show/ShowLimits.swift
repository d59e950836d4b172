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

    /// The most tiles on the home screen. A screen makes every one of its tiles (icon,
    /// title, tap) when it is built, so its start and its memory grow with them: ten
    /// thousand tiles take seconds and hundreds of megabytes. More is refused, not slowed
    /// to.
    static let homeTiles = 500
    /// The most tiles in one folder. A folder's panel shows all of its tiles at once (no
    /// pages; icons shrink to fit): at 100 they are already small on a 7-inch panel.
    static let folderTiles = 100
    /// The most items in the menu. The menu lays every item out, each in a row to tap,
    /// in as many columns as it takes (50 on 800x480: 4 columns of 13 rows, each still
    /// a finger's height); thousands of items make every frame of its drop miss its
    /// vblank. More is refused, as tiles are.
    static let menuItems = 50
    /// Fonts in one `font` or `title_font` list: a face and its fallbacks for a few
    /// scripts, not a font catalogue.
    static let fonts = 8
    // The number of folders, books and card lists, and the tiles of the show as a whole,
    // are bounded by the manifest's size (ConfigDocument.maxBytes, 1 MiB: some 30 000
    // tiles at the shortest) and cost only their parsing, linear in the text: only the
    // screen shown is built.

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
