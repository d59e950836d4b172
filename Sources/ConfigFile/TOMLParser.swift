/// A TOML 1.0 parser that builds `ConfigValue`s directly, with the line of every key,
/// table and array element (https://toml.io/en/v1.0.0).
///
/// It is written to take any text at all: every mistake is a `ConfigError` with the line
/// where it is and key "" (messages of the grammar start "TOML syntax: "); nothing traps,
/// nothing recurses deeper than `maxDepth` levels, and time is linear in the text's length.
/// `ConfigDocument(text:path:)` is the way in (a fuzzer can call it directly).
struct TOMLParser {
    /// How deep values may nest: the most key segments and array indices on the way from
    /// the root to a value, counting dotted keys, header segments, arrays and inline tables
    /// alike (`a.b.c = 1` is 3 levels, `a = [[1]]` is 3). Real files use 5 or so; the
    /// bound keeps every walk over the tree, here and in the readers, on a small stack.
    static let maxDepth = 64

    let bytes: [UInt8]
    /// What messages name.
    let path: String
    var pos = 0
    /// 1-based line of `pos`.
    var line = 1
    var tree = TOMLTree()
    /// The table key/value lines go into: the root, then the last header's table.
    var section = 0
    /// Tables made or crossed by dotted keys since the last header: once the section ends
    /// they count as defined, so no header can define them again.
    var dottedInSection: [Int] = []

    init(text: String, path: String) {
        bytes = Array(text.utf8)
        self.path = path
    }

    /// Parses `text` into its root table.
    static func parse(_ text: String, path: String) throws(ConfigError) -> ConfigValue {
        var parser = TOMLParser(text: text, path: path)
        try parser.parseDocument()
        return parser.tree.value()
    }

