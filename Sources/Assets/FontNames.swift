/// Font names as a show gives them, turned into the fonts a `TextStyle` takes: an
/// absolute path (starting with "/") is that file; anything else is a family name,
/// found among the installed fonts through fontconfig (loaded only when a family is
/// named: a show without one never loads it).
public enum FontNames {
    /// The font files `names` stand for, in order, for regular or bold text: a family in
    /// its bold face when `bold` and it has one; a file as it is, whatever the weight.
    /// A family not installed is left out (`missingFamilies` names it); none left: the
    /// default, DejaVu Sans regular or bold.
    public static func choices(_ names: [String], bold: Bool) -> [FontChoice] {
        var choices: [FontChoice] = []
        for name in names {
            if name.hasPrefix("/") {
                choices.append(.file(name))
            } else if let installed = FontConfig.shared?.font(family: name, bold: bold) {
                choices.append(.file(installed.path))
            }
        }
        return choices.isEmpty ? [bold ? .bold : .regular] : choices
    }

    /// The family names of `names` no installed font has (fontconfig answers them with
    /// another family), each once, in order.
    public static func missingFamilies(_ names: [String]) -> [String] {
        var missing: [String] = []
        for name in names where !name.hasPrefix("/") && !missing.contains(name) {
            if FontConfig.shared?.font(family: name, bold: false) == nil { missing.append(name) }
        }
        return missing
    }
}
