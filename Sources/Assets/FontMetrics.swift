/// A font's vertical metrics at one size, as FreeType scales them. Stored in 26.6
/// fixed point (1/64 pixel, FreeType's unit); the `Double` views are in pixels.
///
/// y grows downwards on screen but these follow the font's convention: `ascender` is
/// above the baseline (positive), `descender` below it (negative).
public struct FontMetrics: Hashable, Sendable {
    /// The size these are for, 26.6 pixels.
    public let size64: Int32
    /// Baseline to the top of the tallest glyphs, 26.6 pixels, positive.
    public let ascender64: Int32
    /// Baseline to the bottom of the deepest glyphs, 26.6 pixels, negative.
    public let descender64: Int32
    /// Baseline to baseline of two lines set solid (ascender - descender + line gap),
    /// 26.6 pixels.
    public let lineHeight64: Int32

    public var size: Double { Double(size64) / 64 }
    public var ascender: Double { Double(ascender64) / 64 }
    public var descender: Double { Double(descender64) / 64 }
    public var lineHeight: Double { Double(lineHeight64) / 64 }
}
