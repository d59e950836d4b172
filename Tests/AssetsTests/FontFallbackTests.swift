import Raster
import Testing

@testable import Assets

/// Per-character fallback: a paragraph split into runs of one font, the installed fonts
/// found through fontconfig (this machine has fonts-dejavu-core and
/// fonts-droid-fallback), CJK drawn instead of missing-glyph boxes, and the fallback
/// kept per character.
@Suite struct FontFallbackTests {
    static let droid = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

    /// Runs of `text` with `font` deciding per character: (the run's text, its font).
    static func runs(_ text: String, _ font: (Unicode.Scalar) -> Int) -> [(String, Int)] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { utf8 in
            FontRun.split(utf8, range: 0..<utf8.count, font: font).map {
                (String(decoding: bytes[$0.range], as: UTF8.self), $0.font)
            }
        }
    }

    /// 1 for CJK ideographs and kana, 0 for everything else.
    static func cjk(_ s: Unicode.Scalar) -> Int { (0x3040...0x9FFF).contains(s.value) ? 1 : 0 }

    @Test func splitsWhereTheFontChanges() {
        let r = Self.runs("Café Müller — 東京", Self.cjk)
        #expect(r.map(\.0) == ["Café Müller — ", "東京"])
        #expect(r.map(\.1) == [0, 1])
        // Spaces and marks stay with the text around them; a run of only spaces is font 0.
        #expect(Self.runs("東京 タワー x", Self.cjk).map(\.0) == ["東京 タワー ", "x"])
        #expect(Self.runs("  ", Self.cjk).map(\.1) == [0])
        #expect(Self.runs(" 東", Self.cjk).map(\.1) == [1])
        #expect(Self.runs("e\u{301}東", Self.cjk).map(\.0) == ["e\u{301}", "東"])
        #expect(Self.runs("", Self.cjk).isEmpty)
        // Every byte in exactly one run, in order.
        let text = "a東b京c🙂"
        #expect(Self.runs(text, Self.cjk).map(\.0).joined() == text)
    }

    @Test func decodesEveryUTF8Length() {
        let text = "a\u{E9}\u{6771}\u{1F642}"
        let bytes = Array(text.utf8)
        var i = 0
        var scalars: [Unicode.Scalar] = []
        bytes.withUnsafeBufferPointer { utf8 in
            while i < utf8.count {
                let (s, n) = FontRun.decode(utf8, at: i)
                scalars.append(s)
                i += n
            }
        }
        #expect(scalars == Array(text.unicodeScalars))
    }

    @Test func fontconfigFindsFamiliesAndCharacters() throws {
        let config = try #require(FontConfig.shared)
        #expect(config.font(family: "DejaVu Sans", bold: false)?.path.hasSuffix("DejaVuSans.ttf") == true)
        #expect(config.font(family: "dejavusans", bold: true)?.path.hasSuffix("DejaVuSans-Bold.ttf") == true)
        #expect(config.font(family: "No Such Family Vitrine", bold: false) == nil)
        #expect(config.closestFont(family: "No Such Family Vitrine") != nil)
        #expect(config.font(family: "sans-serif", bold: false) != nil)
        #expect(config.font(for: "東", bold: false)?.path == Self.droid)
        // A private-use character no installed font has.
        #expect(config.font(for: "\u{E000}", bold: false) == nil)
    }

    /// "東京" in DejaVu Sans, which has neither: drawn with Droid Sans Fallback, two
    /// different glyphs (not two `.notdef` boxes), each with ink, and the two
    /// characters' pictures differ.
    @Test func cjkDrawsWithAnInstalledFont() throws {
        let engine = TextEngine()
        let style = TextStyle(size: 16, color: 0xFFFF_FFFF)
        let layout = try engine.layout("東京", style: style, width: 48, height: 20)
        let glyphs = try #require(layout.lines.first?.glyphs)
        #expect(glyphs.count == 2)
        #expect(glyphs.allSatisfy { $0.id != 0 && $0.font == 1 })
        #expect(glyphs[0].id != glyphs[1].id)
        #expect(layout.fonts.count == 2 && layout.fonts[1].path == Self.droid)
        let surface = engine.render(layout)
        let left = TextFixtures.inkCount(surface, in: PixelRect(x: 0, y: 0, width: 16, height: 20))
        let right = TextFixtures.inkCount(surface, in: PixelRect(x: 16, y: 0, width: 16, height: 20))
        #expect(left > 20 && right > 20)
        let swapped = try engine.render("京東", style: style, width: 48, height: 20)
        #expect(TextFixtures.bytes(surface) != TextFixtures.bytes(swapped))
        #expect(engine.missingCharacters(in: "Café Müller — 東京", style: style).isEmpty)

        // Without fallback: DejaVu's boxes, the same glyph twice.
        let plain = TextEngine(usesInstalledFonts: false)
        let boxes = try plain.layout("東京", style: style, width: 48, height: 20)
        #expect(boxes.lines[0].glyphs.allSatisfy { $0.id == 0 && $0.font == 0 })
        #expect(plain.missingCharacters(in: "東京", style: style) == ["東", "京"])
    }

    /// Latin and CJK in one line: two runs, the Latin in DejaVu Sans as before.
    @Test func mixedTextKeepsLatinInItsFont() throws {
        let engine = TextEngine()
        let style = TextStyle(size: 14)
        let mixed = try engine.layout("Café 東京", style: style, width: 200, height: 20)
        let latin = try engine.layout("Café", style: style, width: 200, height: 20)
        let glyphs = mixed.lines[0].glyphs
        #expect(glyphs.map(\.font) == [0, 0, 0, 0, 0, 1, 1])
        #expect(Array(glyphs.prefix(4)) == latin.lines[0].glyphs)
    }

    /// Hebrew, Arabic and CJK: right to left stays right to left, the CJK run placed on
    /// the left of the Hebrew it follows (visual order), every glyph found.
    @Test func rightToLeftWithAFallbackRun() throws {
        let engine = TextEngine()
        let style = TextStyle(size: 14)
        let layout = try engine.layout("שלום 東京", style: style, width: 200, height: 20)
        let glyphs = layout.lines[0].glyphs
        #expect(glyphs.allSatisfy { $0.id != 0 })
        #expect(glyphs.first?.font == 1 && glyphs.last?.font == 0)
        #expect(zip(glyphs, glyphs.dropFirst()).allSatisfy { $0.x64 <= $1.x64 })
        let arabic = try engine.layout("مرحبا", style: style, width: 200, height: 20)
        #expect(arabic.lines[0].glyphs.allSatisfy { $0.id != 0 && $0.font == 0 })
    }

    /// The ellipsis falls back as the text does: in a font without "…" (Droid Sans
    /// Fallback has neither it nor "."), it comes from an installed font that has it,
    /// not as boxes.
    @Test func ellipsisFallsBackToo() throws {
        let engine = TextEngine()
        let style = TextStyle(font: .file(Self.droid), size: 14, maxLines: 1)
        let layout = try engine.layout("Atlas of Light and more", style: style, width: 60, height: 20)
        let line = try #require(layout.lines.first)
        #expect(line.isEllipsized)
        #expect(line.glyphs.allSatisfy { $0.id != 0 }, "\(line.glyphs)")
        #expect(line.glyphs.last.map { layout.fonts[Int($0.font)].glyph(for: "\u{2026}") != nil } == true)
    }

    /// A style's own fallbacks come before the installed fonts.
    @Test func styleFallbacksComeFirst() throws {
        let engine = TextEngine()
        var style = TextStyle(size: 14, fallbackFonts: [.file(Self.droid)])
        let layout = try engine.layout("a東", style: style, width: 100, height: 20)
        #expect(layout.lines[0].glyphs.map(\.font) == [0, 1])
        #expect(layout.fonts.map(\.path) == [Font.defaultPath, Self.droid])
        style.fallbackFonts = []
        #expect(try engine.layout("a東", style: style, width: 100, height: 20).fonts.map(\.path) == [Font.defaultPath, Self.droid])
    }

    /// The fallback is kept per character and weight, found or not: asked again, the
    /// same font, fontconfig not asked (the table does not grow).
    @Test func fallbackIsKeptPerCharacter() throws {
        let engine = TextEngine()
        let a = engine.fallbackFont(for: "東", bold: false)
        #expect(a?.path == Self.droid)
        #expect(engine.fallbackFont(for: "\u{E000}", bold: false) == nil)
        let known = engine.fallbackTable.count
        #expect(engine.fallbackFont(for: "東", bold: false) === a)
        #expect(engine.fallbackFont(for: "\u{E000}", bold: false) == nil)
        #expect(engine.fallbackTable.count == known)
        #expect(engine.fallbackFont(for: "東", bold: true)?.path == Self.droid)
        #expect(engine.fallbackTable.count == known + 1)
    }
}
