internal import CText

extension Font {
    /// FreeType load flags for drawing: outlines only (no embedded bitmaps, which
    /// wouldn't follow the subpixel phase) with light hinting, which snaps edges to the
    /// pixel grid vertically only. Horizontal metrics are left as designed, matching the
    /// unhinted advances HarfBuzz shapes with. `FT_LOAD_TARGET_LIGHT` is a function-like
    /// macro Swift can't import: `(FT_RENDER_MODE_LIGHT & 15) << 16`.
    static let renderLoadFlags = Int32(FT_LOAD_NO_BITMAP) | Int32((FT_RENDER_MODE_LIGHT.rawValue & 15) << 16)

    /// Rasterizes `glyph` at `size64` (26.6 pixels) shifted right by `phase` quarter
    /// pixels, as 8-bit coverage (`FT_RENDER_MODE_NORMAL`).
    ///
    /// A glyph FreeType can't load or render (a broken outline, a glyph id past the
    /// font's end) comes back empty: text draws without it rather than failing a whole
    /// frame. The size was already set when the text was shaped; a failure to set it
    /// here gives an empty mask too.
    func rasterize(glyph: UInt32, size64: Int32, phase: UInt8) -> GlyphMask {
        guard (try? select(size64: size64)) != nil else { return .empty }
        var delta = FT_Vector(x: FT_Pos(phase) * 16, y: 0)
        FT_Set_Transform(face, nil, &delta)
        defer { FT_Set_Transform(face, nil, nil) }
        guard FT_Load_Glyph(face, glyph, Font.renderLoadFlags) == 0 else { return .empty }
        let slot = face.pointee.glyph!
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer,
            bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), bitmap.num_grays == 256
        else { return .empty }
        // A negative pitch means the rows are stored bottom-up: the top row comes last.
        let top = pitch >= 0 ? buffer : buffer + (height - 1) * -pitch
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
            for y in 0..<height {
                let row = top + y * pitch
                for x in 0..<width { out[y * width + x] = row[x] }
            }
            count = width * height
        }
        return GlyphMask(
            width: width, height: height, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            pixels: pixels)
    }

    /// The advance of `glyph` at `size64` as FreeType computes it without hinting,
    /// 26.6 pixels: the reference HarfBuzz's advances are tested against.
    func freeTypeAdvance(glyph: UInt32, size64: Int32) throws(FontError) -> Int32 {
        try select(size64: size64)
        FT_Set_Transform(face, nil, nil)
        guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_HINTING)) == 0 else { return 0 }
        return Int32(truncatingIfNeeded: face.pointee.glyph.pointee.advance.x)
    }

    /// The advance of `glyph` in font units (the `hmtx` table, unscaled).
    func unscaledAdvance(glyph: UInt32) -> Int {
        FT_Set_Transform(face, nil, nil)
        guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE)) == 0 else { return 0 }
        return Int(face.pointee.glyph.pointee.advance.x)
    }
}
