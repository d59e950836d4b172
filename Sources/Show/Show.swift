/// A show: what the kiosk plays, as read from a `show.toml` (Authoring a show) or built in
/// (ShowDemo's `DemoShow.show`). Asset paths are relative to the show folder.
public struct Show: Hashable, Sendable {
    public var title: String
    /// The fonts for all of the show's text, in fallback order, as the manifest's `font`
    /// spells them: family names, or font files relative to the show folder
    /// (`Show.isFontFile`). Empty: DejaVu Sans, regular and bold.
    public var font: [String]
    /// The launch doors of a cold start; nil: the show starts at home (`[launch]` is
    /// optional).
    public var launch: LaunchSection?
    public var home: HomeSection
    public var folders: [Folder]
    public var books: [Book]
    public var cardLists: [CardList]
    /// The drop-down menu's items; none: no screen draws a menu button.
    public var menu: [MenuItem]
    /// The words the runtime draws by itself (`[labels]`), English by default.
    public var labels: ShowLabels

    public init(
        title: String, launch: LaunchSection?, home: HomeSection, folders: [Folder] = [], books: [Book] = [],
        cardLists: [CardList] = [], menu: [MenuItem] = [], labels: ShowLabels = .english, font: [String] = []
    ) {
        self.title = title
        self.font = font
        self.launch = launch
        self.home = home
        self.folders = folders
        self.books = books
        self.cardLists = cardLists
        self.menu = menu
        self.labels = labels
    }

    /// Whether the screens draw a menu button: only when the menu has items.
    public var hasMenu: Bool { !menu.isEmpty }

    /// The folder with `id`, nil if none.
    public func folder(id: String) -> Folder? { folders.first { $0.id == id } }
    /// The book with `id`, nil if none.
    public func book(id: String) -> Book? { books.first { $0.id == id } }
    /// The card list with `id`, nil if none.
    public func cardList(id: String) -> CardList? { cardLists.first { $0.id == id } }
}
