/// A TOML value in plain Swift values, as `TOMLParser` builds it: tables keep their keys in
/// file order, and every entry and array element carries the line it sits on, so readers
/// can name the line of any mistake without looking at the text again.
///
/// A tree of these is at most `TOMLParser.maxDepth` levels deep (the parser refuses deeper
/// input), so code that recurses over one stays within a bounded stack.
enum ConfigValue {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// Dates and times are checked by the parser but kept only to be named in a type
    /// error: no setting uses them.
    case date, time, dateTime
    case table([ConfigEntry])
    case array([ConfigElement])

    /// "a string", "an integer", ...: what a type error says was found.
    var kindPhrase: String {
        switch self {
        case .string: "a string"
        case .int: "an integer"
        case .double: "a floating-point number"
        case .bool: "a boolean"
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date-time"
        case .table: "a table"
        case .array: "an array"
        }
    }
}

/// One key of a table, its value, and its 1-based line: the key's line, or for a table
/// made by a `[header]` the header's line, for an array of tables its first `[[header]]`.
struct ConfigEntry {
    let key: String
    let value: ConfigValue
    let line: Int
}

/// One element of an array and the 1-based line where it starts (for an element of an
/// array of tables, its `[[header]]`'s line).
struct ConfigElement {
    let value: ConfigValue
    let line: Int
}
