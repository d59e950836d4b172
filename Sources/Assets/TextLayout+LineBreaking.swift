/// Greedy line breaking over a paragraph's segments (first fit, as browsers and
/// UIKit do for UI text: each line takes as much as fits, then breaks at the last
/// opportunity). Widths are 26.6 pixels; a line's width is its content's advance,
/// trailing spaces excluded.
extension TextParagraph {
    /// The line starting at segment `start` in `maxWidth` (26.6): `contentEnd`, the end
    /// of what it shows (trailing spaces dropped), and `next`, where the next line
    /// starts (after those spaces).
    ///
    /// A line breaks at the last opportunity before the first segment that would make
    /// it too wide. Without one (a word longer than the line) it breaks before that
    /// segment, i.e. between grapheme clusters. A line always takes at least one
    /// segment, so a single cluster wider than the box still progresses (and is
    /// clipped when drawn).
    func nextLine(from start: Int, maxWidth: Int32) -> (contentEnd: Int, next: Int) {
        var width: Int32 = 0
        var contentEnd = start
        var lastBreak: (contentEnd: Int, next: Int)? = nil
        for i in start..<segments.count {
            let s = segments[i]
            if i > start && s.breakBefore { lastBreak = (contentEnd, i) }
            width &+= s.advance
            guard !s.isSpace else { continue }
            if width > maxWidth && i > start {
                return lastBreak ?? (contentEnd, i)
            }
            contentEnd = i + 1
        }
        return (contentEnd, segments.count)
    }

    /// The end of the content from segment `start` that fits in `available` (26.6),
    /// when the rest of the paragraph is cut there for an ellipsis. Cut between any
    /// two segments (tail truncation cuts words, as UIKit's does), spaces before the
    /// cut dropped. `start` when nothing fits.
    func contentEnd(from start: Int, fitting available: Int32) -> Int {
        var width: Int32 = 0
        var contentEnd = start
        for i in start..<segments.count {
            width &+= segments[i].advance
            guard !segments[i].isSpace else { continue }
            if width > available { break }
            contentEnd = i + 1
        }
        return contentEnd
    }
}
