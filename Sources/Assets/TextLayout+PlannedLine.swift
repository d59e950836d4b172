/// A line chosen by the breaking, before it is placed in the box.
struct PlannedLine {
    let paragraph: TextParagraph
    /// The segments it shows (trailing spaces excluded).
    let segments: Range<Int>
    let ellipsis: Bool

    /// Places the line's glyphs: across by `alignment` (its left edge on a whole
    /// pixel, never left of the box), the ellipsis after the text in reading order
    /// (on the left for right-to-left text).
    func place(
        baseline: Int, boxWidth64: Int32, alignment: TextAlignment, ellipsis: (run: ShapedRun, text: String)?,
        original: [UInt8]
    ) -> TextLine {
        let run = paragraph.run
        let glyphRange = paragraph.glyphRange(segments)
        let ellipsisAdvance = ellipsis?.run.advance ?? 0
        let width64 = paragraph.advance(segments) &+ ellipsisAdvance
        let rtl = run.isRightToLeft
        let free = max(0, boxWidth64 - width64)
        let x64: Int32 =
            switch (alignment, rtl) {
            case (.leading, false), (.trailing, true): 0
            case (.center, _): free / 2
            case (.trailing, false), (.leading, true): free
            }
        let x = Int(x64 >> 6)

        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(glyphRange.count + (ellipsis?.run.glyphs.count ?? 0))
        var pen = Int32(x) << 6
        func add(_ g: ShapedGlyph) {
            let dy = (g.yOffset + 32) >> 6
            glyphs.append(PositionedGlyph(id: g.id, font: g.font, x64: pen &+ g.xOffset, y: Int32(baseline) - dy))
            pen &+= g.advance
        }
        if rtl, let ellipsis { ellipsis.run.glyphs.forEach(add) }
        for i in glyphRange { add(run.glyphs[i]) }
        if !rtl, let ellipsis { ellipsis.run.glyphs.forEach(add) }

        // The characters shown; for a line showing none (blank, or an ellipsis alone),
        // the empty range where it starts.
        let all = paragraph.segments
        let utf8Range: Range<Int>
        if let first = segments.first {
            utf8Range = all[first].start..<all[segments.upperBound - 1].end
        } else {
            let at = segments.lowerBound < all.count ? all[segments.lowerBound].start : paragraph.range.lowerBound
            utf8Range = at..<at
        }
        var text = String(decoding: original[utf8Range], as: UTF8.self)
        if let ellipsis { text += ellipsis.text }
        return TextLine(
            utf8Range: utf8Range, text: text, glyphs: glyphs, x: x, width64: width64, baseline: baseline,
            isEllipsized: ellipsis != nil)
    }
}
