/// The tables and arrays of a document while `TOMLParser` reads it: one flat array of
/// nodes, each child made after its parent, so neither building the tree nor turning it
/// into `ConfigValue`s needs recursion. Scalars sit in their container's slots.
///
/// A node remembers how it was made, which is what TOML's redefinition rules turn on: a
/// table named by a `[header]` may not be named by another; a table made by dotted keys
/// may not get a header later; an inline table or an array written as a value can't be
/// extended at all.
struct TOMLTree {
    enum Origin {
        case root
        /// Made on the way to a deeper header (`a` for `[a.b]`): a `[a]` may still follow.
        case implicitTable
        case headerTable
        case dottedTable
        case inlineTable
        /// One `[[header]]` element.
        case arrayElement
        /// The array that `[[header]]` elements go into.
        case tableArray
        /// An array written as a value: `[1, 2]`.
        case staticArray

        var isArray: Bool { self == .tableArray || self == .staticArray }
    }

    enum Slot {
        case node(Int)
        case value(ConfigValue, line: Int)
    }

    struct Node {
        var origin: Origin
        /// How many key segments and array indices lead here from the root (the root is 0).
        var depth: Int
        /// 1-based line where the node was made, or for a table first made on the way to a
        /// deeper header, the line of its own header once it has one.
        var line: Int
        var parent = -1
        /// The key in the parent table, or for an array element "" (see `position`).
        var key = ""
        /// Index among the parent's slots.
        var position = 0
        /// Tables: keys in file order, parallel to `slots`.
        var keys: [String] = []
        var slots: [Slot] = []
        /// Tables: key → index in `slots`.
        var index: [String: Int] = [:]
        /// Defined by a header, or by dotted keys in a section that has ended: neither a
        /// header nor dotted keys from elsewhere may define it again.
        var isDefined = false
    }

    private(set) var nodes: [Node] = [Node(origin: .root, depth: 0, line: 1, isDefined: true)]

    subscript(id: Int) -> Node { nodes[id] }

    /// Where a value goes: under a key of a table (the key must be new there), or at the
    /// end of an array.
    enum Place {
        case key(String, table: Int)
        case end(array: Int)
    }

    /// A new table or array, put at `place` at once: while its contents are read it is
    /// already in the tree, so messages can name its full path.
    mutating func make(_ origin: Origin, depth: Int, line: Int, at place: Place) -> Int {
        nodes.append(Node(origin: origin, depth: depth, line: line))
        let id = nodes.count - 1
        put(.node(id), at: place)
        return id
    }

    mutating func put(_ slot: Slot, at place: Place) {
        let parent: Int
        switch place {
        case .key(let key, let table):
            parent = table
            nodes[table].index[key] = nodes[table].slots.count
            nodes[table].keys.append(key)
            if case .node(let child) = slot { nodes[child].key = key }
        case .end(let array):
            parent = array
        }
        if case .node(let child) = slot {
            nodes[child].parent = parent
            nodes[child].position = nodes[parent].slots.count
        }
        nodes[parent].slots.append(slot)
    }

    /// What `key` holds in the table `table`, if anything.
    func child(_ key: String, of table: Int) -> Slot? {
        guard let i = nodes[table].index[key] else { return nil }
        return nodes[table].slots[i]
    }

    mutating func markDefined(_ id: Int, origin: Origin, line: Int) {
        nodes[id].isDefined = true
        nodes[id].origin = origin
        nodes[id].line = line
    }

    mutating func markDefined(_ id: Int) { nodes[id].isDefined = true }

    /// The key path messages name ("display.format", "folder[1].id") of node `id`, or of
    /// `key` inside it when given.
    func path(of id: Int, key: String? = nil) -> String {
        var parts: [String] = []
        var id = id
        while id > 0, nodes[id].parent >= 0 {
            let node = nodes[id]
            let parent = nodes[node.parent]
            if parent.origin.isArray {
                parts.append("[\(node.position)]")
            } else {
                parts.append(parent.origin == .root ? node.key : "." + node.key)
            }
            id = node.parent
        }
        let path = parts.reversed().joined()
        guard let key else { return path }
        return path.isEmpty ? key : path + "." + key
    }

    /// The whole document as `ConfigValue`s. Children come after their parents in
    /// `nodes`, so one pass from the end builds every child before its parent.
    func value() -> ConfigValue {
        var built = [ConfigValue?](repeating: nil, count: nodes.count)
        for id in nodes.indices.reversed() {
            if nodes[id].origin.isArray {
                var elements: [ConfigElement] = []
                elements.reserveCapacity(nodes[id].slots.count)
                for slot in nodes[id].slots {
                    switch slot {
                    case .value(let v, let line): elements.append(ConfigElement(value: v, line: line))
                    case .node(let child):
                        elements.append(ConfigElement(value: built[child] ?? .table([]), line: nodes[child].line))
                        built[child] = nil
                    }
                }
                built[id] = .array(elements)
            } else {
                var entries: [ConfigEntry] = []
                entries.reserveCapacity(nodes[id].slots.count)
                for (i, slot) in nodes[id].slots.enumerated() {
                    let key = nodes[id].keys[i]
                    switch slot {
                    case .value(let v, let line): entries.append(ConfigEntry(key: key, value: v, line: line))
                    case .node(let child):
                        let value = built[child] ?? .table([])
                        entries.append(ConfigEntry(key: key, value: value, line: nodes[child].line))
                        built[child] = nil
                    }
                }
                built[id] = .table(entries)
            }
        }
        return built[0] ?? .table([])
    }
}
