internal import CText

extension TextEngine {
    /// Whether a font must draw `scalar`: not a space, a control or format character
    /// (joiners, variation selectors), or a mark drawn on another character. Only
    /// these choose a font; the others go with the text around them.
    public static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII letters, digits and punctuation, the common case, without the table.
        if scalar.value > 0x20 && scalar.value < 0x7F { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark:
            return false
        default:
            return true
        }
    }

    /// An installed font with a glyph for `scalar` (fontconfig), in bold when `bold`
    /// and one has it, nil when none has (or per-character fallback is off).
    ///
    /// Kept per character and weight for the engine's life, found or not, so that text
    /// laid out again asks fontconfig nothing and allocates nothing here. A font
    /// fontconfig names that Vitrine can't load (a Type 1 font) counts as none.
    public func fallbackFont(for scalar: Unicode.Scalar, bold: Bool) -> Font? {
        let key = scalar.value | (bold ? 1 << 31 : 0)
        if let known = fallbackTable[key] { return known }
        var found: Font?
        if usesInstalledFonts, let config = FontConfig.shared, let installed = config.font(for: scalar, bold: bold) {
            found = try? font(path: installed.path)
            if let f = found, f.glyph(for: scalar) == nil { found = nil }
        }
        fallbackTable[key] = .some(found)
        return found
    }

    /// The characters of `text` (each once, in order) that need a glyph and that no
    /// font of `style` (its font, then its fallbacks) nor any installed font has: what
    /// is drawn as the missing-glyph box. A font of the style that can't be loaded
    /// counts as lacking everything.
    public func missingCharacters(in text: String, style: TextStyle) -> [Unicode.Scalar] {
        let primary = try? font(style.font)
        let bold = primary?.isBold ?? (style.font == .bold)
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where Self.needsGlyph(scalar) {
            if let primary, primary.glyph(for: scalar) != nil { continue }
            if style.fallbackFonts.contains(where: { (try? font($0))?.glyph(for: scalar) != nil }) { continue }
            if fallbackFont(for: scalar, bold: bold) != nil { continue }
            if !missing.contains(scalar) { missing.append(scalar) }
        }
        return missing
    }
}

extension Font {
    /// Whether the face is a bold one (FreeType's style flag): what per-character
    /// fallback asks fontconfig for, so a bold title falls back to a bold face.
    public var isBold: Bool { face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 }
}
