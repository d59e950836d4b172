@testable import Show

/// A small valid manifest with every section; bad manifests are made from it by
/// replacing one piece of text, so the line numbers in expected messages are these.
enum ManifestFixture {
    static let text = """
        title = "Museum"

        [launch]
        left_door = { portrait = "launch/left-p.png", landscape = "launch/left-l.png" }
        right_door = { portrait = "launch/right-p.png", landscape = "launch/right-l.png" }
        background = { portrait = "launch/bg-p.png", landscape = "launch/bg-l.png" }
        hold = 0.5
        duration = 1.2
        curve = "ease-in-out"

        [home]
        wallpaper = "home/wall.jpg"
        columns = 4
        tiles = [
          { title = "Books", icon = "icons/books.png", open = "folder:books" },
          { title = "Shelf", icon = "icons/shelf.png", open = "shelf" },
          { title = "People", icon = "icons/people.png", open = "cards:team" },
        ]

        [[folder]]
        id = "books"
        title = "Books"
        tiles = [ { title = "Atlas", icon = "books/atlas/cover.jpg", open = "book:atlas" } ]

        [[folder]]
        id = "maps"
        title = "Maps"
        tiles = []

        [[book]]
        id = "atlas"
        title = "Atlas of Light"
        cover = "books/atlas/cover.jpg"
        pages = ["books/atlas/1.jpg", "books/atlas/2.jpg"]

        [[cards]]
        id = "team"
        title = "People"
        items = [ { title = "Ada", subtitle = "Engineer", image = "people/ada.jpg", text = "Builds things." } ]
        tip = "rotate"
        tip_angle = -15
        tip_offset = [-20, -20]
        tip_opacity = 0.8
        tip_duration = 0.4
        again = "none"

        [menu]
        items = [ { title = "Home", open = "home" }, { title = "Books", open = "shelf" } ]

        """

    /// What `text` describes.
    static let show = Show(
        title: "Museum",
        launch: LaunchSection(
            leftDoor: OrientedImage(portrait: "launch/left-p.png", landscape: "launch/left-l.png"),
            rightDoor: OrientedImage(portrait: "launch/right-p.png", landscape: "launch/right-l.png"),
            background: OrientedImage(portrait: "launch/bg-p.png", landscape: "launch/bg-l.png"),
            hold: 0.5, duration: 1.2, curve: .easeInOut),
        home: HomeSection(
            wallpaper: "home/wall.jpg", columns: 4,
            tiles: [
                Tile(title: "Books", icon: "icons/books.png", open: .folder("books")),
                Tile(title: "Shelf", icon: "icons/shelf.png", open: .shelf),
                Tile(title: "People", icon: "icons/people.png", open: .cards("team")),
            ]),
        folders: [
            Folder(
                id: "books", title: "Books",
                tiles: [Tile(title: "Atlas", icon: "books/atlas/cover.jpg", open: .book("atlas"))]),
            Folder(id: "maps", title: "Maps", tiles: []),
        ],
        books: [
            Book(
                id: "atlas", title: "Atlas of Light", cover: "books/atlas/cover.jpg",
                pages: ["books/atlas/1.jpg", "books/atlas/2.jpg"])
        ],
        cardLists: [
            CardList(
                id: "team", title: "People",
                items: [Card(title: "Ada", subtitle: "Engineer", image: "people/ada.jpg", text: "Builds things.")])
        ],
        menu: [MenuItem(title: "Home", open: .home), MenuItem(title: "Books", open: .shelf)])

    /// `text` with the first `old` replaced by `new` (which must be there: a fixture typo
    /// must not turn a test into a no-op).
    static func replacing(_ old: String, with new: String) -> String {
        guard let range = text.firstRange(of: old) else { fatalError("fixture has no \(old)") }
        var result = text
        result.replaceSubrange(range, with: new)
        return result
    }
}
