/// Where each key of a TOML text sits: key path → 1-based line.
///
/// TOMLKit reports a line for syntax errors only, so the readers find a key's line here,
/// with a small scanner over text the parser has already accepted. Key paths are what
/// error messages name: `display.format` (a key in a [table]), `folder[1].id` (the second
/// [[folder]]), `home.tiles[2].open` (a key in the third inline table of an array),
/// `launch.left_door.portrait` (a key in an inline table), `book[0].pages[3]` (an array
/// element). A table's own path maps to its header's line.
///
/// The scanner never fails: on text it does not understand it records fewer lines, and
/// a message then goes without a line number.
struct KeyLines {
    private(set) var lines: [String: Int] = [:]

    init(text: String) {
        var scanner = Scanner(bytes: Array(text.utf8))
        scanner.scanDocument()
        lines = scanner.lines
    }

    subscript(path: String) -> Int? { lines[path] }
}

private struct Scanner {
    let bytes: [UInt8]
    var i = 0
    var line = 1
    var lines: [String: Int] = [:]
    /// Resolved path of each array of tables ([[x]]) → how many elements so far.
    var tableArrays: [String: Int] = [:]

    init(bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { i >= bytes.count }
    var current: UInt8 { i < bytes.count ? bytes[i] : 0 }
    func peek(_ k: Int) -> UInt8 { i + k < bytes.count ? bytes[i + k] : 0 }

    mutating func advance() {
        if current == UInt8(ascii: "\n") { line += 1 }
        i += 1
    }

    mutating func record(_ path: String) {
        if lines[path] == nil { lines[path] = line }
    }

    /// Spaces and tabs on this line.
    mutating func skipBlanks() {
        while !atEnd, current == 0x20 || current == 0x09 { advance() }
    }

    /// Blanks, newlines and comments.
    mutating func skipTrivia() {
        while !atEnd {
            switch current {
            case 0x20, 0x09, 0x0d, 0x0a: advance()
            case UInt8(ascii: "#"): while !atEnd, current != 0x0a { advance() }
            default: return
            }
        }
    }

    /// Up to and including the end of this line (comments included).
    mutating func skipRestOfLine() {
        while !atEnd, current != 0x0a { advance() }
        if !atEnd { advance() }
    }

    mutating func scanDocument() {
        var table = ""
        while true {
            skipTrivia()
            if atEnd { return }
            if current == UInt8(ascii: "[") {
                let isArray = peek(1) == UInt8(ascii: "[")
                advance()
                if isArray { advance() }
                let parts = scanKey(until: UInt8(ascii: "]"))
                table = resolve(parts, newArrayElement: isArray)
                record(table)
                skipRestOfLine()
            } else {
                let parts = scanKey(until: UInt8(ascii: "="))
                guard !parts.isEmpty else {
                    skipRestOfLine()
                    continue
                }
                if current == UInt8(ascii: "=") { advance() }
                let path = join(table, parts.joined(separator: "."))
                record(path)
                scanValue(path: path)
                skipRestOfLine()
            }
        }
    }

    /// A header's key path with the current element of every array of tables on the way:
    /// `[[folder]]` → "folder[n]", `[folder.extra]` → "folder[n].extra".
    mutating func resolve(_ parts: [String], newArrayElement: Bool) -> String {
        var path = ""
        for (k, part) in parts.enumerated() {
            path = join(path, part)
            let last = k == parts.count - 1
            if last && newArrayElement {
                let n = tableArrays[path, default: 0]
                tableArrays[path] = n + 1
                path += "[\(n)]"
            } else if let n = tableArrays[path] {
                path += "[\(n - 1)]"
            }
        }
        return path
    }

    func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : a + "." + b }

    /// A dotted key (bare or quoted parts), stopping at `terminator` (not consumed).
    mutating func scanKey(until terminator: UInt8) -> [String] {
        var parts: [String] = []
        var part: [UInt8] = []
        while !atEnd {
            skipBlanks()
            let c = current
            if c == terminator || c == 0x0a || c == UInt8(ascii: "#") { break }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                part += scanString()
            } else if c == UInt8(ascii: ".") {
                parts.append(String(decoding: part, as: UTF8.self))
                part = []
                advance()
            } else {
                part.append(c)
                advance()
            }
        }
        if !part.isEmpty { parts.append(String(decoding: part, as: UTF8.self)) }
        return parts
    }

    /// A value at `path`; records the keys of inline tables and the elements of arrays.
    mutating func scanValue(path: String) {
        skipBlanks()
        switch current {
        case UInt8(ascii: "{"):
            advance()
            while !atEnd {
                skipTrivia()
                if current == UInt8(ascii: "}") {
                    advance()
                    return
                }
                if current == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                let parts = scanKey(until: UInt8(ascii: "="))
                if current == UInt8(ascii: "=") { advance() } else { return }
                let key = join(path, parts.joined(separator: "."))
                record(key)
                scanValue(path: key)
            }
        case UInt8(ascii: "["):
            advance()
            var index = 0
            while !atEnd {
                skipTrivia()
                if current == UInt8(ascii: "]") {
                    advance()
                    return
                }
                if current == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                let element = "\(path)[\(index)]"
                record(element)
                let before = i
                scanValue(path: element)
                if i == before { advance() }  // never stall on text not understood
                index += 1
            }
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            _ = scanString()
        default:
            while !atEnd {
                let c = current
                if c == UInt8(ascii: ",") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") || c == 0x0a
                    || c == UInt8(ascii: "#")
                {
                    return
                }
                advance()
            }
        }
    }

    /// A basic or literal string, single- or multi-line; returns its raw content.
    mutating func scanString() -> [UInt8] {
        let quote = current
        let triple = peek(1) == quote && peek(2) == quote
        var content: [UInt8] = []
        if triple {
            advance()
            advance()
            advance()
            while !atEnd {
                if current == quote && peek(1) == quote && peek(2) == quote {
                    // Up to two more quotes may belong to the content ("""a"""").
                    while peek(3) == quote {
                        content.append(quote)
                        advance()
                    }
                    advance()
                    advance()
                    advance()
                    return content
                }
                if quote == UInt8(ascii: "\"") && current == UInt8(ascii: "\\") {
                    content.append(current)
                    advance()
                }
                content.append(current)
                advance()
            }
            return content
        }
        advance()
        while !atEnd, current != quote, current != 0x0a {
            if quote == UInt8(ascii: "\"") && current == UInt8(ascii: "\\") {
                advance()
            }
            content.append(current)
            advance()
        }
        if current == quote { advance() }
        return content
    }
}
