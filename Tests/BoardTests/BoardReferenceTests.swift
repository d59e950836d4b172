import ConfigFile
import Glibc
import Testing
import VitrineTestSupport

@testable import Board

/// The board file reference (Sources/vitrine/Vitrine.docc/BoardFileReference.md) stays
/// true: every key the parser knows and every key a file in board/ uses is in its key
/// tables, and every key the tables name, set to the table's example, is accepted by the
/// parser (in a board of a backend the key is for).
///
/// A key table is a Markdown table whose header is `| key | values | default | example |
/// does |`; each row's first cell is the key as a path (`display.backend`) and its
/// fourth the example as a TOML value, both in backticks.
@Suite struct BoardReferenceTests {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // BoardReferenceTests.swift, BoardTests, Tests
        return parts.joined(separator: "/")
    }()
    static let article = root + "/Sources/vitrine/Vitrine.docc/BoardFileReference.md"

    /// key path -> example, from the article's key tables.
    static func referenceKeys() throws -> [String: String] {
        try ReferenceTables.keys(in: readText(article))
    }

    @Test func theArticleHasKeyTables() throws {
        let keys = try Self.referenceKeys()
        #expect(keys.count >= 15, "\(keys.keys.sorted())")
        #expect(keys["display.backend"] == "\"drm\"")
    }

    /// Every key the parser accepts, section by section, is documented (and nothing the
    /// parser would call unknown).
    @Test func everyKeyTheParserKnowsIsInTheReference() throws {
        let documented = Set(try Self.referenceKeys().keys)
        var known = Set(Board.knownKeys.filter { !["display", "touch", "rotation", "show", "power"].contains($0) })
        known.formUnion(DisplaySettings.knownKeys.map { "display." + $0 })
        known.formUnion(TouchSettings.knownKeys.map { "touch." + $0 })
        known.formUnion(RotationSettings.knownKeys.map { "rotation." + $0 })
        known.formUnion(ShowSettings.knownKeys.map { "show." + $0 })
        known.formUnion(PowerSettings.knownKeys.map { "power." + $0 })
        #expect(known.subtracting(documented).sorted() == [], "keys the parser knows but the reference does not name")
        #expect(documented.subtracting(known).sorted() == [], "keys the reference names but the parser does not know")
    }

    /// Every key the boards in board/ use is documented.
    @Test func everyKeyTheBoardFilesUseIsInTheReference() throws {
        let documented = Set(try Self.referenceKeys().keys)
        let folder = TestFiles.boardFolder()
        let names = TestFiles.names(in: folder, endingIn: ".toml")
        #expect(names.count >= 8)
        for name in names {
            let document = try ConfigDocument.load(path: folder + "/" + name)
            let used = ReferenceTables.keyPaths(document.root)
            #expect(used.subtracting(documented).sorted() == [], "\(name) uses keys the board file reference leaves out")
        }
    }

    /// Each documented key, set to its example in a board of each backend in turn, is
    /// accepted in at least one of them (`connector` only by drm, `size` by headless and
    /// wayland, `iio_device` only with `source = "iio"`, ...).
    @Test func everyKeyTheReferenceNamesIsAccepted() throws {
        let scratch = TestFiles.makeScratchFolder()
        defer { TestFiles.remove(scratch) }
        // `show.path` must name a folder with a show.toml in it.
        TestFiles.makeFolder(scratch + "/show")
        TestFiles.write("title = \"x\"\n", to: scratch + "/show/show.toml")
        let contexts: [[(String, String)]] = [
            [("display.backend", "\"headless\""), ("display.size", "\"800x480\"")],
            [("display.backend", "\"drm\"")],
            [("display.backend", "\"fbdev\"")],
            [("display.backend", "\"wayland\"")],
            [("display.backend", "\"drm\""), ("rotation.source", "\"iio\"")],
        ]
        for (key, example) in try Self.referenceKeys().sorted(by: { $0.key < $1.key }) {
            let value = key == "show.path" ? "\"\(scratch)/show\"" : example
            var failures: [String] = []
            for context in contexts {
                var entries = ([("name", "\"t\"")] + context).filter { $0.0 != key }
                entries.append((key, value))
                let text = ReferenceTables.document(entries)
                do {
                    _ = try Board.parse(text: text, path: "reference.toml")
                    failures = []
                    break
                } catch {
                    failures.append("\(error)")
                }
            }
            #expect(failures == [], "\(key) = \(value) is refused in every board tried: \(failures)")
        }
    }

    static func readText(_ path: String) throws -> String {
        guard let f = fopen(path, "r") else { throw ReferenceTables.Missing(path: path) }
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
}

/// Reading the reference articles' key tables, walking a document's keys, and writing a
/// document from key paths (the tables' reader is VitrineTestSupport's `ReferenceKeyTables`).
enum ReferenceTables {
    struct Missing: Error { let path: String }

    /// key path -> example (its backticks removed) of every row of every key table.
    static func keys(in text: String) -> [String: String] {
        Dictionary(ReferenceKeyTables.rows(in: text).map { ($0.key, $0.example) }, uniquingKeysWith: { _, last in last })
    }

    /// Every key path of `table` (`ReferenceKeyTables.keyPaths`).
    static func keyPaths(_ table: ConfigTable) -> Set<String> { ReferenceKeyTables.keyPaths(table) }

    /// A TOML document of `entries` (key path, TOML value): root keys first, then each
    /// section's, in order of first appearance.
    static func document(_ entries: [(String, String)]) -> String {
        var root: [String] = []
        var sections: [(String, [String])] = []
        for (path, value) in entries {
            guard let dot = path.firstIndex(of: ".") else {
                root.append("\(path) = \(value)")
                continue
            }
            let section = String(path[..<dot]), key = String(path[path.index(after: dot)...])
            if let i = sections.firstIndex(where: { $0.0 == section }) {
                sections[i].1.append("\(key) = \(value)")
            } else {
                sections.append((section, ["\(key) = \(value)"]))
            }
        }
        var lines = root
        for (section, keys) in sections { lines += ["", "[\(section)]"] + keys }
        return lines.joined(separator: "\n") + "\n"
    }
}
