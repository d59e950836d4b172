import Testing
import Raster
@testable import Assets

/// Drawing laid-out text into surfaces: bounds, colour math, determinism.
@Suite("Text rendering")
struct TextRenderTests {
    let engine = TextEngine()

    /// Text far bigger than its box, drawn at several places on a surface whose pixels
    /// and row padding are all a sentinel: only pixels inside both the box and the
    /// surface change.
    @Test(arguments: [(30, 20), (-15, -10), (80, 45), (-200, 0), (0, 300)])
    func writesOnlyInsideTheBoxAndSurface(x: Int, y: Int) throws {
        let stride = 112 * 4
        let s = Fixtures.surface(100, 60, .argb8888, stride: stride)  // 0xAB everywhere
        let style = TextStyle(size: 30, color: 0xFF10_2030, truncation: .clip)
        let layout = try engine.layout("Wgjy Åpq WWW ÉÉÉ gggg", style: style, width: 40, height: 20)
        #expect(layout.lines.count == 1 && layout.isTruncated && layout.lines[0].width64 > 20 * 64)
        try engine.draw(layout, into: s, x: x, y: y)
        let box = PixelRect(x: x, y: y, width: 40, height: 20)
        var changed = 0
        for row in 0..<60 {
            let bytes = s.row(row, as: UInt8.self)
            for i in 0..<stride {
                let inside = i < 400 && box.contains(x: i / 4, y: row)
                if !inside { #expect(bytes[i] == 0xAB, "byte \(i) of row \(row)") }
                if bytes[i] != 0xAB { changed += 1 }
            }
        }
        let visible = box.intersection(s.bounds)
        #expect((changed > 0) == !visible.isEmpty)
    }

    @Test func clipIsRespected() throws {
        let s = try Surface(width: 80, height: 30, format: .argb8888)
        let clip = PixelRect(x: 10, y: 5, width: 30, height: 10)
        try engine.draw(try engine.layout("Hello world", style: TextStyle(), width: 80, height: 30), into: s, clip: clip)
        let ink = try #require(TextFixtures.inkBounds(s))
        #expect(ink.intersection(clip) == ink)
    }

    /// "Hello" rendered on its own: ink under each glyph, none outside the line's
    /// advance box (a pixel of slack for antialiasing) or above the ascender or below
    /// the descender.
    @Test func helloHasInkWhereTheGlyphsAre() throws {
        let style = TextStyle(size: 20)
        let layout = try engine.layout("Hello", style: style, width: 100, height: 30)
        let s = engine.render(layout)
        #expect(s.width == 100 && s.height == 30 && s.format == .argb8888)
        let line = try #require(layout.lines.first)
        let ink = try #require(TextFixtures.inkBounds(s))
        #expect(ink.x >= line.x && ink.maxX <= line.x + layout.usedWidth + 1)
        #expect(ink.y >= line.baseline - 19 && ink.maxY <= line.baseline + 5)
        // Each glyph's advance span has ink; the gap after the text has none.
        for (i, g) in line.glyphs.enumerated() {
            let x0 = Int(g.x64) >> 6
            let x1 = i + 1 < line.glyphs.count ? Int(line.glyphs[i + 1].x64) >> 6 : layout.usedWidth
            #expect(TextFixtures.inkCount(s, in: PixelRect(x: x0, y: 0, width: max(1, x1 - x0), height: 30)) > 10)
        }
        #expect(TextFixtures.inkCount(s, in: PixelRect(x: layout.usedWidth + 2, y: 0, width: 100, height: 30)) == 0)
        #expect(s[0, 0] == 0 && s[99, 29] == 0)
        // "H" has a vertical stem: fully covered pixels in the colour, opaque black.
        #expect((0..<30).contains { s[line.x + 2, $0] == 0xFF00_0000 })
    }

    /// The full block (U+2588) covers whole pixels: they are the colour exactly,
    /// premultiplied, and every pixel is valid premultiplied ARGB.
    @Test(arguments: [
        (UInt32(0xFFFF_0000), UInt32(0xFFFF_0000)),
        (0x80FF_FFFF, 0x8080_8080),
        (0x40FF_8000, 0x4040_2000),
    ])
    func colourIsPremultipliedExactly(color: UInt32, expected: UInt32) throws {
        let s = try engine.render("\u{2588}", style: TextStyle(size: 40, color: color), width: 40, height: 50)
        #expect(s[10, 20] == expected)
        for y in 0..<s.height {
            for x in 0..<s.width {
                let p = s[x, y], a = p >> 24
                #expect((p >> 16) & 0xff <= a && (p >> 8) & 0xff <= a && p & 0xff <= a)
            }
        }
    }

    @Test func transparentColourDrawsNothing() throws {
        let s = try engine.render("Hello", style: TextStyle(color: 0x00FF_FFFF), width: 100, height: 30)
        #expect(TextFixtures.inkCount(s) == 0)
    }

    /// OVER an opaque xrgb8888 background: fully covered pixels are the colour, edges
    /// blend, and the alpha byte stays 0xff (an unset xrgb top byte counts as opaque).
    @Test func drawsOverOpaqueSurfaces() throws {
        let s = try Surface(width: 60, height: 40, format: .xrgb8888)
        s.fill(0xFFFF_FFFF)
        s[59, 39] = 0x00FF_FFFF  // top byte not set: still opaque white
        let layout = try engine.layout("Hi \u{2588}", style: TextStyle(size: 24), width: 60, height: 40)
        try engine.draw(layout, into: s)
        var grey = 0
        for y in 0..<40 {
            for x in 0..<59 {
                let p = s[x, y]
                #expect(p >> 24 == 0xff)
                let r = (p >> 16) & 0xff
                #expect(r == (p >> 8) & 0xff && r == p & 0xff)
                if r > 0 && r < 255 { grey += 1 }
            }
        }
        #expect(grey > 0)
        #expect((0..<40).contains { s[Int(layout.lines[0].glyphs[3].x64 >> 6) + 5, $0] == 0xFF00_0000 })
    }

    @Test func otherFormatsAreRefused() throws {
        let layout = try engine.layout("Hi", style: TextStyle(), width: 20, height: 20)
        for format in [PixelFormat.a8, .rgb565] {
            let s = try Surface(width: 20, height: 20, format: format)
            #expect(throws: RasterError.unsupportedFormat(format, role: "text destination")) {
                try engine.draw(layout, into: s)
            }
        }
    }

