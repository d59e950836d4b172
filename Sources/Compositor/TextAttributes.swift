import Raster

/// How a text layer's string is set: the compositor hands these, with the string and
/// the layer's size in pixels, to its `TextRasterizing` and caches the result.
public struct TextAttributes: Hashable, Sendable {
    public enum Weight: Hashable, Sendable { case regular, bold }
    public enum Alignment: Hashable, Sendable { case leading, center, trailing }

    /// Font size, pixels (the em height).
    public var size: Double
    public var weight: Weight
    /// Straight (not premultiplied) 0xAARRGGBB.
    public var color: UInt32
    public var alignment: Alignment
    /// Lines at most (0: as many as the bounds hold); the last is cut with an ellipsis.
    public var maxLines: Int
    /// The fonts to set it in, in fallback order: family names, or font files as
    /// absolute paths. Empty: the fonts the rasterizer was given for the whole show
    /// (`TextRasterizing.useFonts`). A section's `title_font` sets its title's.
    public var fonts: [String]

    public init(
        size: Double = 17, weight: Weight = .regular, color: UInt32 = 0xff00_0000, alignment: Alignment = .leading,
        maxLines: Int = 0, fonts: [String] = []
    ) {
        self.size = size
        self.weight = weight
        self.color = color
        self.alignment = alignment
        self.maxLines = maxLines
        self.fonts = fonts
    }
}

/// Turns a string into pixels for text layers. Implemented over FreeType and HarfBuzz in
/// the modules that see `Assets` (the compositor stays free of C libraries).
public protocol TextRasterizing: AnyObject {
    /// `text` laid out in a `width` x `height` pixel box with `attributes`, as a
    /// premultiplied argb8888 surface of exactly that size (transparent background).
    /// Nil when it can't be drawn (the layer then draws nothing).
    func rasterize(_ text: String, attributes: TextAttributes, width: Int, height: Int) -> Surface?
    /// The fonts for text whose attributes name none: a show's `font` list (family
    /// names, or absolute paths of font files), in fallback order; empty: the
    /// rasterizer's own default. Given before a show's scene is made.
    func useFonts(_ names: [String])
}

extension TextRasterizing {
    public func useFonts(_ names: [String]) {}
}
