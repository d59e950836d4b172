import ConfigFile
import Testing

@testable import Show

/// `[labels]` (the runtime's own words, translated), and the optional `[launch]` and
/// `[menu]`: what they parse to, what the writer gives back, and the mistakes named.
@Suite struct ManifestLabelsTests {
    /// The smallest show: a title and a home screen (no launch, no menu, no labels).
    static let bare = """
        title = "Museum"

        [home]
        wallpaper = "w.jpg"
        tiles = []

        """

    @Test func labelsLeftOutAreEnglish() throws {
        let show = try Show.parse(text: Self.bare, path: "show.toml")
        #expect(show.labels == .english)
        #expect(show.labels.backTitle(show.labels.home) == "‹ Home")
        #expect(try Show.parse(text: Self.bare + "[labels]\n", path: "show.toml").labels == .english)
    }

    @Test func labelsSetAreRead() throws {
        let text =
            Self.bare + """
                [labels]
                home = "Startseite"
                shelf = "Regal"
                menu_empty = "Keine Einträge"
                back_arrow = ""

                """
        let labels = try Show.parse(text: text, path: "show.toml").labels
        #expect(labels.home == "Startseite")
        #expect(labels.shelf == "Regal")
        #expect(labels.menuEmpty == "Keine Einträge")
        #expect(labels.backArrow == "")
        #expect(labels.backTitle(labels.home) == "Startseite")  // no arrow, no space
        // The rest keep their defaults.
        #expect(labels.menu == "Menu" && labels.shelfEmpty == "No books" && labels.cardsEmpty == "No cards")
    }

    @Test func everyLabelRoundTripsThroughTheManifest() throws {
        var show = try Show.parse(text: Self.bare, path: "show.toml")
        show.labels = ShowLabels(
            backArrow: "←", home: "בית", shelf: "المكتبة", menu: "メニュー", shelfEmpty: "Keine Bücher",
            cardsEmpty: "Aucune \"carte\"", menuEmpty: "")
        let text = show.manifestText()
        #expect(try Show.parse(text: text, path: "show.toml") == show)
        #expect(text.contains("\nhome = \"בית\"  # a back button to home\n"))
        #expect(text.contains("\nmenu_empty = \"\"  # a menu without items\n"))
        #expect(text.contains("\ncards_empty = \"Aucune \\\"carte\\\"\"  # a card list without cards\n"))
    }

    @Test func defaultLabelsAreWrittenCommentedOut() throws {
        var show = try Show.parse(text: Self.bare, path: "show.toml")
        show.labels.shelf = "Regal"
        let text = show.manifestText()
        #expect(text.contains("\n[labels]\n"))
        #expect(text.contains("\n# home = \"Home\"  # a back button to home\n"))
        #expect(text.contains("\nshelf = \"Regal\"  # the shelf's title, and a back button to it\n"))
        for (key, _, _) in ShowLabels.keys where key != "shelf" {
            #expect(text.contains("\n# \(key) = "), "\(key)")
        }
        #expect(try Show.parse(text: text, path: "show.toml") == show)
    }

    @Test func launchAndMenuAreOptional() throws {
        let show = try Show.parse(text: Self.bare, path: "show.toml")
        #expect(show.launch == nil)
        #expect(show.menu.isEmpty && !show.hasMenu)
        let text = show.manifestText()
        #expect(!text.contains("[launch]"))
        #expect(!text.contains("[menu]"))
        #expect(try Show.parse(text: text, path: "show.toml") == show)
        // An empty `[menu]`, with or without `items`, is no menu.
        for menu in ["[menu]\n", "[menu]\nitems = []\n"] {
            #expect(try Show.parse(text: Self.bare + menu, path: "show.toml").hasMenu == false, "\(menu)")
        }
    }

    @Test func anUnknownLabelIsNamedWithTheNearestKey() {
        #expect(
            throws: ConfigError(
                file: "show.toml", line: 8, key: "labels.menu_emtpy",
                message: "unknown key (did you mean \"menu_empty\"?)")
        ) {
            try Show.parse(text: Self.bare + "[labels]\nhome = \"Start\"\nmenu_emtpy = \"x\"\n", path: "show.toml")
        }
        #expect(
            throws: ConfigError(
                file: "show.toml", line: 7, key: "labels.greeting", message: "unknown key")
        ) {
            try Show.parse(text: Self.bare + "[labels]\ngreeting = \"Hallo\"\n", path: "show.toml")
        }
        // `[labels]` itself, misspelt at the root.
        #expect(
            throws: ConfigError(
                file: "show.toml", line: 6, key: "lables", message: "unknown key (did you mean \"labels\"?)")
        ) {
            try Show.parse(text: Self.bare + "[lables]\nhome = \"Start\"\n", path: "show.toml")
        }
    }

    @Test func aLabelOfTheWrongTypeNamesItsLineAndKey() {
        #expect(
            throws: ConfigError(
                file: "show.toml", line: 8, key: "labels.shelf_empty", message: "expected a string, found an integer")
        ) {
            try Show.parse(text: Self.bare + "[labels]\nhome = \"Start\"\nshelf_empty = 0\n", path: "show.toml")
        }
        #expect(
            throws: ConfigError(file: "show.toml", line: 1, key: "labels", message: "expected a table, found a string")
        ) {
            try Show.parse(text: "labels = \"German\"\n" + Self.bare, path: "show.toml")
        }
    }

    @Test func labelsSetAreCheckedForGlyphsAndDefaultsAreNot() throws {
        var show = try Show.parse(text: Self.bare, path: "show.toml")
        #expect(!show.namedTexts.contains { $0.key.hasPrefix("labels.") })
        show.labels.menuEmpty = "ไม่มีรายการ"
        #expect(show.namedTexts.contains { $0.key == "labels.menu_empty" && $0.text == "ไม่มีรายการ" })
    }
}
