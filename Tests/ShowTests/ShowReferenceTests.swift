import ConfigFile
import Glibc
import Show
import ShowDemo
import Testing
import VitrineTestSupport

/// The show manifest's reference ("Authoring a show",
/// Sources/vitrine/Vitrine.docc/AuthoringAShow.md) stays true: every key `vitrine show
/// init` writes (it writes every setting, defaults included) is in its key tables, and a
/// manifest made of every key the tables name, each set to its example, parses.
///
/// A key table is a Markdown table whose header is `| key | values | default | example |
/// does |`; each row's first cell is the key as a path and its fourth the example as a
/// TOML value, both in backticks. In a path, `[]` marks an array of tables:
/// `home.tiles[].title` is the title of each of `[home]`'s tiles, `folder[].id` the id of
/// each `[[folder]]`.
@Suite struct ShowReferenceTests {
    static let article: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // ShowReferenceTests.swift, ShowTests, Tests
        return parts.joined(separator: "/") + "/Sources/vitrine/Vitrine.docc/AuthoringAShow.md"
    }()

    /// The article's text.
    static func articleText() throws -> String {
        guard let f = fopen(article, "r") else { throw ManifestKeys.Missing(path: article) }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func referenceKeys() throws -> [(key: String, example: String)] {
        ManifestKeys.rows(in: try articleText())
    }

    @Test func theArticleHasKeyTables() throws {
        let keys = try Self.referenceKeys()
        #expect(keys.count >= 30, "\(keys.map(\.key))")
        #expect(keys.contains { $0.key == "home.tiles[].open" })
        #expect(Set(keys.map(\.key)).count == keys.count, "a key is in the tables twice")
    }

    /// What `vitrine show init` writes, key by key, is documented.
    @Test func everyKeyShowInitWritesIsInTheReference() throws {
        let documented = Set(try Self.referenceKeys().map(\.key))
        let written = ManifestKeys.keyPaths(try ConfigDocument(text: DemoShow.show.manifestText(), path: "show.toml").root)
        #expect(written.count >= 30)
        #expect(written.subtracting(documented).sorted() == [], "keys show init writes that the reference leaves out")
    }

    /// A manifest of every documented key at its example parses, and reads back those
    /// values (so no key is taken for another).
    @Test func aManifestOfEveryKeyTheReferenceNamesParses() throws {
        let keys = try Self.referenceKeys()
        let text = ManifestKeys.document(keys)
        let show: Show
        do {
            show = try Show.parse(text: text, path: "reference.toml")
        } catch {
            Issue.record("the reference's keys do not make a show: \(error)\n\(text)")
            return
        }
        let written = ManifestKeys.keyPaths(try ConfigDocument(text: show.manifestText(), path: "show.toml").root)
        #expect(Set(keys.map(\.key)).subtracting(written).sorted() == [], "documented keys that did not survive a parse")
        #expect(show.folders.first?.id == keys.first { $0.key == "folder[].id" }.map { $0.example.trimmingQuotes })
    }

    /// The guide's translated show (the TOML block under "A translated show") is a show:
    /// no launch, its words in Japanese, the runtime's too.
    @Test func theTranslatedShowParses() throws {
        let article = try Self.articleText()
        let section = try #require(article.firstRange(of: "## A translated show"))
        let rest = article[section.upperBound...]
        let open = try #require(rest.firstRange(of: "```toml\n"))
        let close = try #require(rest[open.upperBound...].firstRange(of: "```"))
        let show = try Show.parse(text: String(rest[open.upperBound..<close.lowerBound]), path: "translated.toml")
        #expect(show.title == "光の美術館" && show.launch == nil)
        #expect(show.labels.home == "ホーム" && show.labels.shelf == "本棚" && show.labels.menuEmpty == "項目がありません")
        #expect(show.labels.backTitle(show.labels.home) == "‹ ホーム")
    }
}

/// Key tables read, key paths walked, and a manifest written from key paths, `[]`
/// marking arrays of tables.
enum ManifestKeys {
    struct Missing: Error { let path: String }

    /// (key path, example) of every row of every key table, in order.
    static func rows(in text: String) -> [(key: String, example: String)] { ReferenceKeyTables.rows(in: text) }

    /// Every key path of `table` (`ReferenceKeyTables.keyPaths`).
    static func keyPaths(_ table: ConfigTable) -> Set<String> { ReferenceKeyTables.keyPaths(table) }

    /// A table of the document being written: values, then tables, then arrays of tables
    /// (one element each), each in order of first appearance.
    final class Node {
        var values: [(String, String)] = []
        var tables: [(String, Node)] = []
        var arrays: [(String, Node)] = []

        func child(_ name: String, array: Bool) -> Node {
            if array {
                if let n = arrays.first(where: { $0.0 == name }) { return n.1 }
                let n = Node()
                arrays.append((name, n))
                return n
            }
            if let n = tables.first(where: { $0.0 == name }) { return n.1 }
            let n = Node()
            tables.append((name, n))
            return n
        }

        func lines(path: String) -> [String] {
            var out = values.map { "\($0.0) = \($0.1)" }
            for (name, node) in tables {
                let p = path.isEmpty ? name : path + "." + name
                out += ["", "[\(p)]"] + node.lines(path: p)
            }
            for (name, node) in arrays {
                let p = path.isEmpty ? name : path + "." + name
                out += ["", "[[\(p)]]"] + node.lines(path: p)
            }
            return out
        }
    }

    /// A TOML document setting each key path to its value.
    static func document(_ entries: [(key: String, example: String)]) -> String {
        let root = Node()
        for (path, value) in entries {
            var parts = path.split(separator: ".").map(String.init)
            let last = parts.removeLast()
            var node = root
            for part in parts {
                node = part.hasSuffix("[]") ? node.child(String(part.dropLast(2)), array: true) : node.child(part, array: false)
            }
            node.values.append((last, value))
        }
        return root.lines(path: "").joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate var trimmingQuotes: String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
