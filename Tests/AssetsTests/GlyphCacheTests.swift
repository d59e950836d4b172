import Testing
import Raster
@testable import Assets

/// The glyph cache: hits on reuse, a memory budget, least recently used out first.
@Suite("Glyph cache")
struct GlyphCacheTests {
    func mask(_ side: Int) -> GlyphMask {
        GlyphMask(width: side, height: side, left: 0, top: side, pixels: [UInt8](repeating: 255, count: side * side))
    }

    func key(_ glyph: UInt32) -> GlyphKey {
        GlyphKey(font: 1, glyph: glyph, size64: 1280, phase: 0)
    }

    @Test func secondRenderHits() throws {
        let engine = TextEngine()
        let layout = try engine.layout("Hello", style: TextStyle(), width: 100, height: 30)
        _ = engine.render(layout)
        let cache = engine.glyphCache
        let glyphs = layout.lines[0].glyphs.count
        #expect(cache.misses > 0 && cache.misses <= glyphs)
        #expect(cache.hits + cache.misses == glyphs)
        #expect(cache.count == cache.misses)
        let misses = cache.misses, hits = cache.hits
        _ = engine.render(layout)
        #expect(cache.misses == misses)
        #expect(cache.hits == hits + glyphs)
    }

    @Test func respectsItsBudget() throws {
        let engine = TextEngine(glyphCacheBudget: 8 * 1024)
        let text = "The quick brown fox jumps over the lazy dog. ΑΒΓΔΕ Кириллица 0123456789"
        _ = try engine.render(text, style: TextStyle(size: 36), width: 400, height: 300)
        let cache = engine.glyphCache
        #expect(cache.bytes <= 8 * 1024)
        #expect(cache.evictions > 0)
        #expect(cache.count < cache.misses)
    }

    @Test func evictsTheLeastRecentlyUsed() {
        let cache = GlyphCache(budget: 3 * mask(4).cost)
        var made = 0
        func get(_ g: UInt32) {
            _ = cache.mask(for: key(g)) {
                made += 1
                return mask(4)
            }
        }
        get(1)
        get(2)
        get(3)
        get(1)  // hit: 1 is now the most recent, 2 the least
        get(4)  // evicts 2
        #expect((cache.hits, cache.misses, cache.evictions, made) == (1, 4, 1, 4))
        get(1)
        get(3)
        get(4)
        #expect(made == 4)
        get(2)  // gone: made again, evicting 1 (least recent now)
        #expect(made == 5)
        get(3)
        get(1)
        #expect(made == 6)
        #expect(cache.count == 3 && cache.bytes == 3 * mask(4).cost)
    }

    @Test func aGlyphOverTheBudgetIsNotKept() {
        let cache = GlyphCache(budget: 100)
        _ = cache.mask(for: key(1)) { mask(10) }
        _ = cache.mask(for: key(1)) { mask(10) }
        #expect(cache.count == 0 && cache.bytes == 0 && cache.misses == 2)
        let none = GlyphCache(budget: -5)
        _ = none.mask(for: key(1)) { mask(1) }
        #expect(none.budget == 0 && none.count == 0)
    }

    @Test func keysSeparateFontsSizesAndPhases() {
        let cache = GlyphCache(budget: 1 << 20)
        let keys = [
            GlyphKey(font: 1, glyph: 5, size64: 1280, phase: 0), GlyphKey(font: 2, glyph: 5, size64: 1280, phase: 0),
            GlyphKey(font: 1, glyph: 5, size64: 1281, phase: 0), GlyphKey(font: 1, glyph: 5, size64: 1280, phase: 3),
        ]
        for k in keys { _ = cache.mask(for: k) { mask(2) } }
        #expect(cache.count == 4 && cache.misses == 4)
        cache.removeAll()
        #expect(cache.count == 0 && cache.bytes == 0)
        _ = cache.mask(for: keys[0]) { mask(2) }
        #expect(cache.misses == 5 && cache.count == 1)
    }

    /// Bold and regular are different fonts in one engine's cache.
    @Test func sharedAcrossFonts() throws {
        let engine = TextEngine()
        _ = try engine.render("Aa", style: TextStyle(font: .regular), width: 60, height: 30)
        let afterRegular = engine.glyphCache.count
        _ = try engine.render("Aa", style: TextStyle(font: .bold), width: 60, height: 30)
        #expect(engine.glyphCache.count == 2 * afterRegular)
    }
}
