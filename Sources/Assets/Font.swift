internal import CText

/// One font file loaded for rendering: a FreeType face (outlines, rasterization) and a
/// HarfBuzz font (shaping), both over one copy of the file's bytes (shared with every
/// other font loaded from the same file: `FontFile`).
///
/// Fonts are made and kept by a `TextEngine` (`engine.font(path:)`, `engine.font(.regular)`),
/// which owns the FreeType library and the glyph cache they share. A font serves every
/// size: the face is switched to the size at hand (`FT_Set_Char_Size`, 26.6) only when
/// it changes, so a font is stateful and, like its engine, used from one thread.
///
/// Only scalable fonts with OpenType tables (TrueType `.ttf`, OpenType `.otf`, `.ttc`'s
/// first face) are accepted: HarfBuzz shapes from those tables.
public final class Font {
    /// DejaVu Sans, from Debian's fonts-dejavu-core: the default for `FontChoice.regular`.
    public static let defaultPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// DejaVu Sans Bold, from fonts-dejavu-core: the default for `FontChoice.bold`.
    public static let defaultBoldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    /// The largest font file read: 64 MiB (a CJK font with every glyph is ~20 MiB).
    public static let maxFileBytes = 64 << 20

    /// The file the font was loaded from, as given.
    public let path: String
    /// The family name in the file (`DejaVu Sans`), or "" if it has none.
    public let familyName: String
    /// The style name in the file (`Book`, `Bold`), or "" if it has none.
    public let styleName: String
    /// Font design units per em (2048 for DejaVu): the unit of the unscaled metrics.
    public let unitsPerEm: Int

    /// Distinguishes this font's glyphs in the engine's glyph cache; unique per engine.
    let id: UInt32
    let face: FT_Face
    /// The HarfBuzz font (`hb_font_t *`), with HarfBuzz's own OpenType functions over
    /// the same bytes, scaled in 26.6 (scale = size in 1/64 px) by `select(size64:)`.
    let hbFont: OpaquePointer
    /// The file's bytes, shared with other fonts of the same file (`FontFile`):
    /// FreeType and HarfBuzz read them in place; let go of last.
    let file: FontFile
    /// Keeps the FreeType library alive while the face is.
    private let library: FontLibrary
    /// The size the face and the HarfBuzz font are set to, 26.6; 0 before the first use.
    var currentSize64: Int32 = 0

    /// Reads and opens the font file at `path`.
    /// - Throws: `notFound`, `unreadable`, `notRegularFile`, `fileTooLarge`, `empty`, `notAFont`, `corrupt`,
    ///   `unsupported` (bitmap-only, or no OpenType tables), `noUnicodeCharmap`.
    init(path: String, id: UInt32, library: FontLibrary) throws(FontError) {
        let file: FontFile
        do {
            file = try FontFile.shared(path: path, maxBytes: Font.maxFileBytes)
        } catch {
            switch error {
            case .notFound: throw .notFound(path: path)
            case .fileTooLarge(_, let bytes, let limit): throw .fileTooLarge(path: path, bytes: bytes, limit: limit)
            case .unreadable(_, let e): throw .unreadable(path: path, errno: e)
            case .notRegularFile(_, let kind): throw .notRegularFile(path: path, kind: kind)
            default: throw .unreadable(path: path, errno: 0)
            }
        }
        guard file.bytes.count > 0 else { throw .empty(path: path) }
        let bytes = file.bytes
        var face: FT_Face?
        let error = FT_New_Memory_Face(
            library.raw, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), 0, &face)
        guard error == 0, let face else {
            throw Font.isNotAFont(error) ? .notAFont(path: path, freeTypeError: error) : .corrupt(path: path, freeTypeError: error)
        }
        let flags = face.pointee.face_flags
        let reason: String? =
            if flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 {
                "bitmap-only font: only scalable outline fonts are supported"
            } else if flags & FT_Long(FT_FACE_FLAG_SFNT) == 0 {
                "no OpenType tables for shaping: only TrueType and OpenType fonts are supported"
            } else {
                nil
            }
        if let reason {
            FT_Done_Face(face)
            throw .unsupported(path: path, reason: reason)
        }
        // HarfBuzz over the same bytes: the blob doesn't own them (no destroy callback);
        // the face and font keep references to the blob, and `deinit` destroys the font
        // before freeing the bytes.
        let blob = hb_blob_create(
            bytes.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(bytes.count),
            HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, 0)
        hb_blob_destroy(blob)

        // HarfBuzz maps characters with the font's own `cmap` table; FreeType would
        // synthesize a Unicode charmap from glyph names without one, which shaping
        // can't use. FreeType selects a Unicode charmap itself when there is one; ask
        // again in case it picked another first.
        let cmap = hb_face_reference_table(hbFace, Font.cmapTag)
        let hasCmap = hb_blob_get_length(cmap) > 0
        hb_blob_destroy(cmap)
        let unicode =
            face.pointee.charmap?.pointee.encoding == FT_ENCODING_UNICODE
            || FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0
        guard hasCmap && unicode else {
            hb_face_destroy(hbFace)
            FT_Done_Face(face)
            throw .noUnicodeCharmap(path: path)
        }
        // Like hb_buffer_create, hb_font_create returns an inert object, never NULL.
        let hbFont = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)

        self.path = path
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        self.styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        self.unitsPerEm = Int(face.pointee.units_per_EM)
        self.id = id
        self.face = face
        self.hbFont = hbFont
        self.file = file
        self.library = library
    }

    /// Whether the file at `path` is a font Vitrine can draw with: opened as `Font` would
    /// be, with a FreeType library of its own, then let go. What a show's manifest check
    /// does with the font files it names.
    /// - Throws: the `FontError` loading it would.
    public static func check(path: String) throws(FontError) {
        _ = try Font(path: path, id: 0, library: FontLibrary())
    }

    /// `HB_TAG('c','m','a','p')` (a function-like macro Swift can't import).
    static let cmapTag: UInt32 = 0x636D_6170

    /// Whether `FT_New_Memory_Face`'s error means no font format was found: every
    /// driver said "unknown file format", or the data ran out before any driver could
    /// read a header (the stream errors, 0x51 ... 0x58: a short text file). Anything
    /// else is a font FreeType recognised but found damaged.
    static func isNotAFont(_ error: Int32) -> Bool {
        error == 0x02 || (0x51...0x58).contains(error)
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
        // `file` goes after this, so the bytes outlive the face and the font.
    }

    /// The face's vertical metrics in font units, unscaled (`hhea` or `OS/2`, as
    /// FreeType picks): what the scaled `FontMetrics` are checked against.
    var designMetrics: (ascender: Int, descender: Int, height: Int) {
        (Int(face.pointee.ascender), Int(face.pointee.descender), Int(face.pointee.height))
    }

    /// The glyph the font's Unicode charmap gives `scalar`, or nil when the font has
    /// none (FreeType's glyph 0, `.notdef`).
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        let g = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        return g == 0 ? nil : UInt32(g)
    }

    /// Whether every scalar of `text` has a glyph in this font (no `.notdef` boxes).
    public func covers(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { glyph(for: $0) != nil }
    }
}
