// The show manifest's spelling of timing curves (`curve = "ease-in-out"`: Authoring a show).

/// Why a timing curve could not be made or parsed. `description` is the message shown to a
/// person (after `file:line: key: ` in a manifest error).
public enum TimingCurveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not one of the names and not `cubic-bezier(...)`.
    case unknownName(String)
    /// `cubic-bezier(` without a closing `)`, or text after it.
    case malformed(String)
    /// `cubic-bezier(...)` with other than four numbers.
    case wrongArgumentCount(Int)
    /// An argument that is not a decimal number.
    case notANumber(name: String, text: String)
    /// An infinite or NaN control point.
    case notFinite(name: String, text: String)
    /// x1 or x2 outside 0...1 (the curve would not be a function of time).
    case controlPointXOutOfRange(name: String, value: Double)

    public var description: String {
        switch self {
        case .unknownName(let text):
            "unknown timing curve \"\(text)\": expected linear, ease-in, ease-out, ease-in-out or cubic-bezier(x1, y1, x2, y2)"
        case .malformed(let text):
            "malformed timing curve \"\(text)\": expected cubic-bezier(x1, y1, x2, y2)"
        case .wrongArgumentCount(let count):
            "cubic-bezier takes 4 numbers (x1, y1, x2, y2), got \(count)"
        case .notANumber(let name, let text):
            "cubic-bezier: \(name) \"\(text)\" is not a number"
        case .notFinite(let name, let text):
            "cubic-bezier: \(name) \(text) is not finite"
        case .controlPointXOutOfRange(let name, let value):
            "cubic-bezier: \(name) = \(value) is outside 0...1"
        }
    }
}

extension TimingCurve: CustomStringConvertible {
    /// Parses the manifest spelling: `linear`, `ease-in`, `ease-out`, `ease-in-out` or
    /// `cubic-bezier(x1, y1, x2, y2)`. Case-sensitive, as in CSS; spaces and tabs are allowed
    /// around the whole text, the parentheses and the commas (not inside a name). Numbers
    /// are decimal: an optional sign, digits with an optional fraction, an optional
    /// exponent (`1`, `-0.5`, `.25`, `1e-3`); no hex, `inf` or `nan`.
    public init(parsing text: String) throws(TimingCurveError) {
        let trimmed = Self.trimmed(Substring(text))
        switch trimmed {
        case "linear": self = .linear
        case "ease-in": self = .easeIn
        case "ease-out": self = .easeOut
        case "ease-in-out": self = .easeInOut
        default:
            guard trimmed.hasPrefix("cubic-bezier") else { throw .unknownName(String(trimmed)) }
            var rest = Self.trimmed(trimmed.dropFirst("cubic-bezier".count))
            guard rest.first == "(" else {
                throw rest.isEmpty ? .malformed(String(trimmed)) : .unknownName(String(trimmed))
            }
            guard rest.last == ")" else { throw .malformed(String(trimmed)) }
            rest = rest.dropFirst().dropLast()
            let parts = rest.split(separator: ",", omittingEmptySubsequences: false)
            if parts.count == 1 && Self.trimmed(parts[0]).isEmpty { throw .wrongArgumentCount(0) }
            guard parts.count == 4 else { throw .wrongArgumentCount(parts.count) }
            let names = ["x1", "y1", "x2", "y2"]
            var values = [Double]()
            for (name, part) in zip(names, parts) {
                let field = Self.trimmed(part)
                guard Self.isDecimal(field), let v = Double(field) else {
                    throw .notANumber(name: name, text: String(field))
                }
                guard v.isFinite else { throw .notFinite(name: name, text: String(field)) }
                values.append(v)
            }
            self = try .cubicBezier(values[0], values[1], values[2], values[3])
        }
    }

    /// The manifest spelling: the name for Core Animation's four named curves, else
    /// `cubic-bezier(x1, y1, x2, y2)` with each number in Swift's shortest round-tripping
    /// form, so `TimingCurve(parsing: c.description) == c`.
    public var description: String {
        switch self {
        case .linear: "linear"
        case .easeIn: "ease-in"
        case .easeOut: "ease-out"
        case .easeInOut: "ease-in-out"
        default: "cubic-bezier(\(x1), \(y1), \(x2), \(y2))"
        }
    }

    static func trimmed(_ s: Substring) -> Substring {
        var s = s
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    static func isDecimal(_ s: Substring) -> Bool {
        var chars = s.utf8[...]
        func digits() -> Int {
            var n = 0
            while let c = chars.first, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                chars.removeFirst()
                n += 1
            }
            return n
        }
        if let c = chars.first, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { chars.removeFirst() }
        var mantissa = digits()
        if chars.first == UInt8(ascii: ".") {
            chars.removeFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let c = chars.first, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            chars.removeFirst()
            if let c = chars.first, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { chars.removeFirst() }
            guard digits() > 0 else { return false }
        }
        return chars.isEmpty
    }
}
