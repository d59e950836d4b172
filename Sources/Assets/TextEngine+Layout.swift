extension TextEngine {
    /// The largest box side taken, pixels (a `Surface`'s limit); larger sides are
    /// clamped, as sides under 1 are raised to 1.
    public static let maxBoxSide = 1 << 15

    /// Sets `text` in a box `width` by `height` pixels in `style`.
    ///
    /// Paragraphs split at newlines ("\n", "\r\n", "\r", U+2028, U+2029); each is shaped
    /// whole by HarfBuzz and broken into lines at spaces, after hyphens, around CJK
    /// ideographs (`TextBreakClass`), a word wider than the box between grapheme
    /// clusters. Lines are never wider than the box (measured by advances), unless
    /// one grapheme cluster alone is.
    ///
    /// Lines run down the box from the font's ascender, `lineSpacing` times the font's
    /// line height apart. As many as fit the height are shown (at least one, clipped if
    /// the box is shorter than a line), at most `maxLines` if that is not 0. Text left
    /// over truncates the last line (`style.truncation`). Control characters (tabs
    /// included) are set as spaces. Paragraph direction is HarfBuzz's guess: leading
    /// alignment is the right edge for Hebrew and Arabic.
    ///
    /// A character the style's font has no glyph for is drawn with the first of
    /// `style.fallbackFonts` that has one, else with an installed font that has one
    /// (`fallbackFont(for:bold:)`), else as the font's missing-glyph box: a paragraph
    /// is split into runs of one font (`FontRun`) before shaping. Line heights are the
    /// style's font's.
    ///
    /// - Throws: `FontError` when the style's font can't be loaded or sized.
    public func layout(_ text: String, style: TextStyle, width: Int, height: Int) throws(FontError) -> TextLayout {
        let width = min(max(width, 1), TextEngine.maxBoxSide)
        let height = min(max(height, 1), TextEngine.maxBoxSide)
        let font = try font(style.font)
        var fonts = [font]
        for choice in style.fallbackFonts {
            if let f = try? self.font(choice), !fonts.contains(where: { $0 === f }) { fonts.append(f) }
        }
        let styleFontCount = fonts.count
        let bold = font.isBold
        let size64 = style.size64
        let metrics = try font.metrics(size64: size64)
        let ascent = metrics.ascender64
        let descent = -metrics.descender64
        let advance = max(1, Int32((Int64(metrics.lineHeight64) * Int64(style.lineSpacing256) + 128) >> 8))
        let box64 = Int32(width) << 6
        let height64 = Int32(height) << 6

        // How many lines fit down the box: the n-th line's descender must be inside.
        let fitting = height64 >= ascent + descent ? 1 + Int((height64 - ascent - descent) / advance) : 1
        let limit = style.maxLines > 0 ? min(style.maxLines, fitting) : fitting

        let original = Array(text.utf8)
        // Shaped bytes: control characters (all one byte) become spaces, same offsets.
        let shaped = original.map { $0 < 0x20 || $0 == 0x7F ? 0x20 : $0 }
        let paragraphs = TextEngine.paragraphs(text)

        var planned: [PlannedLine] = []
        var truncated = false
        var ellipsis: (run: ShapedRun, text: String)? = nil
        // Which font draws a character: the style's first that has it, else an
        // installed one (added to `fonts` on first use, at most 255 in all), else the
        // style's font (its box).
        func fontIndex(_ scalar: Unicode.Scalar) -> Int {
            for i in 0..<styleFontCount where fonts[i].glyph(for: scalar) != nil { return i }
            guard let f = fallbackFont(for: scalar, bold: bold) else { return 0 }
            if let i = fonts.firstIndex(where: { $0 === f }) { return i }
            guard fonts.count <= Int(UInt8.max) else { return 0 }
            fonts.append(f)
            return fonts.count - 1
        }
        shaping: for (p, paragraph) in paragraphs.enumerated() {
            let run = try shaped.withUnsafeBufferPointer { (bytes) throws(FontError) -> ShapedRun in
                let runs = FontRun.split(bytes, range: paragraph.range, font: fontIndex)
                return try shaper.shape(bytes, item: paragraph.range, runs: runs, fonts: fonts, size64: size64)
            }
            let para = TextParagraph(range: paragraph.range, run: run, characters: paragraph.characters)
            let isLastParagraph = p == paragraphs.count - 1
            var start = 0
            repeat {
                if planned.count == limit {
                    truncated = true
                    break shaping
                }
                var (contentEnd, next) = para.nextLine(from: start, maxWidth: box64)
                var withEllipsis = false
                let moreAfter = next < para.segments.count || !isLastParagraph
                if planned.count == limit - 1 && moreAfter {
                    truncated = true
                    if style.truncation == .ellipsis {
                        if ellipsis == nil { ellipsis = try shapeEllipsis(fonts: fonts, index: fontIndex, size64: size64) }
                        let available = box64 - ellipsis!.run.advance
                        if available >= 0 {
                            contentEnd = para.contentEnd(from: start, fitting: available)
                            withEllipsis = true
                        }
                    }
                    next = para.segments.count
                }
                planned.append(PlannedLine(paragraph: para, segments: start..<contentEnd, ellipsis: withEllipsis))
                start = next
            } while start < para.segments.count
            if truncated { break }
        }

        // Down the box: the block's height, then each baseline on a whole pixel.
        let used64 = planned.isEmpty ? 0 : ascent + Int32(planned.count - 1) * advance + descent
        let top64: Int32 =
            switch style.verticalAlignment {
            case .top: 0
            case .center: max(0, (height64 - used64) / 2) & ~63
            case .bottom: max(0, height64 - used64) & ~63
            }
        var lines: [TextLine] = []
        lines.reserveCapacity(planned.count)
        for (i, line) in planned.enumerated() {
            let baseline = Int((top64 + ascent + Int32(i) * advance + 32) >> 6)
            lines.append(
                line.place(
                    baseline: baseline, boxWidth64: box64, alignment: style.alignment,
                    ellipsis: line.ellipsis ? ellipsis : nil, original: original))
        }
        return TextLayout(
            text: text, style: style, width: width, height: height, lines: lines, isTruncated: truncated,
            metrics: metrics, fonts: fonts, usedHeight64: used64)
    }

    /// The size `text` takes in `style` when lines may be up to `maxWidth` pixels wide
    /// (nil: `maxBoxSide`, in effect only newlines break) and as many as
    /// `style.maxLines` (0: no limit): what a scene sizes a label or a card by.
    /// Alignment doesn't change the size.
    public func size(of text: String, style: TextStyle, maxWidth: Int? = nil) throws(FontError) -> TextSize {
        try layout(text, style: style, width: maxWidth ?? TextEngine.maxBoxSide, height: TextEngine.maxBoxSide)
            .usedSize
    }

    /// "…" shaped alone in the font that draws it (`index`: the layout's choice of
    /// font for a character, into `fonts`), or "..." when none has U+2026: the
    /// ellipsis falls back as the text does.
    private func shapeEllipsis(
        fonts: @autoclosure () -> [Font], index: (Unicode.Scalar) -> Int, size64: Int32
    ) throws(FontError) -> (run: ShapedRun, text: String) {
        let i = index("\u{2026}")
        let hasEllipsis = fonts()[i].glyph(for: "\u{2026}") != nil
        let text = hasEllipsis ? "\u{2026}" : "..."
        let f = hasEllipsis ? i : index(".")
        var run = try shaper.shape(text, font: fonts()[f], size64: size64)
        for k in run.glyphs.indices { run.glyphs[k].font = UInt8(f) }
        return (run, text)
    }

    /// `text` split at newlines: each paragraph's UTF-8 range and its grapheme clusters
    /// (offset, break class). An empty string has no paragraphs; "a\n" has two, the
    /// second empty.
    static func paragraphs(_ text: String) -> [(range: Range<Int>, characters: [(offset: Int, kind: TextBreakClass)])] {
        guard !text.isEmpty else { return [] }
        var result: [(range: Range<Int>, characters: [(offset: Int, kind: TextBreakClass)])] = []
        var start = 0
        var offset = 0
        var characters: [(offset: Int, kind: TextBreakClass)] = []
        for ch in text {
            let n = ch.utf8.count
            if ch.isNewline {
                result.append((start..<offset, characters))
                characters = []
                start = offset + n
            } else {
                characters.append((offset, TextBreakClass(ch)))
            }
            offset += n
        }
        result.append((start..<offset, characters))
        return result
    }
}
