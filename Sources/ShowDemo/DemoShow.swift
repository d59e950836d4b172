import Show

/// The built-in demo show, "Museum of Light": everything in it, words and pictures, is
/// made by Vitrine's own code. Its pictures are drawn on demand by `ShowAssets.demo()`;
/// `write(to:)` writes the show out as an editable show folder (`vitrine show init`).
///
/// Contents: the launch doors; a home screen of 6 tiles; 2 folders ("books", "visit");
/// 3 books of 8 pages; a card list of 24 people; a menu of 5 items.
public enum DemoShow {
    /// The built-in demo show (its asset paths are the ones `write(to:)` uses).
    public static let show = Show(
        title: "Museum of Light",
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
                Tile(title: "Visit", icon: "icons/visit.png", open: .folder("visit")),
                Tile(title: "Atlas", icon: "icons/atlas.png", open: .book("atlas")),
                Tile(title: "Menu", icon: "icons/menu.png", open: .menu),
            ]),
        folders: [
            Folder(
                id: "books", title: "Books",
                tiles: DemoBook.all.map { Tile(title: $0.title, icon: $0.coverPath, open: .book($0.id)) }
                    + [Tile(title: "Shelf", icon: "icons/shelf.png", open: .shelf)]),
            Folder(
                id: "visit", title: "Visit",
                tiles: [
                    Tile(title: "People", icon: "icons/people.png", open: .cards("team")),
                    Tile(title: "Night Sky", icon: DemoBook.stars.coverPath, open: .book("stars")),
                    Tile(title: "Home", icon: "icons/home.png", open: .home),
                    Tile(title: "Menu", icon: "icons/menu.png", open: .menu),
                ]),
        ],
        books: DemoBook.all.map { book in
            Book(id: book.id, title: book.title, cover: book.coverPath, pages: book.pages.indices.map(book.pagePath))
        },
        cardLists: [
            CardList(
                id: "team", title: "People",
                items: DemoPerson.all.map {
                    Card(title: $0.name, subtitle: $0.role, image: $0.imagePath, text: $0.text)
                })
        ],
        menu: [
            MenuItem(title: "Home", open: .home),
            MenuItem(title: "Books", open: .folder("books")),
            MenuItem(title: "Shelf", open: .shelf),
            MenuItem(title: "People", open: .cards("team")),
            MenuItem(title: "Visit", open: .folder("visit")),
        ])

    /// Every picture the show names, each once, in the order the manifest names them.
    public static var assetPaths: [AssetPath] { show.assetPaths }
}

extension Show {
    /// Every picture the show names, each once, in manifest order: launch, home,
    /// folders, books, cards.
    public var assetPaths: [AssetPath] {
        var paths: [AssetPath] = []
        var seen = Set<AssetPath>()
        func add(_ p: AssetPath) { if seen.insert(p).inserted { paths.append(p) } }
        for o in launch.map({ [$0.leftDoor, $0.rightDoor, $0.background] }) ?? [] {
            add(o.portrait)
            add(o.landscape)
        }
        add(home.wallpaper)
        for tile in home.tiles + folders.flatMap(\.tiles) { add(tile.icon) }
        for book in books {
            add(book.cover)
            for page in book.pages { add(page) }
        }
        for card in cardLists.flatMap(\.items) { add(card.image) }
        return paths
    }
}
