/// One rasterized glyph: 8-bit coverage (A8: 0 outside the outline, 255 inside), with
/// the bearings that place it relative to the pen position on the baseline.
///
/// Rows are `width` bytes, top row first. A glyph with no ink (a space) has width or
/// height 0 and no pixels.
struct GlyphMask {
    /// Pixels across and down.
    let width: Int
    let height: Int
    /// Pen x to the mask's left column, pixels (FreeType's `bitmap_left`).
    let left: Int
    /// Baseline to the mask's top row, pixels, positive upwards (`bitmap_top`).
    let top: Int
    /// `width * height` coverage bytes, row-major.
    let pixels: [UInt8]

    static let empty = GlyphMask(width: 0, height: 0, left: 0, top: 0, pixels: [])

    /// What the mask costs the cache's budget: its pixels plus a fixed 64 bytes for the
    /// entry (key, bearings, array header, LRU links), so that a cache full of spaces
    /// is bounded too.
    var cost: Int { pixels.count + 64 }
}

/// What a glyph mask is cached under.
///
/// `phase` is the pen's horizontal subpixel position in quarter pixels (0...3): glyphs
/// are rasterized at four x phases so that unhinted HarfBuzz advances keep their
/// fractions (even spacing at small sizes) while each glyph is still a plain mask
/// blended at a whole-pixel position. Vertically everything is on whole pixels (light
/// hinting snaps to the pixel grid in y), so there is no y phase.
struct GlyphKey: Hashable {
    let font: UInt32
    let glyph: UInt32
    /// Size in 26.6 pixels.
    let size64: Int32
    let phase: UInt8
}
