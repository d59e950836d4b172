internal import CText

/// One glyph as HarfBuzz placed it. All distances are 26.6 pixels (HarfBuzz's units
/// with the font's scale set to the size in 1/64 px); y offsets are positive upwards,
/// as in the font.
struct ShapedGlyph {
    /// Glyph id in the font (0: `.notdef`, the font has no glyph for the character).
    var id: UInt32
    /// UTF-8 offset in the shaped text of the first byte of the characters this glyph
    /// renders (HarfBuzz's cluster). Several glyphs can share a cluster (a base and
    /// its marks); one glyph can stand for several characters (a ligature).
    var cluster: Int32
    /// How far the pen moves after this glyph (kerning included).
    var advance: Int32
    /// Where the glyph is drawn relative to the pen (mark attachment, for example).
    var xOffset: Int32
    var yOffset: Int32
    /// Which of the layout's fonts `id` is in (0: the style's own font).
    var font: UInt8 = 0
}

/// A run of shaped glyphs in visual order (left to right on screen), whatever the
/// text's direction: for right-to-left text the clusters count down.
struct ShapedRun {
    var glyphs: [ShapedGlyph]
    var isRightToLeft: Bool
    /// The sum of the advances, 26.6 pixels.
    var advance: Int32 { glyphs.reduce(0) { $0 &+ $1.advance } }
}

/// HarfBuzz shaping with one reused buffer (`hb_buffer_t`). Owned by a `TextEngine`.
///
/// Script, language and direction are guessed per call
/// (`hb_buffer_guess_segment_properties`): the first strong character decides, so a
/// paragraph in one script shapes right; mixed-direction text is shaped in one
/// direction (no bidi reordering). A paragraph split into font runs (`FontRun`) takes
/// its direction from the whole paragraph and each run's script from the run. Kerning and ligatures are HarfBuzz's defaults
/// (`kern`, `liga`, `clig`, `calt`, marks).
final class TextShaper {
    private let buffer: OpaquePointer

    init() {
        buffer = hb_buffer_create()
        // hb_buffer_create returns an inert empty buffer when it can't allocate.
        precondition(hb_buffer_allocation_successful(buffer) != 0, "HarfBuzz: cannot allocate a buffer")
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes the bytes `item` of `utf8` (the rest is context for shaping at the edges)
    /// with `font` at `size64` (26.6 pixels). Clusters are offsets into `utf8`.
    func shape(
        _ utf8: UnsafeBufferPointer<UInt8>, item: Range<Int>, font: Font, size64: Int32
    ) throws(FontError) -> ShapedRun {
        try font.select(size64: size64)
        hb_buffer_clear_contents(buffer)
        guard !item.isEmpty, let base = utf8.baseAddress else { return ShapedRun(glyphs: [], isRightToLeft: false) }
        base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { text in
            hb_buffer_add_utf8(buffer, text, Int32(utf8.count), UInt32(item.lowerBound), Int32(item.count))
        }
        hb_buffer_guess_segment_properties(buffer)
        let rtl = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        hb_shape(font.hbFont, buffer, nil, 0)
        return ShapedRun(glyphs: shapedGlyphs(font: 0), isRightToLeft: rtl)
    }

    /// The glyphs the buffer holds once shaped, marked as in the layout's font `font`
    /// (none when HarfBuzz gives no glyph information).
    private func shapedGlyphs(font: UInt8) -> [ShapedGlyph] {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            glyphs.append(
                ShapedGlyph(
                    id: infos[i].codepoint, cluster: Int32(bitPattern: infos[i].cluster),
                    advance: positions[i].x_advance, xOffset: positions[i].x_offset, yOffset: positions[i].y_offset,
                    font: font))
        }
        return glyphs
    }

    /// Shapes the bytes `item` of `utf8` split into `runs` (in text order, covering
    /// `item`), each with its font of `fonts` at `size64`: one run is `shape(_:item:font:size64:)`.
    /// The direction is guessed from the whole item and kept for every run; the runs'
    /// glyphs are joined in visual order (for right-to-left text the last run first).
    func shape(
        _ utf8: UnsafeBufferPointer<UInt8>, item: Range<Int>, runs: [FontRun], fonts: [Font], size64: Int32
    ) throws(FontError) -> ShapedRun {
        if runs.count <= 1 {
            let index = runs.first?.font ?? 0
            var run = try shape(utf8, item: item, font: fonts[index], size64: size64)
            if index != 0 { for i in run.glyphs.indices { run.glyphs[i].font = UInt8(index) } }
            return run
        }
        guard let base = utf8.baseAddress else { return ShapedRun(glyphs: [], isRightToLeft: false) }
        func add(_ range: Range<Int>) {
            hb_buffer_clear_contents(buffer)
            base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { text in
                hb_buffer_add_utf8(buffer, text, Int32(utf8.count), UInt32(range.lowerBound), Int32(range.count))
            }
        }
        add(item)
        hb_buffer_guess_segment_properties(buffer)
        let direction = hb_buffer_get_direction(buffer)
        let rtl = direction == HB_DIRECTION_RTL
        var pieces: [[ShapedGlyph]] = []
        pieces.reserveCapacity(runs.count)
        for r in runs {
            let font = fonts[r.font]
            try font.select(size64: size64)
            add(r.range)
            hb_buffer_set_direction(buffer, direction)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(font.hbFont, buffer, nil, 0)
            pieces.append(shapedGlyphs(font: UInt8(r.font)))
        }
        if rtl { pieces.reverse() }
        return ShapedRun(glyphs: Array(pieces.joined()), isRightToLeft: rtl)
    }

    /// Shapes a whole string on its own (the ellipsis, a measurement).
    func shape(_ text: String, font: Font, size64: Int32) throws(FontError) -> ShapedRun {
        // withUTF8 rethrows untyped errors: carry the typed one out in a Result.
        var text = text
        let result = text.withUTF8 { utf8 in
            Result { () throws(FontError) -> ShapedRun in try shape(utf8, item: 0..<utf8.count, font: font, size64: size64) }
        }
        return try result.get()
    }
}
