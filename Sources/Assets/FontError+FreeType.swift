/// FreeType's message for an `FT_Error` and the code in hex, e.g.
/// `unknown file format (FreeType error 0x02)`.
///
/// Debian builds FreeType without `FT_CONFIG_OPTION_ERROR_STRINGS`, so `FT_Error_String`
/// returns NULL: the texts below are copied from `fterrdef.h` for the errors loading a
/// face, setting a size and rendering a glyph can produce. Others print as
/// `FreeType error 0xNN` alone.
func freeTypeErrorDescription(_ code: Int32) -> String {
    let hex = String(code, radix: 16, uppercase: true)
    let number = "FreeType error 0x" + (hex.count < 2 ? "0" + hex : hex)
    guard let text = freeTypeErrorText(code) else { return number }
    return "\(text) (\(number))"
}

/// FreeType's text for the errors a font load, a size change or a glyph render can
/// report (module-specific codes carry the module in the high byte: ignored here).
private func freeTypeErrorText(_ code: Int32) -> String? {
    switch code & 0xFF {
    case 0x01: "cannot open resource"
    case 0x02: "unknown file format"
    case 0x03: "broken file"
    case 0x04: "invalid FreeType version"
    case 0x06: "invalid argument"
    case 0x07: "unimplemented feature"
    case 0x08: "broken table"
    case 0x09: "broken offset within table"
    case 0x0A: "array allocation size too large"
    case 0x10: "invalid glyph index"
    case 0x11: "invalid character code"
    case 0x12: "unsupported glyph image format"
    case 0x13: "cannot render this glyph format"
    case 0x14: "invalid outline"
    case 0x15: "invalid composite glyph"
    case 0x17: "invalid pixel size"
    case 0x40: "out of memory"
    case 0x51: "cannot open stream"
    case 0x52: "invalid stream seek"
    case 0x53: "invalid stream skip"
    case 0x54: "invalid stream read"
    case 0x55: "invalid stream operation"
    case 0x56: "invalid frame operation"
    case 0x58: "invalid frame read"
    case 0x62: "raster overflow"
    case 0x8E: "SFNT font table missing"
    case 0x8F: "horizontal header (hhea) table missing"
    case 0x90: "locations (loca) table missing"
    case 0x92: "character map (cmap) table missing"
    case 0x93: "horizontal metrics (hmtx) table missing"
    case 0x95: "invalid horizontal metrics"
    case 0x96: "invalid character map (cmap) format"
    case 0x97: "invalid ppem value"
    case 0x9D: "missing bitmap in strike"
    default: nil
    }
}
