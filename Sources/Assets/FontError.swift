import LinuxSystem
internal import Glibc

/// Why a font could not be loaded or used. Every case names the font file, so the
/// one-line `description` is all a log line needs, e.g.
/// `/usr/share/fonts/x.ttf: not a font: unknown file format (FreeType error 0x02)`.
///
/// FreeType's own error codes are kept as numbers (`freeTypeError`, the `FT_Error`
/// value) and shown with FreeType's message text and the code in hex, so a reader can
/// look the code up in `fterrdef.h`.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not exist (`open` failed with ENOENT).
    case notFound(path: String)
    /// The file exists but could not be opened or read; `errno` as `open`/`read` set it
    /// (EACCES, EIO, ...).
    case unreadable(path: String, errno: Int32)
    /// The path is not a regular file (a directory, a FIFO, a device): not read.
    case notRegularFile(path: String, kind: FileKind)
    /// The file is bigger than `Font.maxFileBytes`; `bytes` is its size.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// The file is empty (0 bytes).
    case empty(path: String)
    /// FreeType recognises no font format in the file (`FT_Err_Unknown_File_Format`).
    case notAFont(path: String, freeTypeError: Int32)
    /// FreeType recognised the format but could not open the face: a broken file, a
    /// damaged table. `freeTypeError` is the `FT_Error` of `FT_New_Memory_Face`.
    case corrupt(path: String, freeTypeError: Int32)
    /// A font FreeType opens but Vitrine can't use: `reason` says why (a bitmap-only
    /// font, a format without OpenType tables for HarfBuzz to shape with).
    case unsupported(path: String, reason: String)
    /// The font has no Unicode character map, so text can't be mapped to glyphs.
    case noUnicodeCharmap(path: String)
    /// `FT_Set_Char_Size` refused the size; `size64` is the size in 1/64 pixel (26.6).
    case sizeNotSettable(path: String, size64: Int32, freeTypeError: Int32)

    /// The font file the error is about.
    public var path: String {
        switch self {
        case .notFound(let p), .unreadable(let p, _), .notRegularFile(let p, _), .fileTooLarge(let p, _, _), .empty(let p),
            .notAFont(let p, _), .corrupt(let p, _), .unsupported(let p, _), .noUnicodeCharmap(let p),
            .sizeNotSettable(let p, _, _):
            p
        }
    }

    public var description: String { "\(path): \(reason)" }

    /// What is wrong, without the path: `not a font: unknown file format (FreeType error
    /// 0x02)`, for a message that names the file its own way (a manifest's key).
    public var reason: String {
        switch self {
        case .notFound:
            "cannot read font: \(errnoDescription(ENOENT))"
        case .unreadable(_, let e):
            "cannot read font: \(errnoDescription(e))"
        case .notRegularFile(_, let kind):
            "cannot read font: \(kind), not a regular file"
        case .fileTooLarge(_, let bytes, let limit):
            "font file too large: \(bytes) bytes, over the \(limit)-byte limit"
        case .empty:
            "not a font: the file is empty"
        case .notAFont(_, let e):
            "not a font: \(freeTypeErrorDescription(e))"
        case .corrupt(_, let e):
            "corrupt font: \(freeTypeErrorDescription(e))"
        case .unsupported(_, let reason):
            "unsupported font: \(reason)"
        case .noUnicodeCharmap:
            "unsupported font: no Unicode character map"
        case .sizeNotSettable(_, let size64, let e):
            "cannot set size \(pixelsDescription(size64)) px: \(freeTypeErrorDescription(e))"
        }
    }
}

/// A 26.6 value as decimal pixels, exactly (1/64 = 0.015625 needs at most six
/// decimals): `1280` -> `20`, `1312` -> `20.5`.
func pixelsDescription(_ v: Int32) -> String {
    let magnitude = Int(v.magnitude)
    var text = (v < 0 ? "-" : "") + String(magnitude >> 6)
    var frac = magnitude & 63
    if frac != 0 {
        text += "."
        while frac != 0 {
            frac *= 10
            text += String(frac >> 6)
            frac &= 63
        }
    }
    return text
}
