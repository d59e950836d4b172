/// Text for Vitrine: loads fonts, shapes, lays out, rasterizes and draws strings.
///
/// One engine owns one FreeType library, the fonts loaded through it (kept for the
/// engine's life, one per path), a HarfBuzz buffer reused for shaping, and the glyph
/// cache every font shares. There is no global state: the runtime makes one engine and
/// its event loop uses it; a test makes its own. FreeType and HarfBuzz objects are not
/// thread-safe, so an engine (and its fonts and layouts) is not `Sendable`.
///
/// Typical use, a tile title under an icon:
///
///     let engine = TextEngine()
///     let style = TextStyle(size: 18, color: 0xFFFFFFFF, alignment: .center, maxLines: 1)
///     let surface = try engine.render("Photographs", style: style, width: 120, height: 24)
///
/// `render` gives a premultiplied argb8888 surface of the box size, transparent where
/// there is no ink: a compositor can cache it under (string, style, box size).
public final class TextEngine {
    /// The glyph cache's default budget: 2 MiB, some 2000 glyphs of 20 px text, or
    /// the Latin alphabet at four phases, three sizes and two weights several times over.
    public static let defaultGlyphCacheBudget = 2 << 20

    /// Rasterized glyphs, shared by every font of this engine.
    public let glyphCache: GlyphCache

    let library = FontLibrary()
    let shaper = TextShaper()
    private var fonts: [String: Font] = [:]
    private var nextFontID: UInt32 = 1

    /// - Parameter glyphCacheBudget: bytes the glyph cache may hold (see `GlyphCache`).
    public init(glyphCacheBudget: Int = TextEngine.defaultGlyphCacheBudget) {
        glyphCache = GlyphCache(budget: glyphCacheBudget)
    }

    /// The font at `path`, loaded on first use and kept. A failed load is not kept:
    /// asking again reads the file again (it may have been installed since).
    /// - Throws: `FontError`, naming `path`: see `Font`.
    public func font(path: String) throws(FontError) -> Font {
        if let font = fonts[path] { return font }
        let font = try Font(path: path, id: nextFontID, library: library)
        nextFontID += 1
        fonts[path] = font
        return font
    }

    /// The font `choice` names (DejaVu Sans regular or bold, or a file).
    public func font(_ choice: FontChoice) throws(FontError) -> Font {
        try font(path: choice.path)
    }

    /// DejaVu Sans (`Font.defaultPath`).
    public func defaultFont() throws(FontError) -> Font {
        try font(.regular)
    }
}
