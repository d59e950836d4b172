import Show

extension ShowScene {
    /// The screen shown in `--scene` spelling, with a book's page: "book:<id>@<page>"
    /// when a book rests (or settles) at a whole page other than -1 (closed: plain
    /// "book:<id>"), else the target's spelling. The runtime rebuilds the scene on a turn
    /// of the panel, a reload or an output's return with this, so the book reopens at its
    /// page (`resume(parsing:)`); a turn caught mid-page goes to the page it was settling to.
    /// While the shelf opens a book, that book ("book:<id>": a turn lands where the
    /// opening was going; its back control still goes to the shelf, `bookReturn`).
    public var resumeName: String {
        if let book = screen as? BookScreen, book.target == current, book.page != -1 {
            return "\(current)@\(book.page)"
        }
        // A book opening from the shelf: the book, closed (where the opening goes).
        if let shelf = screen as? ShelfScreen, shelf.target == current, let id = shelf.openingBook {
            return ShowTarget.book(id).description
        }
        return current.description
    }

    /// A resume name parsed: the target and, for "book:<id>@<page>", the page (an
    /// integer, -1 or more). nil when the text is neither a target nor a book with a page.
    public static func resume(parsing text: String) -> (target: ShowTarget, bookPage: Int?)? {
        if let at = text.lastIndex(of: "@") {
            guard let target = ShowTarget(parsing: String(text[..<at])), case .book = target,
                let page = Int(text[text.index(after: at)...]), page >= -1
            else { return nil }
            return (target, page)
        }
        return ShowTarget(parsing: text).map { ($0, nil) }
    }
}
