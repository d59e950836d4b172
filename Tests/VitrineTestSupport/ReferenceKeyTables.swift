import ConfigFile

/// The reference articles' key tables (`| key | values | default | example | does |`,
/// the key a path such as `home.tiles[].title`, the example TOML, both in backticks),
/// read for the tests that keep the references true, and a document's key paths walked
/// the same way (`[]` marking an array of tables).
public enum ReferenceKeyTables {
    public static let header = "| key | values | default | example | does |"

    /// (key path, example without its backticks) of every row of every key table in
    /// `text`, in order.
    public static func rows(in text: String) -> [(key: String, example: String)] {
        var out: [(String, String)] = []
        var inTable = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = trimmed(raw)
            if line == header {
                inTable = true
                continue
            }
            guard inTable, line.hasPrefix("|") else {
                inTable = false
                continue
            }
            if line.hasPrefix("|---") { continue }
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false).map(trimmed)
            guard cells.count == 5 else { continue }
            out.append((unquoted(cells[0]), unquoted(cells[3])))
        }
        return out
    }

    /// A cell's text without its surrounding backticks.
    public static func unquoted(_ cell: String) -> String {
        cell.hasPrefix("`") && cell.hasSuffix("`") && cell.count >= 2 ? String(cell.dropFirst().dropLast()) : cell
    }

    /// Every key path of `table`: tables descended into (`display.backend`), each element
    /// of an array of tables as `key[]`.
    public static func keyPaths(_ table: ConfigTable, prefix: String = "") -> Set<String> {
        var out: Set<String> = []
        for key in table.keys {
            let path = prefix.isEmpty ? key : prefix + "." + key
            if let sub = try? table.table(key) {
                out.formUnion(keyPaths(sub, prefix: path))
            } else if let elements = try? table.tableArray(key), !elements.isEmpty {
                for e in elements { out.formUnion(keyPaths(e, prefix: path + "[]")) }
            } else {
                out.insert(path)
            }
        }
        return out
    }

    /// `text` without leading and trailing spaces.
    static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
