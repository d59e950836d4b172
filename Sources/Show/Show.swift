/// A show: what the kiosk plays, as read from a `show.toml` (Authoring a show) or built in
/// (ShowDemo's `DemoShow.show`). Asset paths are relative to the show folder.
public struct Show: Hashable, Sendable {
    public var title: String
    /// The fonts for all of the show's text, in fallback order, as the manifest's `font`
    /// spells them: family names, or font files relative to the show folder
    /// (`Show.isFontFile`). Empty: DejaVu Sans, regular and bold.
    public var font: [String]
    public var launch: LaunchSection
    public var home: HomeSection
    public var folders: [Folder]
    public var books: [Book]
    public var cardLists: [CardList]
    public var menu: [MenuItem]

    public init(
        title: String, launch: LaunchSection, home: HomeSection, folders: [Folder] = [], books: [Book] = [],
        cardLists: [CardList] = [], menu: [MenuItem] = [], font: [String] = []
    ) {
        self.title = title
        self.font = font
        self.launch = launch
        self.home = home
        self.folders = folders
        self.books = books
        self.cardLists = cardLists
        self.menu = menu
    }

    /// The folder with `id`, nil if none.
    public func folder(id: String) -> Folder? { folders.first { $0.id == id } }
    /// The book with `id`, nil if none.
    public func book(id: String) -> Book? { books.first { $0.id == id } }
    /// The card list with `id`, nil if none.
    public func cardList(id: String) -> CardList? { cardLists.first { $0.id == id } }
}
