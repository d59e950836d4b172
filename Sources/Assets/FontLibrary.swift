internal import CText

/// Owns one FreeType library instance (`FT_Library`) and releases it when the last
/// owner goes: the `TextEngine` that made it and every `Font` loaded with it (a face
/// must be freed before its library, so each font keeps the library alive).
///
/// FreeType objects are not thread-safe; like the rest of the text stack, a library is
/// used from one thread (the event loop), so it is deliberately not `Sendable`.
final class FontLibrary {
    let raw: FT_Library

    /// `FT_Init_FreeType` fails only when it cannot allocate the library (a few KiB);
    /// that traps, as a failed allocation does anywhere in Swift.
    init() {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            fatalError("FreeType: cannot initialise a library: \(freeTypeErrorDescription(error))")
        }
        raw = library
    }

    deinit { FT_Done_FreeType(raw) }
}
