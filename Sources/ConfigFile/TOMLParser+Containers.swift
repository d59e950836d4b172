/// Arrays and inline tables: the values that hold values. Each level calls `parseValue`
/// one level deeper, and `parseValue` refuses to go past `maxDepth`: the recursion is
/// bounded.
extension TOMLParser {
    /// `[a, b, ...]` at its bracket: any values, blanks, line ends and comments between
    /// them, and a trailing comma.
    mutating func parseArray(depth: Int, at place: TOMLTree.Place) throws(ConfigError) {
        let openLine = line
        let array = tree.make(.staticArray, depth: depth, line: line, at: place)
        pos += 1
        while true {
            try skipTrivia()
            guard let c = current else { throw unterminatedArray(openLine) }
            if c == Byte.closeBracket {
                pos += 1
                return
            }
            try parseValue(depth: depth + 1, at: .end(array: array))
            try skipTrivia()
            switch current {
            case Byte.comma: pos += 1
            case Byte.closeBracket:
                pos += 1
                return
            case nil: throw unterminatedArray(openLine)
            default: throw syntax("expected ',' or ']' after an array element, found " + foundHere())
            }
        }
    }

    /// `{ k = v, ... }` at its brace, all on one line (values such as arrays and
    /// multi-line strings may span lines); no trailing comma. Nothing may add to it later.
    mutating func parseInlineTable(depth: Int, at place: TOMLTree.Place) throws(ConfigError) {
        let table = tree.make(.inlineTable, depth: depth, line: line, at: place)
        pos += 1
        skipBlanks()
        if current == Byte.closeBrace {
            pos += 1
            return
        }
        var expecting = "a key after '{'"
        while true {
            try parseKeyValue(into: table, expecting: expecting)
            skipBlanks()
            switch current {
            case Byte.comma:
                pos += 1
                skipBlanks()
                if current == Byte.closeBrace { throw syntax("trailing comma in an inline table") }
                expecting = "a key after ','"
            case Byte.closeBrace:
                pos += 1
                return
            default:
                throw unclosedInlineTable()
            }
        }
    }

    @inline(never)
    private func unterminatedArray(_ openLine: Int) -> ConfigError {
        syntax("unterminated array (the '[' on line \(openLine) is never closed)")
    }

    @inline(never)
    private mutating func unclosedInlineTable() -> ConfigError {
        let hint = atNewline ? " (an inline table must close on the line it opens)" : ""
        return syntax("expected ',' or '}' after a key's value in an inline table, found \(foundHere())\(hint)")
    }
}
