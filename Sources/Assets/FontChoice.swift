/// Which font a `TextStyle` asks for: the defaults from fonts-dejavu-core, or a file.
public enum FontChoice: Hashable, Sendable {
    /// DejaVu Sans (`Font.defaultPath`).
    case regular
    /// DejaVu Sans Bold (`Font.defaultBoldPath`).
    case bold
    /// A TrueType or OpenType file, e.g. one shipped in a show folder.
    case file(String)

    /// The file this choice loads.
    public var path: String {
        switch self {
        case .regular: Font.defaultPath
        case .bold: Font.defaultBoldPath
        case .file(let path): path
        }
    }
}
