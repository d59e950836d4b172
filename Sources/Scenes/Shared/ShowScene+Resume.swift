import Show

extension ShowScene {
    /// The screen shown in `--scene` spelling, with a book's page: "book:<id>@<page>"
    /// when a book rests (or settles) at a whole page other than -1 (closed: plain
    /// "book:<id>"), else the target's spelling; with "+menu" after it while the menu is
    /// open or opening over that screen ("home+menu", "book:atlas@2+menu"). The runtime
    /// rebuilds the scene on a turn of the panel, a reload or an output's return with
    /// this, so the book reopens at its page and the menu open, at rest
    /// (`resume(parsing:)`); a turn caught mid-page goes to the page it was settling to, a
    /// closing menu is gone. While the shelf opens a book, that book ("book:<id>": a turn
    /// lands where the opening was going; its back control still goes to the shelf,
    /// `bookReturn`).
    public var resumeName: String {
        let host = menu?.hostTarget ?? current
        var name = host.description
        if let book = screen as? BookScreen, book.target == host, book.page != -1 {
            name = "\(host)@\(book.page)"
        }
        // A book opening from the shelf: the book, closed (where the opening goes).
        if let shelf = screen as? ShelfScreen, shelf.target == host, let id = shelf.openingBook {
            name = ShowTarget.book(id).description
        }
        if let m = menu, m.isOpening { name += Self.menuSuffix }
        return name
    }

    /// The last spread `book:<id>@<page>` can open a book of `pageCount` pages at (its
    /// cover and pages are the items; each spread shows two): at least 0, a book of a
    /// cover alone opening onto the cover's blank back. -1 is the book closed.
    public static func lastBookPage(pageCount: Int) -> Int {
        Int(BookLayout(itemCount: 1 + Swift.max(0, pageCount), width: 1, height: 1, aspect: 1).maxPage)
    }

    /// What a resume name adds while the menu is open.
    static let menuSuffix = "+menu"

    /// A resume name parsed: the target, for "book:<id>@<page>" the page (an integer, -1
    /// or more), and whether the menu is open over it ("<name>+menu"; "menu" alone is the
    /// target `.menu`: home with the menu's drop from t = 0). nil when the text is none of
    /// these.
    public static func resume(parsing text: String) -> (target: ShowTarget, bookPage: Int?, menuOpen: Bool)? {
        if text.hasSuffix(menuSuffix) {
            guard let r = resume(parsing: String(text.dropLast(menuSuffix.count))), !r.menuOpen, r.target != .menu
            else { return nil }
            return (r.target, r.bookPage, true)
        }
        if let at = text.lastIndex(of: "@") {
            guard let target = ShowTarget(parsing: String(text[..<at])), case .book = target,
                let page = Int(text[text.index(after: at)...]), page >= -1
            else { return nil }
            return (target, page, false)
        }
        return ShowTarget(parsing: text).map { ($0, nil, false) }
    }
}
