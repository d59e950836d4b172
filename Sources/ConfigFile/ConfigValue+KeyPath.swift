extension ConfigDocument {
    /// The 1-based line of a key path as messages spell it ("display.format",
    /// "folder[1].id", "home.tiles[2].open", "book[0].pages[3]"; a table's own path gives
    /// its header's line); nil when the document has no such path.
    public func line(of keyPath: String) -> Int? { value.line(of: keyPath) }
}

extension ConfigValue {
    /// The line of `path` inside this value: keys joined by ".", array indices as "[n]".
    ///
    /// The lines are the parser's, kept with each entry and element; this only walks to
    /// them, without recursion. A quoted key holding "." or "[" is found when no shorter
    /// key also matches (the longest key that fits is taken at each step).
    func line(of path: String) -> Int? {
        let path = Array(path.utf8)
        var i = 0
        var value = self
        var line: Int? = nil
        while i < path.count {
            switch value {
            case .table(let entries):
                // The longest key that the path goes on with, followed by its end, "." or "[".
                var best: ConfigEntry? = nil
                var bestCount = -1
                for entry in entries {
                    let key = entry.key.utf8
                    guard key.count > bestCount, path.count - i >= key.count,
                        path[i..<i + key.count].elementsEqual(key)
                    else { continue }
                    let next = i + key.count
                    if next == path.count || path[next] == UInt8(ascii: ".") || path[next] == UInt8(ascii: "[") {
                        best = entry
                        bestCount = key.count
                    }
                }
                guard let best else { return nil }
                value = best.value
                line = best.line
                i += bestCount
            case .array(let items):
                guard path[i] == UInt8(ascii: "["), let close = path[i...].firstIndex(of: UInt8(ascii: "]")),
                    let n = Int(String(decoding: path[(i + 1)..<close], as: UTF8.self)), items.indices.contains(n)
                else { return nil }
                value = items[n].value
                line = items[n].line
                i = close + 1
            default:
                return nil
            }
            if i < path.count, path[i] == UInt8(ascii: ".") {
                i += 1
                guard i < path.count else { return nil }
            }
        }
        return line
    }
}
