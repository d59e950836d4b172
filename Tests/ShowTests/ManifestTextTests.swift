import Motion
import ShowDemo
import Testing
import VitrineTestSupport

@testable import Show

@Suite struct ManifestTextTests {
    /// A show with everything a serializer can get wrong: quotes, backslashes, control
    /// characters and non-ASCII in strings; fractions, tiny and negative numbers; a custom
    /// curve; empty tile lists; no menu.
    static let awkward = Show(
        title: "Quotes \" and \\ back\\slashes\tand a tab",
        launch: LaunchSection(
            leftDoor: OrientedImage(portrait: "doors/l p.png", landscape: "doors/ünï.png"),
            rightDoor: OrientedImage(portrait: "r.png", landscape: "./r-l.png"),
            background: OrientedImage(portrait: "bg/p.png", landscape: "bg/l.png"),
            hold: 0.1, duration: 1e-7, curve: try! .cubicBezier(0.25, -0.6, 0.3, 1.8)),
        home: HomeSection(wallpaper: "w.jpg", columns: 1, tiles: []),
        folders: [
            Folder(id: "a_1", title: "Line\nbreak", tiles: []),
            Folder(
                id: "b-2", title: "Ctrl \u{01}\u{7F} and emoji 🌅",
                tiles: [Tile(title: "x", icon: "i.png", open: .folder("a_1"))]),
        ],
        books: [Book(id: "0", title: "Zero", cover: "c.jpg", pages: ["p1.jpg"])],
        cardLists: [
            CardList(
                id: "z", title: "Z", items: [Card(title: "T", subtitle: "", image: "i.jpg", text: "")], tip: .flip,
                tipAngle: 179.5, tipOffsetX: -1000, tipOffsetY: 0.30000000000000004, tipOpacity: 0, tipDuration: 10,
                again: .fade)
        ],
        menu: [])

    @Test func awkwardShowRoundTrips() throws {
        let text = Self.awkward.manifestText()
        #expect(try Show.parse(text: text, path: "show.toml") == Self.awkward)
        #expect(!text.contains("[menu]"))
        #expect(text.contains("title = \"Quotes \\\" and \\\\ back\\\\slashes\\tand a tab\"\n"))
        #expect(text.contains("title = \"Ctrl \\u0001\\u007F and emoji 🌅\""))
        #expect(text.contains("duration = 1e-07  # seconds the doors take to open\n"))
        #expect(text.contains("curve = \"cubic-bezier(0.25, -0.6, 0.3, 1.8)\""))
        #expect(text.contains("tip_offset = [-1000, 0.30000000000000004]"))
    }

    @Test func randomShowsRoundTrip() throws {
        var random = SplitMix64(seed: 0x5348_4F57)
        for _ in 0..<40 {
            let show = Self.randomShow(&random)
            let text = show.manifestText()
            #expect(try Show.parse(text: text, path: "show.toml") == show, "\(text)")
        }
    }

