import Assets
import MessageText

extension Show {
    /// File name endings that make a font list entry a file, not a family name.
    static let fontFileEndings = [".ttf", ".otf", ".ttc"]

    /// Whether a `font` or `title_font` entry names a file (relative to the show
    /// folder): it has a "/" or ends in .ttf, .otf or .ttc, in any case. Anything else
    /// is a family name for fontconfig (`Noto Sans CJK JP`, `sans-serif`).
    public static func isFontFile(_ entry: String) -> Bool {
        if entry.contains("/") { return true }
        let lower = entry.lowercased()
        return fontFileEndings.contains { lower.hasSuffix($0) }
    }

    /// `entries` as the text rasterizer takes them (`TextRasterizing.useFonts`,
    /// `TextAttributes.fonts`): files as absolute paths under `directory` (the show
    /// folder; nil, the built-in demo: as written), families as they are.
    public static func fontNames(_ entries: [String], directory: String?) -> [String] {
        guard let directory else { return entries }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return entries.map { isFontFile($0) ? base + "/" + $0 : $0 }
    }

    /// Every font list the show names, under its key (`font`, `book[2].title_font`).
    public var namedFontLists: [(key: String, fonts: [String])] {
        var all: [(String, [String])] = [("font", font)]
        for (i, f) in folders.enumerated() { all.append(("folder[\(i)].title_font", f.titleFont)) }
        for (i, b) in books.enumerated() { all.append(("book[\(i)].title_font", b.titleFont)) }
        for (i, c) in cardLists.enumerated() { all.append(("cards[\(i)].title_font", c.titleFont)) }
        return all.filter { !$0.1.isEmpty }
    }

    /// One warning for each family name no installed font has (fontconfig would answer
    /// with another family): it is left out of its list, whose other fonts are used;
    /// DejaVu Sans when none is left.
    ///
    /// - Returns: lines like `show/show.toml: font[0]: no installed font family "Inter"
    ///   (fontconfig's closest: "DejaVu Sans"); left out, the list's other fonts are used`.
    public func fontWarnings(manifest: String) -> [String] {
        var warnings: [String] = []
        for (key, names) in namedFontLists {
            let families = names.filter { !Self.isFontFile($0) }
            guard !families.isEmpty else { continue }
            let missing = FontNames.missingFamilies(families)
            let usable = names.contains { Self.isFontFile($0) || !missing.contains($0) }
            for (i, name) in names.enumerated() where missing.contains(name) {
                let closest = FontConfig.shared?.closestFont(family: name).map { " (fontconfig's closest: \"\($0.family)\")" }
                warnings.append(
                    "\(manifest): \(key)[\(i)]: no installed font family \"\(shortened(name))\"\(closest ?? ""); "
                        + (usable ? "left out, the list's other fonts are used" : "DejaVu Sans is used instead"))
            }
        }
        return warnings
    }
}
