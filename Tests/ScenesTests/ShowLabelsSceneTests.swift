import Assets
import Compositor
import FixedPoint
import Raster
import Show
import Testing

@testable import Scenes

/// The show's labels on the screens, a show without `[launch]` (home at once, or a plain
/// cover while the orientation is unknown) and one without a menu (no menu button, and a
/// tap where it was does nothing). Small panels: the pixel loops run in debug builds.
@Suite struct ShowLabelsSceneTests {
    struct NotText: Error { let name: String }

    static let german = ShowLabels(
        home: "Startseite", shelf: "Regal", menu: "Menü", shelfEmpty: "Keine Bücher", cardsEmpty: "Keine Karten",
        menuEmpty: "Keine Einträge")

    /// The layer named `name` under `root` that is in the tree and not hidden, if any.
    static func shown(_ name: String, in root: Layer) -> Layer? {
        if root.isHidden { return nil }
        if root.name == name { return root }
        for s in root.sublayers {
            if let found = shown(name, in: s) { return found }
        }
        return nil
    }

    /// The string a text layer draws.
    static func text(_ name: String, in root: Layer) throws -> String {
        let layer = try #require(shown(name, in: root), "no layer \(name)")
        guard case .text(let s, _) = layer.contents else { throw NotText(name: name) }
        return s
    }

