/// How a string is set: font, size, colour, alignment, line limits. A value, Hashable,
/// so a compositor can cache a rendered surface under (string, style, box size).
///
/// Sizes are kept in 26.6 fixed point (whole 1/64 px, what FreeType takes) and the line
/// spacing in 1/256ths, so that two styles that render the same compare equal and hash
/// the same (no NaN, no -0, no 20.000001 vs 20). The `Double` properties round on set.
public struct TextStyle: Hashable, Sendable {
    /// The font file (regular and bold DejaVu Sans by default).
    public var font: FontChoice
    /// Fonts for the characters `font` has no glyph for, tried in order before the
    /// installed fonts (`TextEngine.fallbackFont`): a show's `font` list after its first.
    public var fallbackFonts: [FontChoice]
    /// Colour as `0xAARRGGBB`, straight (not premultiplied) alpha, as a designer writes
    /// it: `0x80FFFFFF` is half-transparent white. Premultiplied when drawn.
    public var color: UInt32
    /// Across the box, per line.
    public var alignment: TextAlignment
    /// Down the box, for the block of lines.
    public var verticalAlignment: TextVerticalAlignment
    /// The most lines shown; 0: as many as fit the box's height. 1 sets a title: one
    /// line, cut with an ellipsis when too long.
    public var maxLines: Int {
        didSet { maxLines = max(0, maxLines) }
    }
    /// What happens to text that does not fit.
    public var truncation: TextTruncation
    /// The size in 26.6 pixels (em size: FreeType's character size at 72 dpi).
    public private(set) var size64: Int32
    /// The line advance as a multiple of the font's line height, in 1/256ths.
    public private(set) var lineSpacing256: Int32

    /// The smallest and largest sizes taken, in pixels; others are clamped. A 512 px
    /// glyph is 256 KiB of coverage: larger text on a kiosk is an image's job.
    public static let sizeRange: ClosedRange<Double> = 1...512
    /// Line spacing multiples taken; others are clamped.
    public static let lineSpacingRange: ClosedRange<Double> = 0.5...4

    public init(
        font: FontChoice = .regular, size: Double = 20, color: UInt32 = 0xFF00_0000,
        alignment: TextAlignment = .leading, verticalAlignment: TextVerticalAlignment = .top,
        maxLines: Int = 0, lineSpacing: Double = 1, truncation: TextTruncation = .ellipsis,
        fallbackFonts: [FontChoice] = []
    ) {
        self.font = font
        self.fallbackFonts = fallbackFonts
        self.color = color
        self.alignment = alignment
        self.verticalAlignment = verticalAlignment
        self.maxLines = max(0, maxLines)
        self.truncation = truncation
        self.size64 = TextStyle.size64(size)
        self.lineSpacing256 = TextStyle.lineSpacing256(lineSpacing)
    }

    /// The size in pixels, a multiple of 1/64; set: clamped to `sizeRange` and rounded.
    public var size: Double {
        get { Double(size64) / 64 }
        set { size64 = TextStyle.size64(newValue) }
    }

    /// The line advance as a multiple of the font's line height (1: set solid, as the
    /// font designer spaced it), a multiple of 1/256; set: clamped and rounded.
    public var lineSpacing: Double {
        get { Double(lineSpacing256) / 256 }
        set { lineSpacing256 = TextStyle.lineSpacing256(newValue) }
    }

    /// `pixels` in 26.6, clamped to `sizeRange`, rounded to nearest; NaN: 20 px.
    static func size64(_ pixels: Double) -> Int32 {
        let p = pixels.isNaN ? 20 : min(max(pixels, sizeRange.lowerBound), sizeRange.upperBound)
        return Int32((p * 64).rounded())
    }

    static func lineSpacing256(_ multiple: Double) -> Int32 {
        let m = multiple.isNaN ? 1 : min(max(multiple, lineSpacingRange.lowerBound), lineSpacingRange.upperBound)
        return Int32((m * 256).rounded())
    }
}
