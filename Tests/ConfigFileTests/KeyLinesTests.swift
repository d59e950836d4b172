import Testing

@testable import ConfigFile

@Suite struct KeyLinesTests {
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

    @Test func everyKindOfKeyHasItsLine() {
        let lines = KeyLines(text: text)
        #expect(lines["name"] == 2)
        #expect(lines["dotted.key"] == 3)
        #expect(lines["display"] == 5)
        #expect(lines["display.backend"] == 6)
        #expect(lines["display.mode"] == 7)
        #expect(lines["folder[0]"] == 9)
        #expect(lines["folder[0].id"] == 10)
        #expect(lines["folder[0].tiles"] == 11)
        #expect(lines["folder[0].tiles[0]"] == 12)
        #expect(lines["folder[0].tiles[0].open"] == 12)
        #expect(lines["folder[0].tiles[1].title"] == 14)
        #expect(lines["folder[1].id"] == 18)
        #expect(lines["folder[1].notes"] == 19)
        #expect(lines["folder[1].after"] == 23)
        #expect(lines["folder[1].extra"] == 25)
        #expect(lines["folder[1].extra.x"] == 26)
        #expect(lines["launch.left_door.landscape"] == 29)
        #expect(lines["launch.pages[0]"] == 30)
        #expect(lines["launch.pages[1]"] == 31)
        // Not keys: inside strings and comments.
        #expect(lines["second"] == nil)
        #expect(lines["folder[1].second"] == nil)
    }

    @Test func garbageNeverCrashes() {
        for text in ["[", "[[", "a = [", "a = {", "a = \"", "a = '''", "= 1", "[a.]\n=", "\u{0}", "a = [1,,]"] {
            _ = KeyLines(text: text)
        }
    }
}
