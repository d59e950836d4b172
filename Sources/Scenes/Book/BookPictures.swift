import Compositor
import Raster
import Show

/// The pictures of one book at the size its pages are drawn: the cover and
/// the pages (items 0, 1, ...), the page's size (`BookLayout`, from the first page's
/// aspect), and which picture each item shows. Every resampled picture comes from the
/// show's `ShowPictures` (kept across screens and scenes), so a picture fetched once,
/// by the book or by the shelf's warm-up, costs nothing the next time.
final class BookPictures {
    /// The cover, then the pages.
    let paths: [AssetPath]
    let layout: BookLayout
    let pictures: ShowPictures
    private var paperImage: Surface?

    /// - Parameters:
    ///   - width, height: the logical screen, points.
    init(id: String, show: Show, pictures: ShowPictures, width: Double, height: Double) {
        let book = show.book(id: id)
        paths = book.map { [$0.cover] + $0.pages } ?? []
        self.pictures = pictures
        layout = BookLayout(
            itemCount: paths.count, width: width, height: height, aspect: Self.aspect(paths, pictures: pictures))
    }

    /// The pages' aspect (width / height): the cover's, so that the closed book is its
    /// cover and a page picture of another shape is printed on paper; 3:4 when unknown.
    /// Decodes that picture.
    static func aspect(_ paths: [AssetPath], pictures: ShowPictures) -> Double {
        guard let cover = paths.first else { return 0.75 }
        let s = pictures.size(cover)
        return s.width > 0 && s.height > 0 ? s.width / s.height : 0.75
    }

    /// Item `item`'s rectangle on the page (page points, whole) when its picture's
    /// aspect differs from the page's by more than a pixel and it is fitted on paper;
    /// nil when it fills the page (or is a blank back).
    func fitted(_ item: Int) -> Rect2D? {
        guard item < paths.count else { return nil }
        let w = layout.pageWidth.rounded(.down), h = layout.pageHeight.rounded(.down)
        let fit = ScreenFit.fit(pictures.size(paths[item]), in: Rect2D(x: 0, y: 0, width: w, height: h))
        if fit.width >= w - 1 && fit.height >= h - 1 { return nil }
        return fit  // whole points already (`ScreenFit`)
    }

    /// Item `item`'s picture resampled to what it covers on the page (the page, or its
    /// fitted rectangle); nil for a blank back. The cover (item 0) has its corners
    /// rounded (`CoverDressing`), as on the shelf.
    func resampled(_ item: Int) -> Surface? {
        guard item < paths.count else { return nil }
        if let fit = fitted(item) {
            return pictures.picture(paths[item], width: fit.width.clampedInt, height: fit.height.clampedInt)
        }
        let (w, h) = (Int(layout.pageWidth), Int(layout.pageHeight))
        return item == 0
            ? pictures.picture(paths[0], width: w, height: h, dressing: .rounded)
            : pictures.picture(paths[item], width: w, height: h)
    }

    /// The cover at the page's size as the show's picture is, corners not rounded: the
    /// source of the cover's shade while it turns; nil when the cover is fitted on paper
    /// (its page is then opaque paper, not rounded).
    func unroundedCover() -> Surface? {
        guard !paths.isEmpty, fitted(0) == nil else { return nil }
        return pictures.picture(paths[0], width: Int(layout.pageWidth), height: Int(layout.pageHeight))
    }

    /// Item `item`'s page: its picture at the page's size when it has the page's aspect
    /// (within a pixel), else fitted on paper; plain paper for a blank back.
    func page(_ item: Int) -> Surface {
        let w = Int(layout.pageWidth), h = Int(layout.pageHeight)
        guard let pic = resampled(item) else { return paper() }
        guard let fit = fitted(item), let s = try? Surface(width: w, height: h, format: .xrgb8888) else { return pic }
        s.fill(BookScreen.paper)
        try? s.over(pic, x: fit.minX.clampedInt, y: fit.minY.clampedInt)
        return s
    }

    /// A page of plain paper (made once).
    func paper() -> Surface {
        if let p = paperImage { return p }
        let w = Int(layout.pageWidth), h = Int(layout.pageHeight)
        let s = (try? Surface(width: w, height: h, format: .xrgb8888)) ?? (try! Surface(width: 1, height: 1, format: .xrgb8888))
        s.fill(BookScreen.paper)
        paperImage = s
        return s
    }
}

extension BookPictures {
    /// Steps fetching what the book `id` draws first (`PictureFetch`): the cover's size
    /// (it decides the page's: decodes the cover), then, one a step, the page of each
    /// item of `items(layout)` in that order and, with the cover, the cover unrounded
    /// (the source of its shade while it turns: `BookScreen.Slot.unrounded`), as
    /// `BookScreen` asks for them.
    /// - Parameters:
    ///   - width, height: the logical screen, points.
    static func steps(
        id: String, show: Show, pictures: ShowPictures, width: Double, height: Double,
        items: @escaping (BookLayout) -> [Int]
    ) -> [PictureFetch.Step] {
        [
            { fetch in
                let book = BookPictures(id: id, show: show, pictures: pictures, width: width, height: height)
                fetch.then(
                    items(book.layout).map { item in
                        { fetch in
                            fetch.hold(book.resampled(item))
                            if item == 0 { fetch.hold(book.unroundedCover()) }
                        }
                    })
            }
        ]
    }

    /// The items a book shows at rest closed (p = -1, `BookLayout.minPage`), back to
    /// front: what a book opened from anywhere but the shelf draws first.
    static func closedItems(_ layout: BookLayout) -> [Int] {
        var drawn: [BookLayout.Drawn] = [], scratch: [BookLayout.Ordered] = []
        layout.drawList(page: BookLayout.minPage, lift: 1, into: &drawn, scratch: &scratch)
        return drawn.map(\.item)
    }
}

/// Fetches, one picture a step, what a book's opening from the shelf draws (p = -1: the
/// cover and the leaves fanning out under it, `BookLayout.openingItems()`), so that
/// the opening fetches nothing in its frames (`ShelfScreen` runs a step a frame while
/// it rests on the book): the cover's size (it decides the page's), then the cover,
/// then each fanned leaf in the order they show (`BookPictures.steps`), held until the
/// warm-up is let go (the opening starts, or the row moves to another book).
/// A decode and a resample of a page take a frame's time or more: done in the
/// opening's frames, each was a frame missed.
final class BookWarmUp {
    let id: String
    private let fetch: PictureFetch

    init(id: String, show: Show, pictures: ShowPictures, width: Double, height: Double) {
        self.id = id
        fetch = PictureFetch(
            pictures: pictures,
            steps: BookPictures.steps(id: id, show: show, pictures: pictures, width: width, height: height) {
                [0] + $0.openingItems().filter { $0 != 0 }
            })
    }

    var isDone: Bool { fetch.isDone }

    /// Fetches the next picture (at most one decode or resample).
    func step() { fetch.step() }
}
