/// A string set in a box: its lines, each with its glyphs placed, ready to draw.
/// Made by `TextEngine.layout(_:style:width:height:)`; drawn by `TextEngine.render` or
/// `TextEngine.draw`.
///
/// Positions are relative to the box's top-left corner. Horizontally they are 26.6
/// pixels: glyphs are drawn at quarter-pixel phases (see `GlyphKey`). Vertically they
/// are whole pixels: every baseline is on the pixel grid, so the same line renders the
/// same wherever it is.
///
/// A layout keeps its font alive; like the engine, it belongs to one thread.
public struct TextLayout {
    /// The text laid out, as given.
    public let text: String
    public let style: TextStyle
    /// The box, pixels (at least 1 each: smaller boxes are taken as 1).
    public let width: Int
    public let height: Int
    /// The lines shown, top to bottom. Empty only for an empty string.
    public let lines: [TextLine]
    /// Some text is not shown: it needed more lines than the box's height or
    /// `maxLines` allowed. (An ellipsis, if the style asks for one, ends the last line.)
    public let isTruncated: Bool
    /// The font's vertical metrics at the style's size.
    public let metrics: FontMetrics
    /// The style's own font (`fonts[0]`).
    public var font: Font { fonts[0] }
    /// The fonts the glyphs are in (`PositionedGlyph.font`): the style's font, its
    /// fallbacks, then the installed fonts characters fell back to.
    public let fonts: [Font]

    /// The widest line's width, rounded up to whole pixels: at most `width`, unless a
    /// single character is wider than the box.
    public var usedWidth: Int {
        Int((lines.map(\.width64).max() ?? 0) + 63) >> 6
    }

    /// From the first line's ascender to the last line's descender, rounded up to whole
    /// pixels; 0 without lines.
    public var usedHeight: Int { usedHeight64 > 0 ? Int(usedHeight64 + 63) >> 6 : 0 }

    /// `usedWidth` by `usedHeight`: what a scene lays out around.
    public var usedSize: TextSize { TextSize(width: usedWidth, height: usedHeight) }

    /// The used height in 26.6 pixels.
    let usedHeight64: Int32
}

/// One line of a `TextLayout`.
public struct TextLine: Sendable {
    /// The UTF-8 offsets in the layout's text of the characters shown (trailing spaces
    /// and the ellipsis not included).
    public let utf8Range: Range<Int>
    /// The characters shown, plus the ellipsis if there is one: what a person reads.
    public let text: String
    /// The glyphs in visual order (left to right), the ellipsis included.
    public let glyphs: [PositionedGlyph]
    /// The line's left edge in the box, whole pixels (alignment applied).
    public let x: Int
    /// The advance width of the line, ellipsis included, 26.6 pixels.
    public let width64: Int32
    /// The baseline, whole pixels down from the box's top.
    public let baseline: Int
    /// The line ends with an ellipsis standing for the text cut after it.
    public let isEllipsized: Bool

    /// The advance width in pixels.
    public var width: Double { Double(width64) / 64 }
}

/// A glyph placed in a layout's box.
public struct PositionedGlyph: Hashable, Sendable {
    /// The glyph id in its font.
    public let id: UInt32
    /// Its font: an index into the layout's `fonts`.
    public let font: UInt8
    /// The pen position plus HarfBuzz's x offset: 26.6 pixels from the box's left.
    public let x64: Int32
    /// The baseline plus HarfBuzz's y offset (rounded): whole pixels down from the
    /// box's top.
    public let y: Int32
}

/// A size in whole pixels.
public struct TextSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