    /// The same text renders to the same bytes: twice with one engine (cache warm), and
    /// with a fresh engine (cache cold), and with a tiny cache that evicts constantly.
    @Test func deterministic() throws {
        let text = "Book pages show paragraphs of text: «Ελληνικά», Кириллица, שלום, office, AVATAR."
        let style = TextStyle(size: 17.5, color: 0xE0_203040, alignment: .center)
        let a = TextFixtures.bytes(try engine.render(text, style: style, width: 160, height: 120))
        let b = TextFixtures.bytes(try engine.render(text, style: style, width: 160, height: 120))
        let c = TextFixtures.bytes(try TextEngine().render(text, style: style, width: 160, height: 120))
        let d = TextFixtures.bytes(
            try TextEngine(glyphCacheBudget: 1000).render(text, style: style, width: 160, height: 120))
        #expect(a == b)
        #expect(a == c)
        #expect(a == d)
        #expect(a.contains { $0 != 0 })
    }

    /// Glyphs are placed at quarter-pixel phases: the same glyph at pen positions a
    /// quarter pixel apart draws differently, a whole pixel apart identically shifted.
    @Test func subpixelPhases() throws {
        let font = try engine.defaultFont()
        let l = try #require(font.glyph(for: "l"))
        let masks = (0..<4).map { font.rasterize(glyph: l, size64: 1280, phase: UInt8($0)) }
        #expect(masks[0].pixels != masks[2].pixels)
        #expect(masks[0].top == masks[2].top)
        #expect(font.rasterize(glyph: l, size64: 1280, phase: 0).pixels == masks[0].pixels)
    }

    @Test func emptyTextRendersTransparent() throws {
        let s = try engine.render("", style: TextStyle(), width: 10, height: 10)
        #expect(TextFixtures.inkCount(s) == 0)
        let tiny = try engine.render("Hello", style: TextStyle(), width: 0, height: -5)
        #expect(tiny.width == 1 && tiny.height == 1)
    }

    @Test func straightColoursArePremultiplied() {
        #expect(premultiplied(0xFFFF_8000) == 0xFFFF_8000)
        #expect(premultiplied(0x80FF_8000) == 0x8080_4000)
        #expect(premultiplied(0x00FF_FFFF) == 0)
        #expect(premultiply(255, 128) == 128 && premultiply(1, 127) == 0 && premultiply(1, 128) == 1)
    }
}
