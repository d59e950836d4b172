@testable import ConfigFile

/// A `ConfigValue` as compact text, so a test can state a whole document in one string:
/// `{a=1, b=["x", 2.5], c={d=true}}`; strings as Swift literals, dates as <date>,
/// <time>, <date-time>. Tables keep file order. (Recursive: the parser bounds the depth.)
func rendered(_ value: ConfigValue) -> String {
    switch value {
    case .string(let s): return String(reflecting: s)
    case .int(let n): return "\(n)"
    case .double(let d): return d.isNaN ? "nan" : "\(d)"
    case .bool(let b): return "\(b)"
    case .date: return "<date>"
    case .time: return "<time>"
    case .dateTime: return "<date-time>"
    case .table(let entries):
        return "{" + entries.map { "\(renderedKey($0.key))=\(rendered($0.value))" }.joined(separator: ", ") + "}"
    case .array(let items):
        return "[" + items.map { rendered($0.value) }.joined(separator: ", ") + "]"
    }
}

private func renderedKey(_ key: String) -> String {
    key.utf8.allSatisfy(isBareKeyByte) && !key.isEmpty ? key : String(reflecting: key)
}

/// The parsed document `text` as `rendered` spells it, or its error's description.
func parsed(_ text: String) -> String {
    do {
        return rendered(try ConfigDocument(text: text, path: "t.toml").value)
    } catch {
        return error.description
    }
}

/// The error `text` gives, or nil when it parses.
func refusal(_ text: String) -> ConfigError? {
    do {
        _ = try ConfigDocument(text: text, path: "t.toml")
        return nil
    } catch {
        return error
    }
}
