extension FontConfig {
    /// An installed scalable font that has a glyph for `scalar`, in the weight asked for
    /// when one has it, nil when no installed font has one.
    ///
    /// The character goes in the pattern's character set, which fontconfig's matching
    /// weighs before the family: the best match covers it if any installed font does;
    /// the match's own character set is checked to be sure.
    public func font(for scalar: Unicode.Scalar, bold: Bool) -> InstalledFont? {
        let pattern = FontPattern()
        pattern.add(character: scalar)
        pattern.add("weight", bold ? Self.boldWeight : Self.regularWeight)
        pattern.add("scalable", true)
        guard let match = bestMatch(pattern), match.covers(scalar) else { return nil }
        return Self.installed(match)
    }
}
