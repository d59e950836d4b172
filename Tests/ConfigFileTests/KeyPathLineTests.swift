import Testing

@testable import ConfigFile

/// Where each key sits: the parser records lines as it reads, and `line(of:)` finds them
/// by the key paths messages use.
@Suite struct KeyPathLineTests {
    let text = """
        # a comment
        name = "Panel # not a comment"
        dotted.key = 1

        [display]
        backend = "drm"   # trailing comment
        mode = '800x480@60'

        [[folder]]
        id = "a"
        tiles = [
          { title = "One", open = "home" },
          # a comment between elements
          { title = "Two", open = "shelf" },
        ]

        [[folder]]
        id = "b"
        notes = \"\"\"
        first
        second = not a key
        \"\"\"
        after = true

        [folder.extra]
        x = 1

        [launch]
        left_door = { portrait = "l-p.png", landscape = "l-l.png" }
        pages = ["1.jpg",
          "2.jpg"]
        """

    @Test func everyKindOfKeyHasItsLine() throws {
        let doc = try ConfigDocument(text: text, path: "t.toml")
        #expect(doc.line(of: "name") == 2)
        #expect(doc.line(of: "dotted") == 3)
        #expect(doc.line(of: "dotted.key") == 3)
        #expect(doc.line(of: "display") == 5)
        #expect(doc.line(of: "display.backend") == 6)
        #expect(doc.line(of: "display.mode") == 7)
        #expect(doc.line(of: "folder") == 9)
        #expect(doc.line(of: "folder[0]") == 9)
        #expect(doc.line(of: "folder[0].id") == 10)
        #expect(doc.line(of: "folder[0].tiles") == 11)
        #expect(doc.line(of: "folder[0].tiles[0]") == 12)
        #expect(doc.line(of: "folder[0].tiles[0].open") == 12)
        #expect(doc.line(of: "folder[0].tiles[1].title") == 14)
        #expect(doc.line(of: "folder[1]") == 17)
        #expect(doc.line(of: "folder[1].id") == 18)
        #expect(doc.line(of: "folder[1].notes") == 19)
        #expect(doc.line(of: "folder[1].after") == 23)
        #expect(doc.line(of: "folder[1].extra") == 25)
        #expect(doc.line(of: "folder[1].extra.x") == 26)
        #expect(doc.line(of: "launch.left_door") == 29)
        #expect(doc.line(of: "launch.left_door.landscape") == 29)
        #expect(doc.line(of: "launch.pages[0]") == 30)
        #expect(doc.line(of: "launch.pages[1]") == 31)
        // Not keys: inside strings and comments; no such element; not a path.
        #expect(doc.line(of: "second") == nil)
        #expect(doc.line(of: "folder[1].second") == nil)
        #expect(doc.line(of: "folder[2]") == nil)
        #expect(doc.line(of: "launch.pages[x]") == nil)
        #expect(doc.line(of: "name.x") == nil)
        #expect(doc.line(of: "") == nil)
    }

    @Test func aTableFirstMadeOnTheWayTakesItsOwnHeadersLine() throws {
        let doc = try ConfigDocument(text: "[a.b]\nx = 1\n\n[a]\ny = 2\n", path: "t.toml")
        #expect(doc.line(of: "a") == 4)
        #expect(doc.line(of: "a.b") == 1)
        #expect(doc.line(of: "a.y") == 5)
        #expect(try doc.root.table("a").line == 4)
        #expect(try doc.root.table("a").error("z", "missing").description == "t.toml:4: a.z: missing")
    }

    @Test func quotedKeysWithDotsAreFound() throws {
        let doc = try ConfigDocument(text: "[site]\n\"google.com\" = 1\ngoogle = { x = 2 }\n", path: "t.toml")
        #expect(doc.line(of: "site.google.com") == 2)
        #expect(doc.line(of: "site.google.x") == 3)
    }

    @Test func linesCountCRLFAndMultiLineValues() throws {
        let doc = try ConfigDocument(
            text: "a = \"\"\"\r\none\r\ntwo\"\"\"\r\nb = [\r\n  1,\r\n  2,\r\n]\r\nc = '''\n\n'''\nd = 4", path: "t.toml")
        #expect(doc.line(of: "a") == 1)
        #expect(doc.line(of: "b") == 4)
        #expect(doc.line(of: "b[1]") == 6)
        #expect(doc.line(of: "c") == 8)
        #expect(doc.line(of: "d") == 11)
    }

    @Test func readersUseTheRecordedLines() throws {
        let root = try ConfigDocument(text: text, path: "t.toml").root
        let tiles = try root.tableArray("folder")[0].tableArray("tiles")
        #expect(tiles[1].line == 14)
        #expect(tiles[1].path == "folder[0].tiles[1]")
        #expect(
            throws: ConfigError(
                file: "t.toml", line: 14, key: "folder[0].tiles[1].open", message: "expected an integer, found a string")
        ) { try tiles[1].int("open") }
        #expect(
            throws: ConfigError(
                file: "t.toml", line: 30, key: "launch.pages[0]", message: "expected a number, found a string")
        ) { try root.table("launch").doubleArray("pages") }
    }
}
