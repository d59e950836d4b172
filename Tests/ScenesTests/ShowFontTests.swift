import Assets
import Compositor
import Raster
import Show
import Testing

@testable import Scenes

/// The show's fonts reach the text: the rasterizer takes the show's `font` list
/// (`useFonts`), a section's `title_font` rides on its title layer's attributes, and
/// CJK text draws through the installed fonts (this machine has fonts-droid-fallback).
@Suite struct ShowFontTests {
    static let droid = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

    static func layer(named name: String, in root: Layer) -> Layer? {
        if root.name == name { return root }
        for s in root.sublayers { if let found = layer(named: name, in: s) { return found } }
        return nil
    }

    @Test func rasterizerTakesTheShowsFonts() throws {
        let text = AssetsTextRasterizer()
        text.useFonts(["Droid Sans Fallback", "/shows/x/fonts/Missing.ttf"])
        #expect(text.regularFont == .file(Self.droid) && text.boldFont == .file(Self.droid))
        #expect(text.regularFallbacks == [.file("/shows/x/fonts/Missing.ttf")])
        // A family that is not installed is left out; with nothing left, DejaVu Sans.
        text.useFonts(["No Such Family Vitrine"])
        #expect(text.regularFont == .regular && text.boldFont == .bold && text.regularFallbacks.isEmpty)
        text.useFonts([])
        #expect(text.regularFont == .regular && text.boldFont == .bold)
    }

    /// "Café Müller — 東京" in the default fonts: drawn, nothing reported; a layer naming
    /// its own font draws in it.
    @Test func cjkDrawsWithoutWarnings() throws {
        let text = AssetsTextRasterizer()
        let attributes = TextAttributes(size: 14, color: 0xFFFF_FFFF, maxLines: 1)
        let surface = try #require(text.rasterize("Café Müller — 東京", attributes: attributes, width: 160, height: 20))
        #expect(surface.width == 160)
        #expect(text.takeWarnings() == [])
        var own = attributes
        own.fonts = [Self.droid]
        #expect(text.rasterize("東京", attributes: own, width: 40, height: 20) != nil)
        #expect(text.takeWarnings() == [])
        _ = text.rasterize("\u{E000}", attributes: attributes, width: 40, height: 20)
        #expect(
            text.takeWarnings() == [
                "text \"\u{E000}\": no installed font has a glyph for 1 character (the first U+E000); drawn as empty boxes"
            ])
    }

    /// A folder's `title_font` is on its title, revealed from home or as a plain screen.
    @Test func titleFontReachesTheFoldersTitle() throws {
        var show = ShowFixture.show
        show.folders[0].titleFont = ["Noto Serif"]
        show.folders[1].titleFont = ["Noto Serif"]
        for start in [ShowTarget.folder("books"), .folder("more")] {
            let h = try ShowHarness(show: show, start: start)
            h.frame(at: 1)
            let title = try #require(
                Self.layer(named: "reveal.title", in: h.compositor.root) ?? Self.layer(named: "title", in: h.compositor.root))
            guard case .text(_, let attributes) = title.contents else {
                Issue.record("the folder's title is not text")
                continue
            }
            #expect(attributes.fonts == ["Noto Serif"], "\(start)")
        }
        // The plain screen (a folder opened from the menu).
        let h = try ShowHarness(show: show)
        let screen = try #require(h.scene.makeScreen(.folder("books")) as? FolderScreen)
        guard case .text(_, let attributes) = screen.titleLayer.contents else {
            Issue.record("the plain folder screen's title is not text")
            return
        }
        #expect(attributes.fonts == ["Noto Serif"])
    }

    /// A book's `title_font` is on its bar title, files under the show folder; other
    /// books' titles name no fonts (the show's).
    @Test func titleFontReachesTheBooksTitle() throws {
        var show = ShowFixture.show
        show.books[0].titleFont = ["fonts/Title.ttf", "Noto Serif"]
        let h = try ShowHarness(show: show, start: .book("atlas"))
        h.frame(at: 1)
        let title = try #require(Self.layer(named: "book.title", in: h.compositor.root))
        guard case .text(_, let attributes) = title.contents else {
            Issue.record("book.title is not text")
            return
        }
        #expect(attributes.fonts == ["/nonexistent/vitrine-fixture/fonts/Title.ttf", "Noto Serif"])
        let other = try ShowHarness(show: show, start: .book("tides"))
        other.frame(at: 1)
        let plain = try #require(Self.layer(named: "book.title", in: other.compositor.root))
        guard case .text(_, let plainAttributes) = plain.contents else { return }
        #expect(plainAttributes.fonts.isEmpty)
    }
}
