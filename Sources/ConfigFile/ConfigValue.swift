internal import TOMLKit

/// A TOML value copied out of TOMLKit's tree into plain Swift values once, at load: the
/// readers then never touch the C++ side again, and tables keep their keys in file order.
indirect enum ConfigValue {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// Dates and times are kept only to be named in a type error: no setting uses them.
    case date, time, dateTime
    case table([(key: String, value: ConfigValue)])
    case array([ConfigValue])

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

    init(_ value: any TOMLValueConvertible) {
        switch value.type {
        case .string: self = .string(value.string ?? "")
        case .int: self = .int(value.int ?? 0)
        case .double: self = .double(value.double ?? 0)
        case .bool: self = .bool(value.bool ?? false)
        case .date: self = .date
        case .time: self = .time
        case .dateTime: self = .dateTime
        case .table:
            guard let t = value.table else {
                self = .table([])
                return
            }
            self = .table(t.keys.compactMap { k in t[k].map { (key: k, value: ConfigValue($0)) } })
        case .array:
            guard let a = value.array else {
                self = .array([])
                return
            }
            self = .array(a.map { ConfigValue($0) })
        }
    }
}
