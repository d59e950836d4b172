/// A path to a picture, relative to the show folder ("launch/left-p.png").
public typealias AssetPath = String

/// Where a tile or menu item goes: "home", "shelf", "menu", "folder:<id>", "book:<id>",
/// "cards:<id>" (Authoring a show, "Targets"). Parsing checks the spelling only; whether the id exists is
/// checked by the manifest loader against the whole show.
public enum ShowTarget: Hashable, Sendable, CustomStringConvertible {
    case home, shelf, menu
    case folder(String)
    case book(String)
    case cards(String)

    /// Parses the manifest spelling; nil for anything else (an unknown word, a missing or
    /// invalid id: ids are non-empty and made of a-z, 0-9, "-" and "_"). No spaces allowed.
    public init?(parsing text: String) {
        switch text {
        case "home": self = .home
        case "shelf": self = .shelf
        case "menu": self = .menu
        default:
            guard let colon = text.firstIndex(of: ":") else { return nil }
            let kind = text[..<colon]
            let id = String(text[text.index(after: colon)...])
            guard ShowTarget.isValidID(id) else { return nil }
            switch kind {
            case "folder": self = .folder(id)
            case "book": self = .book(id)
            case "cards": self = .cards(id)
            default: return nil
            }
        }
    }

    /// The manifest spelling: `ShowTarget(parsing: t.description) == t` for valid ids.
    public var description: String {
        switch self {
        case .home: "home"
        case .shelf: "shelf"
        case .menu: "menu"
        case .folder(let id): "folder:\(id)"
        case .book(let id): "book:\(id)"
        case .cards(let id): "cards:\(id)"
        }
    }

    /// Whether `id` is a valid folder, book or card-list id: non-empty, only a-z, 0-9,
    /// "-" and "_".
    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty
            && id.utf8.allSatisfy { c in
                (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
                    || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
            }
    }
}