    mutating func parseDocument() throws(ConfigError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }  // a byte-order mark
        while true {
            skipBlanks()
            try skipComment()
            guard let c = current else { return }
            if try consumeNewline() { continue }
            if c == Byte.openBracket {
                let header = try parseHeader()
                try expectLineEnd(after: "the table header \(header)")
            } else {
                let key = try parseKeyValue(into: section, expecting: "a key")
                try expectLineEnd(after: "the value of \(quoted(key.joined(separator: ".")))")
            }
        }
    }

    // MARK: - Keys and values

    /// A key: bare or quoted parts joined by dots, with blanks allowed around the dots.
    /// `base` is the depth of the table the key goes into; a key that would reach deeper
    /// than `maxDepth` is refused at the segment that does, without reading the rest.
    mutating func parseKey(base: Int, expecting: String) throws(ConfigError) -> [String] {
        var parts: [String] = []
        while true {
            skipBlanks()
            parts.append(try parseSimpleKey(expecting: parts.isEmpty ? expecting : "a key after '.'"))
            if base + parts.count > Self.maxDepth { throw nestedTooDeep() }
            skipBlanks()
            guard current == Byte.dot else { return parts }
            pos += 1
        }
    }

    private mutating func parseSimpleKey(expecting: String) throws(ConfigError) -> String {
        guard let c = current else { throw syntax("expected \(expecting), found end of file") }
        if isBareKeyByte(c) {
            let start = pos
            while let b = current, isBareKeyByte(b) { pos += 1 }
            return String(decoding: bytes[start..<pos], as: UTF8.self)
        }
        if c == Byte.quote || c == Byte.apostrophe {
            if byte(at: pos + 1) == c && byte(at: pos + 2) == c {
                throw syntax("a multi-line string cannot be a key")
            }
            return c == Byte.quote ? try parseBasicString() : try parseLiteralString()
        }
        throw syntax("expected \(expecting), found \(foundHere())")
    }

    /// `key = value` into `table` (a section's table or an inline table being read);
    /// returns the key's parts, for messages.
    ///
    /// Inline tables and arrays recurse through here, so what is not the recursion itself
    /// (the key, its tables, the messages) sits in functions of their own: each level then
    /// takes little stack.
    @discardableResult
    mutating func parseKeyValue(into table: Int, expecting: String) throws(ConfigError) -> [String] {
        let (target, parts) = try parseKeyAndEquals(into: table, expecting: expecting)
        try parseValue(depth: tree.nodes[target].depth + 1, at: .key(parts.last ?? "", table: target))
        return parts
    }

    /// The key of a key/value pair up to its value: the table the value goes into (made
    /// for a dotted key when missing) and the key's parts.
    @inline(never)
    private mutating func parseKeyAndEquals(into table: Int, expecting: String) throws(ConfigError)
        -> (target: Int, parts: [String])
    {
        let keyLine = line
        let parts = try parseKey(base: tree.nodes[table].depth, expecting: expecting)
        skipBlanks()
        guard current == Byte.equals else {
            throw syntax("expected '=' after key \(quoted(parts.joined(separator: ".")))")
        }
        pos += 1
        skipBlanks()

        // The dotted key's tables, made or extended.
        var target = table
        for part in parts.dropLast() {
            target = try dottedTable(part, in: target, line: keyLine)
        }
        let last = parts.last ?? ""
        if let existing = tree.child(last, of: target) {
            throw failure(
                "duplicate key \(quotedPath(target, last)) (first defined on line \(line(of: existing)))",
                line: keyLine)
        }
        if current == nil || current == Byte.hash || atNewline {
            throw syntax("missing value for key \(quoted(parts.joined(separator: ".")))")
        }
        return (target, parts)
    }

    /// The table `key` names in `table` for a dotted key, made when missing.
    private mutating func dottedTable(_ key: String, in table: Int, line keyLine: Int) throws(ConfigError) -> Int {
        switch tree.child(key, of: table) {
        case nil:
            let depth = tree.nodes[table].depth + 1
            let id = tree.make(.dottedTable, depth: depth, line: keyLine, at: .key(key, table: table))
            dottedInSection.append(id)
            return id
        case .value(let v, let at):
            throw failure(
                "key \(quotedPath(table, key)) already holds \(v.kindPhrase) (defined on line \(at))", line: keyLine)
        case .node(let id):
            let node = tree[id]
            switch node.origin {
            case .tableArray, .staticArray:
                throw failure(
                    "key \(quotedPath(table, key)) already holds an array (defined on line \(node.line))",
                    line: keyLine)
            case .inlineTable:
                throw failure(
                    "cannot add keys to the inline table \(quotedPath(table, key)) (defined on line \(node.line))",
                    line: keyLine)
            default:
                if node.isDefined {
                    throw failure(
                        "table \(quotedPath(table, key)) was defined on line \(node.line): "
                            + "dotted keys cannot add to it from elsewhere",
                        line: keyLine)
                }
                dottedInSection.append(id)
                return id
            }
        }
    }

    /// The key path of `key` in `table`, quoted for a message.
    @inline(never)
    func quotedPath(_ table: Int, _ key: String) -> String { quoted(tree.path(of: table, key: key)) }

    /// The line a slot was defined on.
    func line(of slot: TOMLTree.Slot) -> Int {
        switch slot {
        case .value(_, let line): line
        case .node(let id): tree[id].line
        }
    }

    /// A value, put at `place`; its node (if a table or an array) sits at `depth`.
    mutating func parseValue(depth: Int, at place: TOMLTree.Place) throws(ConfigError) {
        guard depth <= Self.maxDepth else { throw nestedTooDeep() }
        switch current {
        case Byte.openBracket: try parseArray(depth: depth, at: place)
        case Byte.openBrace: try parseInlineTable(depth: depth, at: place)
        default: tree.put(try parseLeafValue(), at: place)
        }
    }

    /// A string or a scalar.
    @inline(never)
    private mutating func parseLeafValue() throws(ConfigError) -> TOMLTree.Slot {
        let valueLine = line
        guard let c = current else { throw syntax("expected a value, found end of file") }
        switch c {
        case Byte.quote:
            let s = byte(at: pos + 1) == c && byte(at: pos + 2) == c
                ? try parseMultilineBasicString() : try parseBasicString()
            return .value(.string(s), line: valueLine)
        case Byte.apostrophe:
            let s = byte(at: pos + 1) == c && byte(at: pos + 2) == c
                ? try parseMultilineLiteralString() : try parseLiteralString()
            return .value(.string(s), line: valueLine)
        default:
            return .value(try parseScalar(), line: valueLine)
        }
    }

    // MARK: - Headers

    /// `[a.b]` or `[[a.b]]`: makes the table (or the next element) that the following
    /// key/value lines go into. Returns the header as written, for messages.
    private mutating func parseHeader() throws(ConfigError) -> String {
        let headerLine = line
        pos += 1
        let isArray = current == Byte.openBracket
        if isArray { pos += 1 }
        let parts = try parseKey(base: 0, expecting: isArray ? "a key after '[['" : "a key after '['")
        let written = parts.joined(separator: ".")
        let header = isArray ? "[[\(clipped(written))]]" : "[\(clipped(written))]"
        skipBlanks()
        if isArray {
            guard current == Byte.closeBracket, byte(at: pos + 1) == Byte.closeBracket else {
                throw syntax("expected ']]' to close the table header, found \(foundHere())")
            }
            pos += 2
        } else {
            guard current == Byte.closeBracket else {
                throw syntax("expected ']' to close the table header, found \(foundHere())")
            }
            pos += 1
        }

        // The section before this header has ended: its dotted-key tables are defined.
        for id in dottedInSection { tree.markDefined(id) }
        dottedInSection.removeAll(keepingCapacity: true)

        var table = 0
        for part in parts.dropLast() {
            table = try headerStep(part, in: table, line: headerLine)
        }
        guard let last = parts.last else { return header }
        section = try isArray
            ? arrayElement(last, in: table, header: header, line: headerLine)
            : headerTable(last, in: table, header: header, line: headerLine)
        return header
    }

    /// One segment on the way to a header's table: an existing table (or the last
    /// element of an array of tables), or a new table that a later header may define.
    private mutating func headerStep(_ key: String, in table: Int, line headerLine: Int) throws(ConfigError) -> Int {
        switch tree.child(key, of: table) {
        case nil:
            return try newNode(.implicitTable, key: key, in: table, line: headerLine)
        case .value(let v, let at):
            throw failure(
                "key \(quotedPath(table, key)) already holds \(v.kindPhrase) (defined on line \(at))", line: headerLine)
        case .node(let id):
            let node = tree[id]
            switch node.origin {
            case .tableArray:
                guard case .node(let element) = node.slots.last else { return id }
                return element
            case .staticArray:
                throw failure(
                    "cannot add a table to the array \(quotedPath(table, key)) (defined on line \(node.line))",
                    line: headerLine)
            case .inlineTable:
                throw failure(
                    "cannot add a table to the inline table \(quotedPath(table, key)) (defined on line \(node.line))",
                    line: headerLine)
            default:
                return id
            }
        }
    }

    /// The table a `[header]` defines.
    private mutating func headerTable(_ key: String, in table: Int, header: String, line headerLine: Int)
        throws(ConfigError) -> Int
    {
        switch tree.child(key, of: table) {
        case nil:
            let id = try newNode(.headerTable, key: key, in: table, line: headerLine)
            tree.markDefined(id)
            return id
        case .value(_, let at):
            throw failure("duplicate key \(quotedPath(table, key)) (first defined on line \(at))", line: headerLine)
        case .node(let id):
            let node = tree[id]
            switch node.origin {
            case .implicitTable:
                tree.markDefined(id, origin: .headerTable, line: headerLine)
                return id
            case .tableArray:
                throw failure(
                    "table \(header) defined twice "
                        + "(first defined as [[\(clipped(tree.path(of: table, key: key)))]] on line \(node.line))",
                    line: headerLine)
            case .staticArray:
                throw failure(
                    "duplicate key \(quotedPath(table, key)) (first defined on line \(node.line))", line: headerLine)
            case .inlineTable:
                throw failure(
                    "table \(header) defined twice (first defined as an inline table on line \(node.line))",
                    line: headerLine)
            case .dottedTable:
                throw failure(
                    "table \(header) defined twice (first defined by dotted keys on line \(node.line))",
                    line: headerLine)
            default:
                throw failure("table \(header) defined twice (first defined on line \(node.line))", line: headerLine)
            }
        }
    }

    /// The new element a `[[header]]` appends to its array of tables.
    private mutating func arrayElement(_ key: String, in table: Int, header: String, line headerLine: Int)
        throws(ConfigError) -> Int
    {
        let array: Int
        switch tree.child(key, of: table) {
        case nil:
            array = try newNode(.tableArray, key: key, in: table, line: headerLine)
        case .value(_, let at):
            throw failure("duplicate key \(quotedPath(table, key)) (first defined on line \(at))", line: headerLine)
        case .node(let id):
            let node = tree[id]
            switch node.origin {
            case .tableArray:
                array = id
            case .staticArray:
                throw failure(
                    "\(header) cannot add to the array \(quotedPath(table, key)) (defined on line \(node.line))",
                    line: headerLine)
            default:
                throw failure(
                    "\(header) cannot redefine the table \(quotedPath(table, key)) (defined on line \(node.line))",
                    line: headerLine)
            }
        }
        let depth = tree.nodes[array].depth + 1
        guard depth <= Self.maxDepth else { throw nestedTooDeep(line: headerLine) }
        let element = tree.make(.arrayElement, depth: depth, line: headerLine, at: .end(array: array))
        tree.markDefined(element)
        return element
    }

    /// A new table or array under `key` in `table`, refused past `maxDepth`.
    private mutating func newNode(_ origin: TOMLTree.Origin, key: String, in table: Int, line at: Int)
        throws(ConfigError) -> Int
    {
        let depth = tree.nodes[table].depth + 1
        guard depth <= Self.maxDepth else { throw nestedTooDeep(line: at) }
        let id = tree.make(origin, depth: depth, line: at, at: .key(key, table: table))
        return id
    }
}
