import Glibc
import ConfigFile
import Motion
import Testing

@testable import Show

@Suite struct ManifestLoadTests {
    @Test func fixtureParses() throws {
        #expect(try Show.parse(text: ManifestFixture.text, path: "show.toml") == ManifestFixture.show)
    }

    @Test func defaultsApplyWhenOptionalSettingsAreLeftOut() throws {
        let text = """
            title = "Min"
            [launch]
            left_door = { portrait = "a.png", landscape = "b.png" }
            right_door = { portrait = "c.png", landscape = "d.png" }
            background = { portrait = "e.png", landscape = "f.png" }
            [home]
            wallpaper = "w.jpg"
            tiles = []
            [[cards]]
            id = "c"
            title = "C"
            items = [ { title = "Only", image = "p.jpg" } ]
            """
        let show = try Show.parse(text: text, path: "show.toml")
        #expect(show.launch?.hold == 0.5)
        #expect(show.launch?.duration == 1.2)
        #expect(show.launch?.curve == .easeInOut)
        #expect(show.home.columns == 4)
        #expect(show.folders.isEmpty && show.books.isEmpty && show.menu.isEmpty)
        let cards = try #require(show.cardList(id: "c"))
        #expect(
            cards == CardList(id: "c", title: "C", items: [Card(title: "Only", subtitle: "", image: "p.jpg", text: "")])
        )
        #expect(cards.tip == .rotate && cards.tipAngle == -15 && cards.tipOffsetX == -20 && cards.tipOffsetY == -20)
        #expect(cards.tipOpacity == 0.8 && cards.tipDuration == 0.4 && cards.again == .none)
    }

    @Test func settingsOtherThanTheDefaults() throws {
        let text = ManifestFixture.replacing(
            "curve = \"ease-in-out\"", with: "curve = \"cubic-bezier(0.2, -0.5, 0.8, 1.5)\""
        )
        .replacing("tip = \"rotate\"", with: "tip = \"flip\"")
        .replacing("again = \"none\"", with: "again = \"fade\"")
        .replacing("tip_offset = [-20, -20]", with: "tip_offset = [12.5, 0]")
        .replacing("columns = 4", with: "columns = 12")
        .replacing("hold = 0.5", with: "hold = 0")
        let show = try Show.parse(text: text, path: "show.toml")
        #expect(show.launch?.curve == (try TimingCurve.cubicBezier(0.2, -0.5, 0.8, 1.5)))
        #expect(show.launch?.hold == 0)
        #expect(show.home.columns == 12)
        #expect(show.cardLists[0].tip == .flip && show.cardLists[0].again == .fade)
        #expect(show.cardLists[0].tipOffsetX == 12.5 && show.cardLists[0].tipOffsetY == 0)
    }

    @Test func lookupsByID() {
        let show = ManifestFixture.show
        #expect(show.folder(id: "maps")?.title == "Maps")
        #expect(show.book(id: "atlas")?.pages.count == 2)
        #expect(show.cardList(id: "team")?.items.count == 1)
        #expect(show.folder(id: "atlas") == nil && show.book(id: "books") == nil && show.cardList(id: "x") == nil)
    }

    @Test func targetsParseAndPrintTheirManifestSpelling() {
        let cases: [(String, ShowTarget?)] = [
            ("home", .home), ("shelf", .shelf), ("menu", .menu), ("folder:books", .folder("books")),
            ("book:a-1_b", .book("a-1_b")), ("cards:team", .cards("team")),
            ("Home", nil), ("folder:", nil), ("folder:Books", nil), ("book:a b", nil), ("shelf:x", nil),
            ("door:x", nil), ("", nil), (" home", nil), ("folder:books:x", nil),
        ]
        for (text, expected) in cases {
            #expect(ShowTarget(parsing: text) == expected, "\(text)")
            if let expected { #expect(expected.description == text) }
        }
    }

    @Test func loadReadsShowTomlInTheFolder() throws {
        let dir = try TempDirectory()
        try dir.write(ManifestFixture.text, to: "show.toml")
        #expect(try Show.load(directory: dir.path) == ManifestFixture.show)
        #expect(try Show.load(directory: dir.path + "/") == ManifestFixture.show)
    }

    @Test func missingManifestNamesThePathAndErrno() throws {
        let dir = try TempDirectory()
        #expect(
            throws: ConfigError(
                file: dir.path + "/show.toml", line: nil, key: "",
                message: "cannot read: No such file or directory (ENOENT)", readFailure: .errno(ENOENT))
        ) {
            try Show.load(directory: dir.path)
        }
        let error = ConfigError(
            file: dir.path + "/show.toml", line: nil, key: "", message: "cannot read: No such file or directory (ENOENT)")
        #expect(error.description == "\(dir.path)/show.toml: cannot read: No such file or directory (ENOENT)")
    }

    @Test func errorsInALoadedManifestNameItsPath() throws {
        let dir = try TempDirectory()
        try dir.write(ManifestFixture.replacing("columns = 4", with: "columns = 0"), to: "show.toml")
        do {
            _ = try Show.load(directory: dir.path)
            Issue.record("loaded a bad manifest")
        } catch {
            #expect(error.description == "\(dir.path)/show.toml:13: home.columns: must be from 1 to 12, got 0")
        }
    }
}
