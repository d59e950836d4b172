import Show

extension Show {
    /// Why `--scene` can't start on `target`, or nil when the show has it.
    func problem(with target: ShowTarget) -> String? {
        switch target {
        case .home, .shelf, .menu: nil
        case .folder(let id): folder(id: id) == nil ? "the show has no folder \"\(id)\"" : nil
        case .book(let id): book(id: id) == nil ? "the show has no book \"\(id)\"" : nil
        case .cards(let id): cardList(id: id) == nil ? "the show has no card list \"\(id)\"" : nil
        }
    }
}
