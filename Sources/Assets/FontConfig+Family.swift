extension FontConfig {
    /// The generic names fontconfig's configuration maps to a font (CSS's and
    /// fontconfig's own): asking for one is never a missing family.
    public static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "emoji", "math", "cursive", "fantasy",
    ]

    /// The installed font of family `name` in the weight asked for, nil when none of
    /// that family is installed (fontconfig always answers with its closest font: a
    /// match of another family is no match here). A generic name (`sans-serif`) takes
    /// fontconfig's choice. Only scalable fonts are asked for.
    public func font(family name: String, bold: Bool) -> InstalledFont? {
        let pattern = FontPattern()
        pattern.add("family", name)
        pattern.add("weight", bold ? Self.boldWeight : Self.regularWeight)
        pattern.add("scalable", true)
        guard let match = bestMatch(pattern), let font = Self.installed(match) else { return nil }
        let generic = Self.genericFamilies.contains(InstalledFont.folded(name))
        return generic || font.isFamily(name) ? font : nil
    }

    /// The font fontconfig would draw `name` with when no family of that name is
    /// installed (its closest match), for a warning to name; nil if none.
    public func closestFont(family name: String) -> InstalledFont? {
        let pattern = FontPattern()
        pattern.add("family", name)
        pattern.add("scalable", true)
        return bestMatch(pattern).flatMap(Self.installed)
    }
}
