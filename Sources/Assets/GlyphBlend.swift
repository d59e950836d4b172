import Raster

extension GlyphMask {
    /// Composites this mask's coverage in `color` (premultiplied) OVER `surface`, the
    /// mask's top-left on (x, y), inside `clip` (already within the surface): Raster's
    /// coverage kernel (`Surface.over(color:coverage:...)`, pixman's `over_n_8_8888`).
    /// An xrgb8888 destination stays opaque. Nothing outside `clip ∩ mask` is read or
    /// written; no allocation.
    func draw(into surface: Surface, x: Int, y: Int, clip: PixelRect, color: UInt32) {
        pixels.withUnsafeBufferPointer { coverage in
            // A 32-bit surface (the text engine draws only on those): nothing to throw.
            try? surface.over(
                color: color, coverage: coverage, coverageWidth: width, coverageHeight: height, x: x, y: y, clip: clip)
        }
    }
}
