import Assets
import Compositor

/// A long text cut into pieces that stack into one column (a card's whole text in its
/// detail), so that no text layer is taller than `maxPieceHeight` pixels (a compositor
/// text picture is at most 4096 pixels a side) and only the pieces near the screen are
/// drawn.
///
/// The text is laid out once, `width` pixels wide, with the engine the compositor's text
/// rasterizer uses (`AssetsTextRasterizer`'s style); the pieces are runs of whole lines,
/// each cut from the first character of its first line to the first of the next
/// piece's, with the line breaks at its end dropped. Laid out again alone in its box (as
/// wide as the column and as tall as its lines), a piece breaks where the whole did, so
/// its lines land where the whole text's would: piece k sits at the whole layout's first
/// baseline of piece k less the first line's.
///
/// A text longer than `TextEngine.maxBoxSide` pixels is cut there with an ellipsis. When
/// the font can't be loaded the column is one piece of the whole text, sized by an
/// estimate (the rasterizer draws nothing then, and has logged why).
struct CardTextColumn {
    struct Piece: Hashable {
        var text: String
        /// The piece's top in the column and its height, whole pixels.
        var top: Double
        var height: Double
    }

    let pieces: [Piece]
    /// The column's height, whole pixels.
    let height: Double

    /// Pieces are at most this tall, pixels (unless one line is taller).
    static let maxPieceHeight = 1024.0

    init(_ text: String, attributes: TextAttributes, width: Int, engine: TextEngine?) {
        var style = AssetsTextRasterizer.style(for: attributes)
        style.verticalAlignment = .top
        guard !text.isEmpty,
            let engine,
            let layout = try? engine.layout(text, style: style, width: width, height: TextEngine.maxBoxSide),
            let first = layout.lines.first
        else {
            let estimate = Self.estimate(text, attributes: attributes, width: width)
            pieces = text.isEmpty ? [] : [Piece(text: text, top: 0, height: estimate)]
            height = text.isEmpty ? 0 : estimate
            return
        }
        let ascent = Double(layout.metrics.ascender64) / 64
        let descent = -Double(layout.metrics.descender64) / 64
        let utf8 = Array(text.utf8)
        let lines = layout.lines
        var result: [Piece] = []
        var k = 0
        while k < lines.count {
            // Lines k..<end make one piece.
            var end = k + 1
            while end < lines.count,
                Double(lines[end].baseline - lines[k].baseline) + ascent + descent <= Self.maxPieceHeight
            {
                end += 1
            }
            let from = lines[k].utf8Range.lowerBound
            let to = end < lines.count ? lines[end].utf8Range.lowerBound : utf8.count
            var piece = Array(utf8[Swift.min(from, to)..<to])
            if end == lines.count, layout.isTruncated {
                // The whole layout was cut (longer than its box): keep what it showed.
                piece = Array(utf8[from..<Swift.max(from, lines[end - 1].utf8Range.upperBound)])
                piece += Array("\u{2026}".utf8)
            }
            while let last = piece.last, last == 0x0A || last == 0x0D || last == 0x20 { piece.removeLast() }
            let top = Double(lines[k].baseline - first.baseline)
            // Two pixels to spare: the piece's own baselines may round a pixel apart
            // from the whole's, and a box a pixel short would drop its last line.
            let h = (Double(lines[end - 1].baseline - lines[k].baseline) + ascent + descent).rounded(.up) + 2
            result.append(Piece(text: String(decoding: piece, as: UTF8.self), top: top, height: Swift.max(1, h)))
            k = end
        }
        pieces = result
        height = result.last.map { $0.top + $0.height } ?? 0
    }

    /// A rough height with no font: average advances of half the size, lines 1.2 sizes
    /// apart, every newline a line.
    static func estimate(_ text: String, attributes: TextAttributes, width: Int) -> Double {
        let perLine = Swift.max(1, Int(Double(Swift.max(1, width)) / (attributes.size * 0.5)))
        var lines = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += Swift.max(1, (paragraph.count + perLine - 1) / perLine)
        }
        return (Double(lines) * attributes.size * 1.2).rounded(.up)
    }
}
