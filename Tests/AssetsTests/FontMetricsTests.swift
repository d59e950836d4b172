import Testing
@testable import Assets

/// DejaVu Sans's metrics as the engine reports them, against FreeType's own numbers and
/// the font's design units.
@Suite("Font metrics")
struct FontMetricsTests {
    @Test func defaultFontsAreDejaVu() throws {
        let engine = TextEngine()
        let regular = try engine.font(.regular)
        let bold = try engine.font(.bold)
        #expect(regular.familyName == "DejaVu Sans")
        #expect(regular.styleName == "Book")
        #expect(bold.familyName == "DejaVu Sans")
        #expect(bold.styleName == "Bold")
        #expect(regular.unitsPerEm == 2048)
        #expect(regular.path == Font.defaultPath)
        #expect(try engine.defaultFont() === regular)  // loaded once, kept
        #expect(regular.id != bold.id)
    }

    /// At 20 px: the design values scaled by 20/2048, grid-fitted by FreeType to whole
    /// pixels (ascender up, descender down, height to nearest).
    @Test func verticalMetricsAt20px() throws {
        let font = try TextEngine().defaultFont()
        let m = try font.metrics(size: 20)
        let design = font.designMetrics
        let scale = 20.0 / Double(font.unitsPerEm)
        #expect(m.size == 20)
        #expect(m.ascender == (Double(design.ascender) * scale).rounded(.up))
        #expect(m.descender == (Double(design.descender) * scale).rounded(.down))
        #expect(m.lineHeight == (Double(design.height) * scale).rounded())
        // DejaVu Sans: 1901, -483, 2384 units -> 19, -5, 23 px.
        #expect((m.ascender, m.descender, m.lineHeight) == (19, -5, 23))
        // Grid fitting rounds the ascender and descender outwards and the height to
        // nearest, so ascender - descender (24) can exceed the line height by a pixel.
        #expect(abs(m.lineHeight - (m.ascender - m.descender)) <= 1)
    }

    @Test func metricsGrowWithSize() throws {
        let font = try TextEngine().defaultFont()
        var previous = try font.metrics(size: 8)
        for size in [9.5, 12, 16, 20.25, 32, 64, 200] {
            let m = try font.metrics(size: size)
            #expect(m.size64 == Int32(size * 64))
            #expect(m.ascender >= previous.ascender && m.lineHeight > previous.lineHeight)
            #expect(abs(m.ascender - size * 1901 / 2048) < 1)
            previous = m
        }
    }

    /// HarfBuzz's advance for "M" (its scale set from the size) equals FreeType's
    /// unhinted advance at the same size, and the design advance scaled.
    @Test(arguments: [20.0, 13.5, 31.25])
    func advanceOfMMatchesFreeType(size: Double) throws {
        let engine = TextEngine()
        let font = try engine.defaultFont()
        let size64 = TextStyle.size64(size)
        let m = try #require(font.glyph(for: "M"))
        let run = try engine.shaper.shape("M", font: font, size64: size64)
        #expect(run.glyphs.map(\.id) == [m])
        let freeType = try font.freeTypeAdvance(glyph: m, size64: size64)
        #expect(run.glyphs[0].advance == freeType)
        let design = Double(font.unscaledAdvance(glyph: m)) * Double(size64) / 2048
        #expect(abs(Double(freeType) - design) <= 1)
        // And the layout measures the same width.
        let layout = try engine.layout("M", style: TextStyle(size: size), width: 200, height: 100)
        #expect(layout.lines.first?.width64 == freeType)
    }

    @Test func glyphCoverage() throws {
        let font = try TextEngine().defaultFont()
        #expect(font.covers("Vitrine Ελληνικά Кириллица עברית العربية …"))
        #expect(font.glyph(for: "\u{2026}") != nil)
        #expect(font.glyph(for: "\u{4E2D}") == nil)  // no CJK in DejaVu Sans
    }
}
