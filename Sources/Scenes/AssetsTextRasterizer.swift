import Assets
import Compositor
import Raster

/// Text layers drawn with Assets' FreeType and HarfBuzz engine: the compositor's
/// `TextAttributes` become a `TextStyle` (DejaVu Sans, regular or bold, vertically
/// centred in the layer, cut with an ellipsis).
///
/// A font that can't be loaded leaves the layer empty and is reported once through
/// `takeWarnings()` (the runtime logs it); the show goes on.
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
            return try engine.render(text, style: style, width: width, height: height)
        } catch {
            let message = "\(error)"
            if warned.insert(message).inserted { pending.append(message) }
            return nil
        }
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
