internal import CFontconfig
import Synchronization

/// The installed fonts, through fontconfig: a family name to its file, and a character
/// to a font that has it (per-character fallback). One per process (`shared`), made on
/// first use: loading the configuration reads fontconfig's caches (milliseconds), which
/// a show in DejaVu Sans alone never needs.
///
/// fontconfig's calls are serialized by a lock: the kiosk's event loop and a
/// `vitrine check` may ask from different threads. Answers are not cached here; the
/// callers keep what they need (`TextEngine`'s fallback table, a rasterizer's fonts).
public final class FontConfig: @unchecked Sendable {
    /// fontconfig's configuration with the installed fonts (`FcConfig *`).
    private let config: OpaquePointer
    private let lock = Mutex<Void>(())

    /// fontconfig's weight for regular and bold faces (`FC_WEIGHT_REGULAR`, `FC_WEIGHT_BOLD`).
    static let regularWeight: Int32 = 80
    static let boldWeight: Int32 = 200

    /// The process's fontconfig, nil when its configuration can't be loaded (no
    /// fonts.conf): then no family resolves and no character falls back.
    public static let shared: FontConfig? = FcInitLoadConfigAndFonts().map(FontConfig.init(config:))

    private init(config: OpaquePointer) { self.config = config }

    /// fontconfig's best match for `pattern` (after the configuration's substitutions
    /// and defaults: aliases, generic families), nil when there is none at all.
    func bestMatch(_ pattern: FontPattern) -> FontPattern? {
        nonisolated(unsafe) var match: OpaquePointer?
        lock.withLock { _ in
            _ = FcConfigSubstitute(config, pattern.raw, FcMatchPattern)
            FcDefaultSubstitute(pattern.raw)
            var result = FcResultNoMatch
            match = FcFontMatch(config, pattern.raw, &result)
        }
        return match.map(FontPattern.init(owning:))
    }

    /// A match as an `InstalledFont`, nil without a file.
    static func installed(_ match: FontPattern) -> InstalledFont? {
        guard let path = match.string("file") else { return nil }
        return InstalledFont(path: path, families: match.strings("family"))
    }
}
