import Scenes
import Show

extension ShowPlayback {
    /// Where this show resumes a screen the show before it was on (a resume name, as
    /// `PlayableScene.screen` gives it), for a reload that keeps the screen (`--watch`):
    /// that screen when this show still has it, a book at its last page when it has
    /// fewer pages now, else home. The launch is home: the doors are not played again.
    func resume(keeping screen: String) -> String {
        guard screen != "launch", let start = ShowScene.resume(parsing: screen) else { return "home" }
        let menu = start.menuOpen ? "+menu" : ""
        switch start.target {
        case .home, .menu, .shelf: return screen
        case .folder(let id): return show.folder(id: id) == nil ? "home" : screen
        case .cards(let id): return show.cardList(id: id) == nil ? "home" : screen
        case .book(let id):
            guard let book = show.book(id: id) else { return "home" }
            let last = ShowScene.lastBookPage(pageCount: book.pages.count)
            guard let page = start.bookPage, page > last else { return screen }
            return "\(ShowTarget.book(id))@\(last)\(menu)"
        }
    }
}
