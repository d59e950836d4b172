import Testing
@testable import Assets

/// HarfBuzz shaping through the engine's shaper: kerning, ligatures, marks, scripts.
@Suite("Text shaping")
struct TextShaperTests {
    let engine = TextEngine()
    let size64: Int32 = 20 * 64

    func shape(_ text: String) throws -> ShapedRun {
        try engine.shaper.shape(text, font: try engine.defaultFont(), size64: size64)
    }

    @Test func kerningNarrowsAV() throws {
        let av = try shape("AV"), a = try shape("A"), v = try shape("V")
        #expect(av.glyphs.count == 2)
        #expect(av.advance < a.advance + v.advance)
        #expect(av.glyphs.map(\.cluster) == [0, 1])
    }

    /// DejaVu Sans has fi and ffi ligatures: one glyph for several characters, its
    /// cluster the first character's offset.
    @Test func ligatures() throws {
        let font = try engine.defaultFont()
        let fi = try shape("fi")
        #expect(fi.glyphs.count == 1)
        #expect(fi.glyphs[0].id != font.glyph(for: "f"))
        #expect(fi.glyphs[0].cluster == 0)
        let office = try shape("office")
        #expect(office.glyphs.map(\.cluster) == [0, 1, 4, 5])
    }

    @Test func combiningMarksShareTheBaseCluster() throws {
        let x = try shape("x\u{301}\u{323}")
        #expect(x.glyphs.count == 3)
        #expect(x.glyphs.allSatisfy { $0.cluster == 0 && $0.id != 0 })
        #expect(x.glyphs[1].advance == 0 && x.glyphs[2].advance == 0)
        // e + combining acute: HarfBuzz composes it to é, which DejaVu has.
        let e = try shape("e\u{301}")
        #expect(e.glyphs.map(\.id) == [try #require(engine.defaultFont().glyph(for: "\u{E9}"))])
    }

    @Test(arguments: ["Ελληνικά", "Кириллица", "Ünïcödé", "ﬁ …"])
    func leftToRightScriptsHaveGlyphs(text: String) throws {
        let run = try shape(text)
        #expect(!run.isRightToLeft)
        #expect(!run.glyphs.isEmpty && run.glyphs.allSatisfy { $0.id != 0 })
        let clusters = run.glyphs.map(\.cluster)
        #expect(clusters == clusters.sorted())
    }

    /// Hebrew and Arabic shape right to left: glyphs in visual order, clusters counting
    /// down; Arabic letters take joining forms (not the isolated form of each).
    @Test(arguments: ["שלום", "مرحبا"])
    func rightToLeftScripts(text: String) throws {
        let run = try shape(text)
        #expect(run.isRightToLeft)
        #expect(run.glyphs.allSatisfy { $0.id != 0 })
        let clusters = run.glyphs.map(\.cluster)
        #expect(clusters == clusters.sorted(by: >))
        #expect(clusters.last == 0)
    }

    /// The reused buffer forgets the last text's direction and script.
    @Test func directionIsGuessedAfresh() throws {
        #expect(try shape("שלום").isRightToLeft)
        #expect(try !shape("Hello").isRightToLeft)
        #expect(try shape("مرحبا").isRightToLeft)
    }

    @Test func arabicJoins() throws {
        let font = try engine.defaultFont()
        let run = try shape("بب")
        // Two beh: neither is the isolated form (the cmap's glyph for U+0628).
        #expect(run.glyphs.allSatisfy { $0.id != font.glyph(for: "\u{628}") })
    }

    /// The HarfBuzz scale follows the size: advances scale with it.
    @Test func advancesScaleWithSize() throws {
        let font = try engine.defaultFont()
        let small = try engine.shaper.shape("Hamburg", font: font, size64: 10 * 64)
        let large = try engine.shaper.shape("Hamburg", font: font, size64: 40 * 64)
        let again = try engine.shaper.shape("Hamburg", font: font, size64: 10 * 64)
        #expect(abs(Int(large.advance) - 4 * Int(small.advance)) <= 4 * small.glyphs.count)
        #expect(again.advance == small.advance)
    }

    @Test func emptyText() throws {
        #expect(try shape("").glyphs.isEmpty)
    }
}