    /// The pixels (colour only) at which two frames of the same size differ.
    static func differences(_ a: Surface, _ b: Surface) -> [(x: Int, y: Int)] {
        var out: [(Int, Int)] = []
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] & 0xff_ffff != b[x, y] & 0xff_ffff { out.append((x, y)) }
        }
        return out
    }

    // MARK: Labels

    @Test func translatedLabelsAreWhatTheScreensDraw() throws {
        var show = ShowFixture.show
        show.labels = Self.german
        let shelf = try ShowHarness(show: show, start: .shelf)
        #expect(try Self.text("title", in: shelf.compositor.root) == "Regal")
        #expect(try Self.text("back.text", in: shelf.compositor.root) == "‹ Startseite")
        let cards = try ShowHarness(show: show, start: .cards("team"))
        #expect(try Self.text("cards.back.text", in: cards.compositor.root) == "‹ Startseite")
        let book = try ShowHarness(show: show, start: .book("atlas"))
        #expect(try Self.text("back.text", in: book.compositor.root) == "‹ Startseite")
        #expect(BookScreen.title(of: .shelf, show: show) == "Regal")
        #expect(BookScreen.title(of: .menu, show: show) == "Menü")

        var empty = show
        empty.books = []
        empty.cardLists[0].items = []
        let noBooks = try ShowHarness(show: empty, start: .shelf)
        #expect(try Self.text("shelf.empty", in: noBooks.compositor.root) == "Keine Bücher")
        let noCards = try ShowHarness(show: empty, start: .cards("team"))
        #expect(try Self.text("cards.empty", in: noCards.compositor.root) == "Keine Karten")
    }

    /// The English defaults are today's words (the goldens stay as they were).
    @Test func defaultLabelsAreTheEnglishWords() throws {
        let shelf = try ShowHarness(start: .shelf)
        #expect(try Self.text("title", in: shelf.compositor.root) == "Shelf")
        #expect(try Self.text("back.text", in: shelf.compositor.root) == "‹ Home")
    }

    /// A translated back button is drawn, and only the bar changes: the frames with the
    /// English and the German labels differ inside the back button and nowhere below the
    /// bar.
    @Test func aTranslatedBackButtonIsDrawn() throws {
        var show = ShowFixture.show
        show.labels.home = "Startseite"
        let english = try ShowHarness(start: .cards("team"), text: true)
        let german = try ShowHarness(show: show, start: .cards("team"), text: true)
        english.frame(at: 0)
        german.frame(at: 0)
        let differing = Self.differences(try english.render(), try german.render())
        let back = CardListLayout(count: 20, metrics: english.metrics).backButton
        #expect(!differing.isEmpty)
        #expect(differing.allSatisfy { back.contains(Point2D(Double($0.x) + 0.5, Double($0.y) + 0.5)) })
    }

    /// Right to left: the author writes the word, the arrow follows it. "‹ בית" is set
    /// right to left against the button's right edge, the arrow drawn mirrored ("›") at
    /// its right end; a left-to-right title keeps "‹" at the left.
    @Test(arguments: ["בית", "الرئيسية"]) func aRightToLeftBackTitleEndsWithTheMirroredArrow(word: String) throws {
        let engine = TextEngine()
        let font = try engine.font(.regular)
        let labels = ShowLabels(home: word)
        let box = 200
        let layout = try engine.layout(
            labels.backTitle(labels.home), style: TextStyle(size: 16, alignment: .leading), width: box, height: 30)
        let line = try #require(layout.lines.first)
        #expect(line.glyphs.last?.id == font.glyph(for: "›"))
        #expect(!line.glyphs.contains { $0.id == font.glyph(for: "‹") })
        #expect(line.x > box / 2 && line.x + layout.usedWidth >= box - 1, "x \(line.x), width \(layout.usedWidth)")

        let latin = try engine.layout(
            ShowLabels.english.backTitle("Home"), style: TextStyle(size: 16, alignment: .leading), width: box, height: 30)
        #expect(latin.lines.first?.glyphs.first?.id == font.glyph(for: "‹"))
        #expect(latin.lines.first?.x == 0)
    }

    // MARK: No launch

    /// A cold start of a show without `[launch]` is home at once: no doors, the same frame
    /// as a start on home, touches taken from the start.
    @Test func aShowWithoutLaunchStartsAtHome() throws {
        var show = ShowFixture.show
        show.launch = nil
        let cold = try ShowHarness(show: show)
        #expect(cold.scene.launch == nil && !cold.scene.isLaunching && !cold.scene.isWaitingForOrientation)
        #expect(cold.scene.current == .home && cold.scene.home.layer.superlayer != nil)
        #expect(cold.scene.screen == nil)
        let atHome = try ShowHarness(show: show, start: .home)
        #expect(Self.differences(try cold.render(), try atHome.render()).isEmpty)
        // The first tile (a folder) opens at once: no doors to wait for.
        try cold.load(cold.tap(cold.home.cell(0).centre, at: 0.1))
        cold.run(until: 0.2)
        #expect(cold.scene.current == .folder("books"))
    }

    /// Without `[launch]` and with the orientation not known yet, the kiosk draws a plain
    /// cover in the screens' background colour (home is not drawn in a layout it may have
    /// to turn) and takes no touches; home shows as soon as the orientation is known.
    @Test func withoutLaunchAnUnknownOrientationShowsAPlainCover() throws {
        var show = ShowFixture.show
        show.launch = nil
        let h = try ShowHarness(show: show, orientationKnown: false)
        #expect(h.scene.isWaitingForOrientation && h.scene.isLaunching)
        try h.load(h.tap(Point2D(x: 40, y: 50), at: 0.5))
        h.run(until: 1)
        #expect(h.scene.nextChange == nil)  // nothing until the orientation comes
        let cover = try h.render()
        let background = ScreenColors.background & 0xff_ffff
        var others = 0
        for y in 0..<cover.height {
            for x in 0..<cover.width where cover[x, y] & 0xff_ffff != background { others += 1 }
        }
        #expect(others == 0)
        #expect(h.scene.current == .home && h.scene.screen == nil && h.scene.transition == nil)

        h.scene.orientationKnown(at: 1.5)
        h.frame(at: 1.5)
        #expect(h.scene.launch == nil && !h.scene.isWaitingForOrientation)
        #expect(h.scene.home.layer.superlayer != nil)
        let atHome = try ShowHarness(show: show, start: .home)
        atHome.frame(at: 1.5)
        #expect(Self.differences(try h.render(), try atHome.render()).isEmpty)
    }

    // MARK: No menu

    static let menuButtons = ["home.menu", "menu", "book.menu", "cards.menu", "cards.detail.menu"]

    /// No menu items: no screen's bar has a menu button, and a tap where it would be
    /// does nothing.
    @Test(arguments: [ShowTarget.home, .shelf, .book("atlas"), .cards("team")])
    func withoutMenuNoScreenHasAMenuButton(start: ShowTarget) throws {
        var show = ShowFixture.show
        show.menu = []
        let h = try ShowHarness(show: show, start: start)
        for name in Self.menuButtons {
            #expect(Self.shown(name, in: h.compositor.root) == nil, "\(name) on \(start)")
        }
        try h.load(h.tap(h.metrics.menuButton.centre, at: 0.2))
        h.run(until: 1.5)
        #expect(h.scene.menu == nil && h.scene.current == start)
        // The demo's screens keep theirs.
        let withMenu = try ShowHarness(start: start)
        #expect(Self.menuButtons.contains { Self.shown($0, in: withMenu.compositor.root) != nil })
    }

    /// The home frames with and without a menu differ only inside the menu button's square.
    @Test func withoutMenuOnlyTheButtonsPixelsChange() throws {
        var show = ShowFixture.show
        show.menu = []
        let with = try ShowHarness(start: .home)
        let without = try ShowHarness(show: show, start: .home)
        let differing = Self.differences(try with.render(), try without.render())
        let button = with.metrics.menuButton
        #expect(!differing.isEmpty)
        #expect(differing.allSatisfy { button.contains(Point2D(Double($0.x) + 0.5, Double($0.y) + 0.5)) })
    }
}
