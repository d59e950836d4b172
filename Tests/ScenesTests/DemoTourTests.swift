import Compositor
import FixedPoint
import Input
import Show
import ShowDemo
import Testing

@testable import Scenes

@Suite struct DemoTourTests {
    /// What the tour visits, played through tracker, router and scene as the runtime does.
    struct Visit: Equatable {
        var targets: [ShowTarget] = []
        var bookPages: Set<Int> = []
        /// The card list's largest offset, points.
        var cardOffset = 0.0
    }

    static func play(show: Show, assets: ShowAssets, panel: (Int, Int), mount: Int) throws -> (Visit, TouchScript) {
        let text = DemoTour.script(show: show, panel: MountedPanel(mount: mount, width: panel.0, height: panel.1).tour)
        let script = try TouchScript.parse(text, path: "tour.touch")
        let h = try ShowHarness(show: show, assets: assets, panelWidth: panel.0, panelHeight: panel.1, mount: mount)
        h.player = TouchScript.Player(script)
        var v = Visit()
        h.run(until: script.duration + 1) { _ in
            if v.targets.last != h.scene.current { v.targets.append(h.scene.current) }
            if let b = h.scene.screen as? BookScreen { v.bookPages.insert(b.page) }
            if let c = h.scene.screen as? CardListScreen { v.cardOffset = max(v.cardOffset, c.offset) }
        }
        #expect(!h.scene.isAnimating)
        return (v, script)
    }

    /// The tour parses, and walks: a folder, a book in it (two pages on), back to the
    /// folder, home, the card list (scrolled on), home, the menu, an item, home.
    @Test(arguments: [0, 90, 180, 270]) func tourVisitsEveryScreen(mount: Int) throws {
        let (v, script) = try Self.play(
            show: ShowFixture.show, assets: ShowFixture.assets(), panel: (240, 144), mount: mount)
        #expect(
            v.targets == [
                .home, .folder("books"), .book("atlas"), .folder("books"), .home, .cards("team"), .home, .menu, .shelf,
                .home,
            ])
        #expect(v.bookPages == [-1, 0, 1])
        let logical = mount % 180 == 0 ? (240, 144) : (144, 240)
        // Two swipes up fling the list on by more than a viewport's height.
        let cards = CardListLayout(count: 20, metrics: ScreenMetrics(width: logical.0, height: logical.1))
        #expect(v.cardOffset > cards.viewport.height, "\(v.cardOffset)")
        #expect(script.duration > 14 && script.duration < 21, "\(script.duration)")
    }

    /// The script's text: a header, then one step every 1.2 s from 0.6 s after the doors,
    /// 3 s after the menu's item (its swing up).
    @Test func scriptText() throws {
        let text = DemoTour.script(show: ShowFixture.show, panel: MountedPanel(mount: 0, width: 240, height: 144).tour)
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "# Vitrine demo tour of \"Fixture\": 240x144 panel, mount 0.")
        let home = HomeLayout(home: ShowFixture.show.home, width: 240, height: 144)
        let p = home.grid.tapPoint(0)
        #expect(lines[3] == "2.300  tap    \(Int(p.x.rounded())) \(Int(p.y.rounded()))    # open the folder \"books\"")
        #expect(lines[lines.count - 2].hasPrefix("18.500  tap    "), "\(lines[lines.count - 2])")
        #expect(lines[lines.count - 3].hasPrefix("15.500  tap    "), "\(lines[lines.count - 3])")
        #expect(lines.count == 3 + 13 + 1)
        #expect(lines.last == "# Home again by 18.900 s; a render to 20.000 s shows it resting.")
        #expect(DemoTour.duration(show: ShowFixture.show) == 20.0)
    }

    /// A show whose card list is only in a folder, with no books and an empty menu: the
    /// tour takes two taps to the cards and skips what is missing (the menu too).
    @Test func tourSkipsWhatTheShowLacks() throws {
        var show = ShowFixture.show
        show.home.tiles = [show.home.tiles[3]]  // "More": a folder holding the card list
        show.menu = []
        let (v, _) = try Self.play(show: show, assets: ShowFixture.assets(), panel: (240, 144), mount: 0)
        #expect(v.targets == [.home, .folder("more"), .home, .folder("more"), .cards("team"), .home])
    }

    /// The tour's logical points land on the Architecture article's panel pixels, and come back
    /// through the touch path's inverse.
    @Test(arguments: [0, 90, 180, 270]) func panelPixelsRoundTrip(mount: Int) {
        let (w, h) = (240, 144)
        let panel = MountedPanel(mount: mount, width: w, height: h)
        let p = Point2D(x: 17, y: 30)
        let q = panel.tour.pixel(p.x, p.y)
        let expected: (Int, Int) =
            switch mount {
            case 90: (30, 144 - 1 - 17)
            case 180: (240 - 1 - 17, 144 - 1 - 30)
            case 270: (240 - 1 - 30, 17)
            default: (17, 30)
            }
        #expect(q.x == expected.0 && q.y == expected.1)
        let back = panel.logical(PanelPoint(x: Double(q.x), y: Double(q.y)))
        #expect(back == Point2D(x: 17, y: 30))
    }

    /// The demo show's tour, as `vitrine render` plays it: every kind of screen, two
    /// pages on in a book, the card list scrolled on, back home at the end.
    @Test(arguments: [0, 90]) func demoShowTour(mount: Int) throws {
        let (v, script) = try Self.play(show: DemoShow.show, assets: ShowAssets.demo(), panel: (240, 144), mount: mount)
        let kinds = v.targets.map { t -> String in
            switch t {
            case .folder: "folder"
            case .book: "book"
            case .cards: "cards"
            default: t.description
            }
        }
        #expect(kinds.first == "home" && kinds.last == "home", "\(v.targets)")
        for kind in ["folder", "book", "cards", "menu"] { #expect(kinds.contains(kind), "\(v.targets)") }
        #expect(v.bookPages == [-1, 0, 1])
        #expect(v.cardOffset > 0)
        #expect(script.duration >= 15 && script.duration <= 21, "\(script.duration)")
        #expect(DemoTour.duration(show: DemoShow.show) == 20.0)
    }
}
