import ConfigFile
import Testing

@testable import Show

/// Bad manifests, each `ManifestFixture.text` with one change, and the exact message.
@Suite struct ManifestErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let old: String
        let new: String
        let message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        // Unknown keys, everywhere.
        Case(
            old: "title = \"Museum\"", new: "title = \"Museum\"\ntitel = \"x\"",
            message: "show.toml:2: titel: unknown key (did you mean \"title\"?)"),
        Case(old: "[launch]", new: "[lunch]", message: "show.toml:3: lunch: unknown key (did you mean \"launch\"?)"),
        Case(old: "hold = 0.5", new: "hold = 0.5\nspeed = 2", message: "show.toml:8: launch.speed: unknown key"),
        Case(
            old: "portrait = \"launch/left-p.png\"", new: "portrait = \"launch/left-p.png\", square = \"x.png\"",
            message: "show.toml:4: launch.left_door.square: unknown key"),
        Case(
            old: "open = \"shelf\" }", new: "open = \"shelf\", color = \"red\" }",
            message: "show.toml:16: home.tiles[1].color: unknown key"),
        Case(
            old: "again = \"none\"", new: "agian = \"none\"",
            message: "show.toml:45: cards[0].agian: unknown key (did you mean \"again\"?)"),
        // Types.
        Case(
            old: "title = \"Museum\"", new: "title = 3",
            message: "show.toml:1: title: expected a string, found an integer"),
        Case(
            old: "columns = 4", new: "columns = \"4\"",
            message: "show.toml:13: home.columns: expected an integer, found a string"),
        Case(
            old: "hold = 0.5", new: "hold = \"slow\"",
            message: "show.toml:7: launch.hold: expected a number, found a string"),
        Case(old: "hold = 0.5", new: "hold = nan", message: "show.toml:7: launch.hold: must be a finite number"),
        Case(
            old: "left_door = { portrait = \"launch/left-p.png\", landscape = \"launch/left-l.png\" }",
            new: "left_door = \"launch/left.png\"",
            message: "show.toml:4: launch.left_door: expected a table, found a string"),
        Case(
            old: "tiles = []", new: "tiles = \"none\"",
            message: "show.toml:28: folder[1].tiles: expected an array, found a string"),
        Case(
            old: "tiles = []", new: "tiles = [\"x\"]",
            message: "show.toml:28: folder[1].tiles[0]: expected a table, found a string"),
        Case(
            old: "tip_offset = [-20, -20]", new: "tip_offset = [-20, \"up\"]",
            message: "show.toml:42: cards[0].tip_offset[1]: expected a number, found a string"),
        // Missing and empty.
        Case(
            old: "wallpaper = \"home/wall.jpg\"\n", new: "", message: "show.toml:11: home.wallpaper: missing (required)"
        ),
        Case(old: "id = \"maps\"\n", new: "", message: "show.toml:25: folder[1].id: missing (required)"),
        Case(old: "id = \"maps\"", new: "id = \"\"", message: "show.toml:26: folder[1].id: must not be empty"),
        Case(
            old: "title = \"Shelf\"", new: "title = \"\"",
            message: "show.toml:16: home.tiles[1].title: must not be empty"),
        Case(
            old: "image = \"people/ada.jpg\"", new: "image = \"\"",
            message: "show.toml:39: cards[0].items[0].image: must not be empty"),
        Case(
            old: "pages = [\"books/atlas/1.jpg\", \"books/atlas/2.jpg\"]", new: "pages = []",
            message: "show.toml:34: book[0].pages: must list at least one page"),
        Case(
            old:
                "items = [ { title = \"Ada\", subtitle = \"Engineer\", image = \"people/ada.jpg\", text = \"Builds things.\" } ]",
            new: "items = []", message: "show.toml:39: cards[0].items: must list at least one card"),
        // Ids.
        Case(
            old: "id = \"maps\"", new: "id = \"Maps\"",
            message: "show.toml:26: folder[1].id: \"Maps\" is not a valid id (use a-z, 0-9, \"-\" and \"_\")"),
        Case(
            old: "id = \"maps\"", new: "id = \"books\"",
            message: "show.toml:26: folder[1].id: duplicate id \"books\" (also folder[0])"),
        // Curves.
        Case(
            old: "curve = \"ease-in-out\"", new: "curve = \"bouncy\"",
            message:
                "show.toml:9: launch.curve: unknown timing curve \"bouncy\": expected linear, ease-in, ease-out, ease-in-out or cubic-bezier(x1, y1, x2, y2)"
        ),
        Case(
            old: "curve = \"ease-in-out\"", new: "curve = \"cubic-bezier(1.5, 0, 0.5, 1)\"",
            message: "show.toml:9: launch.curve: cubic-bezier: x1 = 1.5 is outside 0...1"),
        Case(
            old: "curve = \"ease-in-out\"", new: "curve = \"cubic-bezier(0.1, 0.2, 0.3)\"",
            message: "show.toml:9: launch.curve: cubic-bezier takes 4 numbers (x1, y1, x2, y2), got 3"),
        // Targets: spelling, then existence.
        Case(
            old: "open = \"shelf\"", new: "open = \"shelves\"",
            message:
                "show.toml:16: home.tiles[1].open: \"shelves\" is not a target (expected home, shelf, menu, folder:<id>, book:<id> or cards:<id>)"
        ),
        Case(
            old: "open = \"book:atlas\"", new: "open = \"book:Atlas\"",
            message:
                "show.toml:23: folder[0].tiles[0].open: \"book:Atlas\": \"Atlas\" is not a valid id (use a-z, 0-9, \"-\" and \"_\")"
        ),
        Case(
            old: "open = \"folder:books\"", new: "open = \"folder:\"",
            message: "show.toml:15: home.tiles[0].open: \"folder:\" names no id"),
        Case(
            old: "open = \"folder:books\"", new: "open = \"folder:bookz\"",
            message: "show.toml:15: home.tiles[0].open: no folder \"bookz\" (folders: books, maps)"),
        Case(
            old: "open = \"book:atlas\"", new: "open = \"book:atlass\"",
            message: "show.toml:23: folder[0].tiles[0].open: no book \"atlass\" (books: atlas)"),
        Case(
            old: "open = \"home\" }", new: "open = \"cards:crew\" }",
            message: "show.toml:48: menu.items[0].open: no card list \"crew\" (card lists: team)"),
        Case(
            old: "open = \"home\" }", new: "open = 7 }",
            message: "show.toml:48: menu.items[0].open: expected a string, found an integer"),
        // Asset paths.
        Case(
            old: "wallpaper = \"home/wall.jpg\"", new: "wallpaper = \"/srv/wall.jpg\"",
            message: "show.toml:12: home.wallpaper: \"/srv/wall.jpg\" must be relative to the show folder"),
        Case(
            old: "cover = \"books/atlas/cover.jpg\"", new: "cover = \"../cover.jpg\"",
            message: "show.toml:33: book[0].cover: \"../cover.jpg\" must not go up with \"..\""),
        Case(
            old: "\"books/atlas/2.jpg\"", new: "\"books/../../2.jpg\"",
            message: "show.toml:34: book[0].pages[1]: \"books/../../2.jpg\" must not go up with \"..\""),
        Case(
            old: "landscape = \"launch/bg-l.png\"", new: "landscape = \"\"",
            message: "show.toml:6: launch.background.landscape: must not be empty"),
        // Ranges and choices.
        Case(
            old: "columns = 4", new: "columns = 13", message: "show.toml:13: home.columns: must be from 1 to 12, got 13"
        ),
        Case(
            old: "hold = 0.5", new: "hold = -0.25",
            message: "show.toml:7: launch.hold: must be from 0 to 60 seconds, got -0.25"),
        Case(
            old: "duration = 1.2", new: "duration = 90",
            message: "show.toml:8: launch.duration: must be from 0 to 60 seconds, got 90"),
        Case(
            old: "tip_opacity = 0.8", new: "tip_opacity = 1.5",
            message: "show.toml:43: cards[0].tip_opacity: must be from 0 to 1, got 1.5"),
        Case(
            old: "tip_angle = -15", new: "tip_angle = -200",
            message: "show.toml:41: cards[0].tip_angle: must be from -180 to 180 degrees, got -200"),
        Case(
            old: "tip_offset = [-20, -20]", new: "tip_offset = [-20]",
            message: "show.toml:42: cards[0].tip_offset: must be 2 numbers [x, y], got 1"),
        Case(
            old: "tip_offset = [-20, -20]", new: "tip_offset = [-20, 5000]",
            message: "show.toml:42: cards[0].tip_offset[1]: must be from -1000 to 1000 points, got 5000"),
        Case(
            old: "tip_duration = 0.4", new: "tip_duration = 0",
            message: "show.toml:44: cards[0].tip_duration: must be more than 0 and at most 10 seconds, got 0"),
        Case(
            old: "tip = \"rotate\"", new: "tip = \"spin\"",
            message: "show.toml:40: cards[0].tip: \"spin\" is not one of rotate, flip"),
        Case(
            old: "again = \"none\"", new: "again = \"always\"",
            message: "show.toml:45: cards[0].again: \"always\" is not one of none, fade"),
    ]

    @Test(arguments: cases)
    func badManifest(_ c: Case) {
        let text = ManifestFixture.replacing(c.old, with: c.new)
        do {
            let show = try Show.parse(text: text, path: "show.toml")
            Issue.record("parsed: \(show.title)")
        } catch {
            #expect(error.description == c.message)
        }
    }

    @Test func atLeastTwentyFiveCases() {
        #expect(Self.cases.count >= 25)
    }

    @Test func syntaxErrorHasTheParsersLine() {
        do {
            _ = try Show.parse(text: ManifestFixture.replacing("columns = 4", with: "columns = = 4"), path: "show.toml")
            Issue.record("parsed")
        } catch {
            #expect(error.line == 13)
            #expect(error.key == "")
            #expect(error.description.hasPrefix("show.toml:13: TOML syntax: "))
        }
    }

    @Test func missingSectionsAtTheRootHaveNoLine() {
        #expect(throws: ConfigError(file: "show.toml", line: nil, key: "home", message: "missing (required)")) {
            try Show.parse(text: "title = \"x\"\n", path: "show.toml")
        }
        #expect(throws: ConfigError(file: "show.toml", line: nil, key: "title", message: "missing (required)")) {
            try Show.parse(text: "", path: "show.toml")
        }
    }

    @Test func aTargetIntoAKindTheShowHasNone() {
        let text = """
            title = "x"
            [launch]
            left_door = { portrait = "a.png", landscape = "b.png" }
            right_door = { portrait = "c.png", landscape = "d.png" }
            background = { portrait = "e.png", landscape = "f.png" }
            [home]
            wallpaper = "w.jpg"
            tiles = [ { title = "Team", icon = "t.png", open = "cards:team" } ]
            """
        #expect(
            throws: ConfigError(
                file: "show.toml", line: 8, key: "home.tiles[0].open",
                message: "no card list \"team\" (the show has no card lists)")
        ) {
            try Show.parse(text: text, path: "show.toml")
        }
    }
}
