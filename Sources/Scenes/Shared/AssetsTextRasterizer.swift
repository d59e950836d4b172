import Assets
import Compositor
import Raster

/// Text layers drawn with Assets' FreeType and HarfBuzz engine: the compositor's
/// `TextAttributes` become a `TextStyle` (vertically centred in the layer, cut with an
/// ellipsis) in the show's fonts (`useFonts`: DejaVu Sans regular or bold by default)
/// or the layer's own (`TextAttributes.fonts`: a section's `title_font`). A character
/// none of those has is drawn with an installed font that has it (the engine's
/// per-character fallback, through fontconfig).
///
/// A font that can't be loaded leaves the layer empty, and a text with characters no
/// font has shows them as empty boxes; each is reported once through
/// `takeWarnings()` (the runtime logs it); the show goes on.
public final class AssetsTextRasterizer: TextRasterizing {
    public let engine: TextEngine
    private var warned: Set<String> = []
    private var pending: [String] = []

    /// The fonts for `.regular` and `.bold` text that names none (a show may name others).
    public private(set) var regularFont: FontChoice
    public private(set) var boldFont: FontChoice
    /// The show's further fonts, tried in order for characters the first lacks.
    public private(set) var regularFallbacks: [FontChoice] = []
    public private(set) var boldFallbacks: [FontChoice] = []
    /// The fonts given at `init`: what `useFonts([])` goes back to.
    private let givenRegular: FontChoice
    private let givenBold: FontChoice
    /// The names `useFonts` last resolved: a scene made again (a turn, a reload of the
    /// same show) asks fontconfig nothing.
    private var usedNames: [String] = []
    /// Font names a layer gave (`TextAttributes.fonts`) as fonts, regular and bold:
    /// resolved (fontconfig) once per list.
    private var named: [[String]: (regular: [FontChoice], bold: [FontChoice])] = [:]

    /// Loads both fonts now (at start), so that no frame reads a font file; a font that
    /// can't be loaded is tried again, and reported, when text first needs it.
    public init(engine: TextEngine = TextEngine(), regularFont: FontChoice = .regular, boldFont: FontChoice = .bold) {
        self.engine = engine
        self.regularFont = regularFont
        self.boldFont = boldFont
        givenRegular = regularFont
        givenBold = boldFont
        _ = try? engine.font(regularFont)
        _ = try? engine.font(boldFont)
    }

    /// Sets text that names no fonts in `names` (family names or absolute font file
    /// paths, in fallback order; families not installed left out), loading them now;
    /// empty: the fonts given at `init` (DejaVu Sans regular and bold by default).
    public func useFonts(_ names: [String]) {
        guard names != usedNames else { return }
        usedNames = names
        let regular = names.isEmpty ? [givenRegular] : FontNames.choices(names, bold: false)
        let bold = names.isEmpty ? [givenBold] : FontNames.choices(names, bold: true)
        regularFont = regular[0]
        regularFallbacks = Array(regular.dropFirst())
        boldFont = bold[0]
        boldFallbacks = Array(bold.dropFirst())
        for choice in regular + bold { _ = try? engine.font(choice) }
    }

    public func rasterize(_ text: String, attributes: TextAttributes, width: Int, height: Int) -> Surface? {
        var style = Self.style(for: attributes)
        let isBold = attributes.weight == .bold
        if attributes.fonts.isEmpty {
            style.font = isBold ? boldFont : regularFont
            style.fallbackFonts = isBold ? boldFallbacks : regularFallbacks
        } else {
            let fonts = fonts(named: attributes.fonts, bold: isBold)
            style.font = fonts[0]
            style.fallbackFonts = Array(fonts.dropFirst())
        }
        do {
            let surface = try engine.render(text, style: style, width: width, height: height)
            checkCoverage(text, style: style)
            return surface
        } catch {
            let message = "\(error)"
            if warned.insert(message).inserted { pending.append(message) }
            return nil
        }
    }

    private func fonts(named names: [String], bold: Bool) -> [FontChoice] {
        if let known = named[names] { return bold ? known.bold : known.regular }
        let resolved = (regular: FontNames.choices(names, bold: false), bold: FontNames.choices(names, bold: true))
        named[names] = resolved
        return bold ? resolved.bold : resolved.regular
    }

    /// Texts with characters no font has reported so far, and the most reported:
    /// beyond it one last warning says that more are not.
    private var uncovered = 0
    static let maxUncoveredWarnings = 10

    /// A text with characters neither its fonts nor any installed font has a glyph for
    /// (a script no installed font covers: Thai without fonts-thai-tlwg, emoji) is
    /// drawn with the font's missing-glyph box for each, and reported once: which text,
    /// how many characters and the first one. Spaces, controls and format characters
    /// (joiners, variation selectors) are not counted: no font draws them.
    private func checkCoverage(_ text: String, style: TextStyle) {
        guard uncovered <= Self.maxUncoveredWarnings else { return }
        let missing = engine.missingCharacters(in: text, style: style)
        guard let first = missing.first else { return }
        let key = "\(style.font.path)\u{0}\(text)"
        guard warned.insert(key).inserted else { return }
        uncovered += 1
        if uncovered > Self.maxUncoveredWarnings {
            pending.append("text: more texts with characters no font has; not reported")
            return
        }
        let code = String(first.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: Swift.max(0, 4 - code.count)) + code
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        let count = missing.count
        pending.append(
            "text \"\(shown)\": no installed font has a glyph for \(count) character\(count == 1 ? "" : "s") (the first U+\(padded)); drawn as empty boxes"
        )
    }

    /// Warnings not yet handed out, each distinct fault once.
    public func takeWarnings() -> [String] {
        defer { pending.removeAll() }
        return pending
    }

    static func style(for a: TextAttributes) -> TextStyle {
        let alignment: TextAlignment
        switch a.alignment {
        case .leading: alignment = .leading
        case .center: alignment = .center
        case .trailing: alignment = .trailing
        }
        return TextStyle(
            font: a.weight == .bold ? .bold : .regular, size: a.size, color: a.color, alignment: alignment,
            verticalAlignment: .center, maxLines: a.maxLines)
    }
}
