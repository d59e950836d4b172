internal import CText

extension Font {
    /// Sets the face and the HarfBuzz font to `size64` (pixels in 26.6, i.e. 1/64 px)
    /// unless they are already at it. Both must agree, or shaped advances and rendered
    /// glyphs would come from different sizes: the FreeType face through
    /// `FT_Set_Char_Size` at 72 dpi (so points are pixels), HarfBuzz through
    /// `hb_font_set_scale(size64)`, so that HarfBuzz's positions come out in 26.6 pixels.
    func select(size64: Int32) throws(FontError) {
        guard size64 != currentSize64 else { return }
        let error = FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72)
        guard error == 0 else {
            currentSize64 = 0
            throw .sizeNotSettable(path: path, size64: size64, freeTypeError: error)
        }
        hb_font_set_scale(hbFont, size64, size64)
        currentSize64 = size64
    }

    /// The vertical metrics at `size` pixels (rounded to 1/64 px, as `TextStyle` does).
    public func metrics(size: Double) throws(FontError) -> FontMetrics {
        try metrics(size64: TextStyle.size64(size))
    }

    /// The vertical metrics at `size64` (26.6 pixels), FreeType's scaled values from the
    /// face's size object (`FT_Size_Metrics`), which FreeType grid-fits to whole pixels
    /// for scalable fonts: ascender rounded up, descender down, height to nearest.
    func metrics(size64: Int32) throws(FontError) -> FontMetrics {
        try select(size64: size64)
        let m = face.pointee.size.pointee.metrics
        return FontMetrics(
            size64: size64, ascender64: Int32(truncatingIfNeeded: m.ascender),
            descender64: Int32(truncatingIfNeeded: m.descender), lineHeight64: Int32(truncatingIfNeeded: m.height))
    }
}
