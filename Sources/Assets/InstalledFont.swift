/// A font file fontconfig found among the installed fonts.
public struct InstalledFont: Hashable, Sendable {
    /// The font file, absolute (`/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf`).
    public var path: String
    /// Its family names, as fontconfig lists them (several spellings for some fonts);
    /// the first is the one to show.
    public var families: [String]

    public init(path: String, families: [String]) {
        self.path = path
        self.families = families
    }

    /// The family name to show: the first listed, or the file's path without one.
    public var family: String { families.first ?? path }

    /// Whether one of the font's families is `name`, spelt as fontconfig compares
    /// family names: ASCII case and spaces ignored (`dejavusans` is `DejaVu Sans`).
    public func isFamily(_ name: String) -> Bool {
        let wanted = Self.folded(name)
        return families.contains { Self.folded($0) == wanted }
    }

    static func folded(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.compactMap { s in
            s == " " ? nil : (s.value >= 0x41 && s.value <= 0x5A ? Unicode.Scalar(s.value + 0x20) : s)
        }))
    }
}
