import Raster

/// The pictures a screen's first frames will draw, fetched ahead of it between frames,
/// one decode or resample a gap (`step()`), and held until the fetch is let go: so the
/// frame that builds the screen finds every picture made, and the show's picture cache
/// cannot drop one to make room for the next meanwhile (`ShowPictures.hold(_:)`).
///
/// A step fetches through the same `ShowPictures` call the screen makes (the same key:
/// the same size, crop and dressing), so what a step made is what the screen finds. A
/// step may add steps that only it can list (a book's items, once its first step has
/// decoded the cover that sets the page's size: `then(_:)`).
final class PictureFetch {
    /// One fetch: pictures through `ShowPictures`, each passed to `hold(_:)`.
    typealias Step = (PictureFetch) -> Void

    let pictures: ShowPictures
    /// The steps still to run, the next one last.
    private var steps: [Step]
    /// What the steps fetched, held until the fetch goes.
    private(set) var held: [Surface] = []

    init(pictures: ShowPictures, steps: [Step]) {
        self.pictures = pictures
        self.steps = steps.reversed()
    }

    deinit { pictures.letGo(held) }

    /// Whether every step has run.
    var isDone: Bool { steps.isEmpty }

    /// Steps' work other than the show's pictures (`noteWork()`).
    private var otherWork = 0

    /// Runs the next steps until one decodes or resamples (`ShowPictures.work` moves)
    /// or makes something else (`noteWork()`), or none is left: at most one picture
    /// made, however many were found made already. True when a step ran.
    @discardableResult
    func step() -> Bool {
        guard !steps.isEmpty else { return false }
        let before = pictures.work + otherWork
        while let next = steps.popLast() {
            next(self)
            if pictures.work + otherWork != before { break }
        }
        return true
    }

    /// The step running made something a gap's worth (a surface for a screen to come):
    /// the next step waits for the next gap.
    func noteWork() { otherWork += 1 }

    /// Runs every step left at once (the screen is needed now).
    func finish() {
        while let next = steps.popLast() { next(self) }
    }

    /// Holds `picture` (nil: nothing) until the fetch goes.
    func hold(_ picture: Surface?) {
        guard let picture else { return }
        held.append(picture)
        pictures.hold(picture)
    }

    /// Runs `more` next, before the steps already listed.
    func then(_ more: [Step]) { steps += more.reversed() }
}
