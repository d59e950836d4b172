import Assets
import Compositor
import Raster

/// Text layers drawn with Assets' FreeType and HarfBuzz engine: the compositor's
/// `TextAttributes` become a `TextStyle` (DejaVu Sans, regular or bold, vertically
/// centred in the layer, cut with an ellipsis).
///
/// A font that can't be loaded leaves the layer empty, and a text with characters the
/// font has no glyph for shows them as the font's empty boxes; each is reported once
/// through `takeWarnings()` (the runtime logs it); the show goes on.
public final class AssetsTextRasterizer: TextRasterizing {
    public let engine: TextEngine
    private var warned: Set<String> = []
    private var pending: [String] = []

    /// The fonts for `.regular` and `.bold` text (a board or show may name others).
    public let regularFont: FontChoice
    public let boldFont: FontChoice

    /// Loads both fonts now (at start), so that no frame reads a font file; a font that
    /// can't be loaded is tried again, and reported, when text first needs it.
    public init(engine: TextEngine = TextEngine(), regularFont: FontChoice = .regular, boldFont: FontChoice = .bold) {
        self.engine = engine
        self.regularFont = regularFont
        self.boldFont = boldFont
        _ = try? engine.font(regularFont)
        _ = try? engine.font(boldFont)
    }

    public func rasterize(_ text: String, attributes: TextAttributes, width: Int, height: Int) -> Surface? {
        var style = Self.style(for: attributes)
        style.font = attributes.weight == .bold ? boldFont : regularFont
        do {
            let surface = try engine.render(text, style: style, width: width, height: height)
            checkCoverage(text, font: style.font)
            return surface
        } catch {
            let message = "\(error)"
            if warned.insert(message).inserted { pending.append(message) }
            return nil
        }
    }

    /// Texts with characters the font lacks reported so far, and the most reported:
    /// beyond it one last warning says that more are not.
    private var uncovered = 0
    static let maxUncoveredWarnings = 10

    /// A text with characters its font has no glyph for (a script DejaVu Sans lacks:
    /// Thai, Devanagari, CJK, emoji) is drawn with the font's missing-glyph box for
    /// each, and reported once: which text, how many characters and the first one.
    /// Spaces, controls and format characters (joiners, variation selectors) are not
    /// counted: no font draws them.
    private func checkCoverage(_ text: String, font choice: FontChoice) {
        guard uncovered <= Self.maxUncoveredWarnings, let font = try? engine.font(choice) else { return }
        var missing = 0
        var first: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark,
                .enclosingMark:
                continue
            default:
                if font.glyph(for: scalar) == nil {
                    missing += 1
                    if first == nil { first = scalar }
                }
            }
        }
        guard let first else { return }
        let key = "\(choice.path)\u{0}\(text)"
        guard warned.insert(key).inserted else { return }
        uncovered += 1
        if uncovered > Self.maxUncoveredWarnings {
            pending.append("text: more texts with characters the font lacks; not reported")
            return
        }
        let code = String(first.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: Swift.max(0, 4 - code.count)) + code
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        pending.append(
            "text \"\(shown)\": \(choice.path) has no glyph for \(missing) character\(missing == 1 ? "" : "s") (the first U+\(padded)); drawn as empty boxes"
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
