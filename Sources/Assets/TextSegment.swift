/// The smallest piece of a paragraph a line may start or end at: one or more grapheme
/// clusters that HarfBuzz shaped as a unit. A cut between segments is both a grapheme
/// boundary (Swift's `Character`s: a base never parted from its combining marks) and a
/// glyph cluster boundary (never inside a ligature), so cutting there leaves every
/// glyph whole.
struct TextSegment {
    /// UTF-8 offsets in the whole text.
    var start: Int
    var end: Int
    /// The sum of its glyphs' advances, 26.6 pixels.
    var advance: Int32 = 0
    /// Its glyphs in the paragraph's run (visual order): `glyphLow ..< glyphHigh`,
    /// empty when it has none.
    var glyphLow = Int.max
    var glyphHigh = Int.min
    /// Only spaces: hangs at a line's end without counting towards the width.
    var isSpace: Bool
    /// A line may break before this segment.
    var breakBefore: Bool
}

/// One paragraph (text between forced breaks), shaped, cut into segments.
struct TextParagraph {
    /// UTF-8 offsets of the paragraph in the whole text (newline excluded).
    var range: Range<Int>
    var run: ShapedRun
    var segments: [TextSegment]

    /// Groups `characters` (UTF-8 offset and break class of each grapheme cluster, in
    /// order) into segments and gives each the advances of the glyphs of `run` whose
    /// cluster falls in it.
    init(range: Range<Int>, run: ShapedRun, characters: [(offset: Int, kind: TextBreakClass)]) {
        self.range = range
        self.run = run
        var clusterStart = [Bool](repeating: false, count: range.count + 1)
        for g in run.glyphs {
            let c = Int(g.cluster) - range.lowerBound
            if c >= 0 && c < range.count { clusterStart[c] = true }
        }
        var segments: [TextSegment] = []
        for (k, ch) in characters.enumerated() {
            let end = k + 1 < characters.count ? characters[k + 1].offset : range.upperBound
            let isSpace = ch.kind == .space
            if k == 0 || clusterStart[ch.offset - range.lowerBound] {
                let breakBefore =
                    k > 0
                    && TextBreakClass.allowsBreak(
                        after: characters[k - 1].kind, before: ch.kind, beforeA: k > 1 ? characters[k - 2].kind : nil)
                segments.append(TextSegment(start: ch.offset, end: end, isSpace: isSpace, breakBefore: breakBefore))
            } else {
                segments[segments.count - 1].end = end
                segments[segments.count - 1].isSpace = segments[segments.count - 1].isSpace && isSpace
            }
        }
        // Which segment each byte is in, to file glyphs by cluster.
        var segmentOfByte = [Int32](repeating: 0, count: range.count)
        for (i, s) in segments.enumerated() {
            for b in s.start..<s.end { segmentOfByte[b - range.lowerBound] = Int32(i) }
        }
        for (gi, g) in run.glyphs.enumerated() {
            let c = Int(g.cluster) - range.lowerBound
            guard c >= 0 && c < range.count else { continue }
            let i = Int(segmentOfByte[c])
            segments[i].advance &+= g.advance
            segments[i].glyphLow = min(segments[i].glyphLow, gi)
            segments[i].glyphHigh = max(segments[i].glyphHigh, gi + 1)
        }
        self.segments = segments
    }

    /// The sum of the advances of segments `r`, 26.6 pixels.
    func advance(_ r: Range<Int>) -> Int32 {
        segments[r].reduce(0) { $0 &+ $1.advance }
    }

    /// The glyphs of segments `r` in the run, as one range (segments next to each other
    /// in the text are next to each other in the run, in either direction).
    func glyphRange(_ r: Range<Int>) -> Range<Int> {
        var low = Int.max, high = Int.min
        for s in segments[r] where s.glyphLow < s.glyphHigh {
            low = min(low, s.glyphLow)
            high = max(high, s.glyphHigh)
        }
        return low < high ? low..<high : 0..<0
    }
}
