/// A stretch of a paragraph drawn with one font: what per-character fallback splits a
/// paragraph into before each stretch is shaped on its own.
struct FontRun: Equatable {
    /// UTF-8 offsets in the whole text.
    var range: Range<Int>
    /// Which of the layout's fonts draws it (0: the style's own font).
    var font: Int

    /// Splits the bytes `range` of `utf8` (valid UTF-8) into runs of one font each, in
    /// text order, covering the range without gaps. `font` gives the font for a
    /// character that needs a glyph; a character that needs none (a space, a control,
    /// a joiner, a combining mark: `TextEngine.needsGlyph`) stays in the run around it,
    /// so a word and its spaces and marks are shaped together. A range without any
    /// character needing a glyph is one run in font 0; an empty range has no runs.
    static func split(
        _ utf8: UnsafeBufferPointer<UInt8>, range: Range<Int>, font: (Unicode.Scalar) -> Int
    ) -> [FontRun] {
        var runs: [FontRun] = []
        var start = range.lowerBound
        var current = -1  // no character needing a glyph yet
        var i = range.lowerBound
        while i < range.upperBound {
            let (scalar, length) = decode(utf8, at: i)
            if TextEngine.needsGlyph(scalar) {
                let f = font(scalar)
                if current < 0 {
                    current = f
                } else if f != current {
                    runs.append(FontRun(range: start..<i, font: current))
                    start = i
                    current = f
                }
            }
            i += length
        }
        if start < range.upperBound { runs.append(FontRun(range: start..<range.upperBound, font: max(current, 0))) }
        return runs
    }

    /// The scalar starting at `i` in valid UTF-8 and its length in bytes (1 to 4).
    static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        let b0 = UInt32(utf8[i])
        let (value, length): (UInt32, Int)
        if b0 < 0x80 {
            (value, length) = (b0, 1)
        } else if b0 < 0xE0 {
            (value, length) = ((b0 & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F), 2)
        } else if b0 < 0xF0 {
            (value, length) = ((b0 & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F), 3)
        } else {
            (value, length) = (
                (b0 & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12 | UInt32(utf8[i + 2] & 0x3F) << 6
                    | UInt32(utf8[i + 3] & 0x3F), 4
            )
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}
