import Raster

extension TextEngine {
    /// `layout` drawn on a new surface of the box's size: premultiplied argb8888,
    /// transparent where there is no ink, in the style's colour.
    public func render(_ layout: TextLayout) -> Surface {
        // The layout's box is 1 ... 32768 pixels a side: a valid surface size.
        let surface = try! Surface(width: layout.width, height: layout.height, format: .argb8888)
        try! draw(layout, into: surface)
        return surface
    }

    /// `text` laid out in a `width` by `height` box in `style` and rendered (see
    /// `layout(_:style:width:height:)` and `render(_:)`).
    public func render(_ text: String, style: TextStyle, width: Int, height: Int) throws(FontError) -> Surface {
        render(try layout(text, style: style, width: width, height: height))
    }

    /// Draws `layout` OVER `surface` with the box's top-left at (x, y), in `color`
    /// (straight `0xAARRGGBB`; nil: the style's).
    ///
    /// Each glyph's coverage is composited in the colour, premultiplied, with exactly
    /// rounded integer math (`GlyphMask.draw`); glyphs overlap by compositing one after
    /// the other. Nothing is drawn outside the box, `clip` (nil: the whole surface) or
    /// the surface. Glyphs come from the glyph cache: drawing cached glyphs allocates
    /// nothing.
    ///
    /// Horizontally each glyph's pen position (26.6) is split into a whole pixel and a
    /// phase rounded to the nearest quarter pixel, whose mask is rasterized shifted by
    /// that phase; vertically baselines are whole pixels already.
    ///
    /// - Throws: `unsupportedFormat` unless `surface` is argb8888 or xrgb8888.
    public func draw(
        _ layout: TextLayout, into surface: Surface, x: Int = 0, y: Int = 0, color: UInt32? = nil,
        clip: PixelRect? = nil
    ) throws(RasterError) {
        guard surface.format == .argb8888 || surface.format == .xrgb8888 else {
            throw .unsupportedFormat(surface.format, role: "text destination")
        }
        let color = premultiplied(color ?? layout.style.color)
        let region = (clip ?? surface.bounds).intersection(surface.bounds)
            .intersection(PixelRect(x: x, y: y, width: layout.width, height: layout.height))
        guard color >> 24 != 0, !region.isEmpty else { return }
        let fonts = layout.fonts
        let size64 = layout.style.size64
        for line in layout.lines {
            for g in line.glyphs {
                let font = fonts[Int(g.font)]
                var px = Int(g.x64 >> 6)
                var phase = UInt8(((g.x64 & 63) + 8) >> 4)
                if phase == 4 {
                    px += 1
                    phase = 0
                }
                let key = GlyphKey(font: font.id, glyph: g.id, size64: size64, phase: phase)
                let mask = glyphCache.mask(for: key) { font.rasterize(glyph: g.id, size64: size64, phase: phase) }
                guard mask.width > 0 else { continue }
                mask.draw(into: surface, x: x + px + mask.left, y: y + Int(g.y) - mask.top, clip: region, color: color)
            }
        }
    }
}