    @Test func demoManifestLayout() {
        let text = DemoShow.show.manifestText()
        #expect(text.hasPrefix("# A Vitrine show: what the kiosk plays. Every key is explained in the guide\n"))
        #expect(!text.contains("DESIGN.md"))
        #expect(
            text.contains(
                """

                [launch]
                left_door = { portrait = "launch/left-p.png", landscape = "launch/left-l.png" }
                right_door = { portrait = "launch/right-p.png", landscape = "launch/right-l.png" }
                background = { portrait = "launch/bg-p.png", landscape = "launch/bg-l.png" }
                hold = 0.5  # seconds the closed doors stay once orientation is known
                duration = 1.2  # seconds the doors take to open

                """))
        #expect(
            text.contains(
                """
                [[folder]]
                id = "visit"
                title = "Visit"
                tiles = [
                  { title = "People", icon = "icons/people.png", open = "cards:team" },
                  { title = "Night Sky", icon = "books/stars/cover.jpg", open = "book:stars" },
                  { title = "Home", icon = "icons/home.png", open = "home" },
                  { title = "Menu", icon = "icons/menu.png", open = "menu" },
                ]

                """))
        #expect(text.contains("  { title = \"Visit\", open = \"folder:visit\" },\n]\n\n[labels]\n"))
        #expect(
            text.hasSuffix(
                """
                [labels]
                # The words Vitrine draws by itself, to translate; a key left commented keeps
                # the English shown.
                # back_arrow = "‹"  # the mark before a back button's title
                # home = "Home"  # a back button to home
                # shelf = "Shelf"  # the shelf's title, and a back button to it
                # menu = "Menu"  # a back button to the menu
                # shelf_empty = "No books"  # a shelf without books
                # cards_empty = "No cards"  # a card list without cards
                # menu_empty = "No menu items"  # a menu without items

                """))
    }

    @Test func numbersAreWrittenAsPeopleWriteThem() {
        #expect(TOMLText.number(-15) == "-15")
        #expect(TOMLText.number(0) == "0")
        #expect(TOMLText.number(0.8) == "0.8")
        #expect(TOMLText.number(1e300) == "1e+300")
        #expect(TOMLText.number(-0.25) == "-0.25")
    }

    // MARK: - Random shows

    static func randomShow(_ r: inout SplitMix64) -> Show {
        func pick<T>(_ xs: [T]) -> T { xs[Int(r.next() % UInt64(xs.count))] }
        func count(_ max: Int) -> Int { Int(r.next() % UInt64(max + 1)) }
        func text() -> String {
            let pieces = ["a", "Z", " ", "\"", "\\", "\n", "é", "日本", "🙂", "#", "=", "[", "}", "\t", "'", "x y"]
            return (0...count(6)).map { _ in pick(pieces) }.joined()
        }
        func id() -> String { (0...count(4)).map { _ in pick(["a", "b", "0", "-", "_", "z9"]) }.joined() }
        func asset() -> String { pick(["a.png", "dir/b.jpg", "x y/ü.png", "./c.png", "d/e/f.jpg"]) }
        func number(_ lo: Double, _ hi: Double) -> Double {
            let v = lo + (hi - lo) * Double(r.next() >> 11) / Double(1 << 53)
            return pick([v, v.rounded(), (v * 10).rounded() / 10])
        }
        func uniqueIDs(_ n: Int) -> [String] {
            var ids: [String] = []
            while ids.count < n {
                let candidate = id()
                if !ids.contains(candidate) { ids.append(candidate) }
            }
            return ids
        }
        let folderIDs = uniqueIDs(count(3))
        let bookIDs = uniqueIDs(count(3))
        let cardIDs = uniqueIDs(count(2))
        var targets: [ShowTarget] = [.home, .shelf, .menu]
        targets += folderIDs.map { .folder($0) } + bookIDs.map { .book($0) } + cardIDs.map { .cards($0) }
        func title() -> String { "T" + text() }
        func tiles() -> [Tile] { (0..<count(4)).map { _ in Tile(title: title(), icon: asset(), open: pick(targets)) } }
        func oriented() -> OrientedImage { OrientedImage(portrait: asset(), landscape: asset()) }
        let curves: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInOut, try! .cubicBezier(0.1, -2, 0.9, 3)]
        // Each label kept (its default, written commented out) or set, "" included.
        var labels = ShowLabels.english
        for (_, path, _) in ShowLabels.keys where count(1) == 1 { labels[keyPath: path] = pick(["", text()]) }
        let launch =
            count(3) == 0
            ? nil
            : LaunchSection(
                leftDoor: oriented(), rightDoor: oriented(), background: oriented(), hold: number(0, 60),
                duration: number(0, 60), curve: pick(curves))
        return Show(
            title: title(),
            launch: launch,
            home: HomeSection(wallpaper: asset(), columns: 1 + count(11), tiles: tiles()),
            folders: folderIDs.map { Folder(id: $0, title: title(), tiles: tiles()) },
            books: bookIDs.map {
                Book(id: $0, title: title(), cover: asset(), pages: (0...count(3)).map { _ in asset() })
            },
            cardLists: cardIDs.map {
                CardList(
                    id: $0, title: title(),
                    items: (0...count(3)).map { _ in
                        Card(title: title(), subtitle: text(), image: asset(), text: text())
                    },
                    tip: pick(CardList.Tip.allCases), tipAngle: number(-180, 180), tipOffsetX: number(-1000, 1000),
                    tipOffsetY: number(-1000, 1000), tipOpacity: number(0, 1), tipDuration: max(0.001, number(0, 10)),
                    again: pick(CardList.Again.allCases))
            },
            menu: (0..<count(3)).map { _ in MenuItem(title: title(), open: pick(targets)) },
            labels: labels)
    }
}
