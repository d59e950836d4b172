/// Text for Vitrine: loads fonts, shapes, lays out, rasterizes and draws strings.
///
/// One engine owns one FreeType library, the fonts loaded through it (kept for the
/// engine's life, one per path), a HarfBuzz buffer reused for shaping, the glyph
/// cache every font shares, and the per-character fallback found so far (a character
/// no font of a style has is drawn with an installed font that has it: fontconfig). There is no global state: the runtime makes one engine and
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
    /// Per-character fallback, found or not: the scalar's value, bit 31 set for bold
    /// (`fallbackFont(for:bold:)`).
    var fallbackTable: [UInt32: Font?] = [:]
    /// Whether characters a style's fonts lack are looked for among the installed fonts.
    public let usesInstalledFonts: Bool

    /// - Parameters:
    ///   - glyphCacheBudget: bytes the glyph cache may hold (see `GlyphCache`).
    ///   - usesInstalledFonts: per-character fallback to the installed fonts
    ///     (fontconfig, asked only when a style's fonts lack a character); false: such
    ///     characters are the missing-glyph box.
    public init(glyphCacheBudget: Int = TextEngine.defaultGlyphCacheBudget, usesInstalledFonts: Bool = true) {
        glyphCache = GlyphCache(budget: glyphCacheBudget)
        self.usesInstalledFonts = usesInstalledFonts
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
