import Assets
import Compositor
import Foundation
import Raster
import Show
import ShowDemo
import Testing
import VitrineTestSupport

@testable import Scenes

/// Bad input for card lists, drawn (text on) on a 400x240 panel to keep the debug build
/// quick: missing and corrupt pictures (the placeholder, one warning each however often
/// the card comes back), a 10 000-character text and one with no spaces (ellipsized on
/// the card, whole in the detail, no hang), and titles in scripts DejaVu Sans lacks
/// (boxes, one warning per text). Plus goldens of a card's detail.
@Suite struct CardBadInputTests {
    static let golden = GoldenImage.directory()

    static func harness(_ show: Show, assets: ShowAssets, width: Int = 400, height: Int = 240, mount: Int = 0) throws
        -> (ShowHarness, CardListScreen)
    {
        let h = try ShowHarness(
            show: show, assets: assets, panelWidth: width, panelHeight: height, mount: mount, start: .cards("team"),
            text: true)
        return (h, try #require(h.scene.screen as? CardListScreen))
    }

    /// A picture that is missing and one that is not a picture: each card draws the
    /// placeholder; each path warns once, though the cards are displayed three times.
    @Test func missingAndCorruptPictures() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-cards-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("not a png".utf8).write(to: dir.appendingPathComponent("corrupt.png"))
        var cards = CardListScreenTests.cards(12)
        cards[0].image = "missing.png"
        cards[1].image = "corrupt.png"
        let assets = ShowAssets(directory: dir.path)
        let (h, s) = try Self.harness(CardListScreenTests.show(cards), assets: assets)
        try h.render()
        for y in [0.0, 1500, 0, 1500, 0] {
            s.scroll(to: y)
            h.frame(at: h.time + 0.5)
            try h.render()
        }
        let warnings = assets.takeWarnings()
        #expect(warnings.filter { $0.contains("missing.png") }.count == 1, "\(warnings)")
        #expect(warnings.filter { $0.contains("corrupt.png") }.count == 1, "\(warnings)")
        // The placeholder (64x64 grey) in the card's picture square.
        #expect(s.context.pictures.size("missing.png") == Size2D(width: 64, height: 64))
        #expect(s.context.pictures.size("corrupt.png") == Size2D(width: 64, height: 64))
    }

    /// Texts of 10 000 characters, with and without spaces: the card shows what fits,
    /// the last line cut with an ellipsis, in one draw; the detail shows the whole.
    @Test(arguments: [true, false]) func longText(spaces: Bool) throws {
        let word = spaces ? "Prisms split white light into colours. " : "Prismssplitwhitelightintocolours"
        let long = String(String(repeating: word, count: 10_000 / word.count + 1).prefix(10_000))
        var cards = CardListScreenTests.cards(4)
        cards[0].text = long
        cards[1].title = long
        cards[1].subtitle = long
        let (h, s) = try Self.harness(CardListScreenTests.show(cards), assets: ShowFixture.assets())
        try h.render()
        let engine = try #require(s.context.pictures.textEngine)
        let face = s.face
        let layout = try engine.layout(
            long, style: AssetsTextRasterizer.style(for: TextAttributes(size: face.textFont)), width: Int(face.text.width),
            height: Int(face.text.height))
        #expect(layout.isTruncated && layout.lines.last!.isEllipsized)
        s.openDetail(0)
        h.run(until: 0.5)
        try h.render()
        let pieces = s.detail.column.sublayers.filter { $0.name.hasPrefix("cards.detail.text2.") }
        var joined = ""
        for p in pieces { if case .text(let t, _) = p.contents { joined += t } }
        #expect(joined.filter { $0 != " " && $0 != "\n" } == long.filter { $0 != " " }, "\(pieces.count) pieces")
    }

    /// Titles in scripts DejaVu Sans lacks (Thai, Devanagari, Japanese) are drawn with an
    /// installed font that has them; what no installed font has (a private-use
    /// character; Thai and Devanagari without their fonts) is drawn with empty boxes, one
    /// warning per text naming the first character; Arabic and Greek, which DejaVu
    /// has, warn nothing. (This machine has fonts-droid-fallback: Japanese draws.)
    @Test func scriptsTheFontLacks() throws {
        var cards = CardListScreenTests.cards(6)
        let titles = ["ภาษาไทย", "हिन्दी", "日本語のタイトル", "Private \u{E000}", "العربية", "Ελληνικά"]
        let installed = { (c: Unicode.Scalar) in FontConfig.shared?.font(for: c, bold: true) != nil }
        for (i, t) in titles.enumerated() { cards[i].title = t }
        let (h, s) = try Self.harness(CardListScreenTests.show(cards), assets: ShowFixture.assets(), height: 480)
        try h.render()
        let rasterizer = try #require(h.compositor.textRasterizer as? AssetsTextRasterizer)
        s.scroll(to: 500)
        h.frame(at: 1)
        try h.render()
        let warnings = rasterizer.takeWarnings()
        let thai = !installed("ภ"), hindi = !installed("ह"), japanese = !installed("日")
        #expect(warnings.count == 1 + (thai ? 1 : 0) + (hindi ? 1 : 0) + (japanese ? 1 : 0), "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("text \"ภาษาไทย\": ") && $0.contains("(the first U+0E20)") } == thai)
        #expect(warnings.contains { $0.contains("\"日本語のタイトル\"") && $0.contains("8 characters") } == japanese)
        #expect(
            warnings.contains {
                $0 == "text \"Private \u{E000}\": no installed font has a glyph for 1 character (the first U+E000); drawn as empty boxes"
            })
        #expect(!warnings.contains { $0.contains("العربية") || $0.contains("Ελληνικά") })
        s.scroll(to: 0)
        h.frame(at: 2)
        try h.render()
        #expect(rasterizer.takeWarnings().isEmpty)
    }

    /// The detail of the demo's first card, open, at 800x480 r0 (picture left, column
    /// right) and r90 (one column): looked at.
    @Test(arguments: [0, 90]) func detailGolden(mount: Int) throws {
        let (h, s) = try Self.harness(DemoShow.show, assets: ShowAssets.demo(), width: 800, height: 480, mount: mount)
        h.frame(at: 1)
        s.openDetail(0)
        h.frame(at: 1.1)
        h.frame(at: 1.5)
        #expect(s.detail.layer.position.x == Double(h.scene.width) / 2)
        let surface = try h.render()
        try assertGolden(surface, named: "cards_detail_800x480_r\(mount)", in: Self.golden)
    }
}
