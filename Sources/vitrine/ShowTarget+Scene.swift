import Scenes
import Show

extension Show {
    /// Why `--scene` can't start on `target` (at the book's spread `page`, for
    /// `book:<id>@<page>`), or nil when the show has it.
    func problem(with target: ShowTarget, page: Int? = nil) -> String? {
        switch target {
        case .home, .shelf, .menu: return nil
        case .folder(let id): return folder(id: id) == nil ? "the show has no folder \"\(id)\"" : nil
        case .cards(let id): return cardList(id: id) == nil ? "the show has no card list \"\(id)\"" : nil
        case .book(let id):
            guard let book = book(id: id) else { return "the show has no book \"\(id)\"" }
            let last = ShowScene.lastBookPage(pageCount: book.pages.count)
            guard let page, page > last else { return nil }
            let pages = book.pages.count == 1 ? "1 page" : "\(book.pages.count) pages"
            return "the book \"\(id)\" has \(pages): @-1 (closed) to @\(last), not @\(page)"
        }
    }
}
