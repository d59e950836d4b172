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

    /// Steps' work other than the show's pictures (`noteWork(pixels:)`), and its pixels.
    private var otherWork = 0
    private var otherPixels = 0

    /// Runs the next steps until one decodes or resamples (`ShowPictures.work` moves)
    /// or makes something else (`noteWork(pixels:)`), or none is left: one picture
    /// made, however many were found made already; and again while the pixels made in
    /// this call are fewer than `budget` (0: one picture). True when a step ran.
    ///
    /// A gap between frames while something moves on screen makes one picture (a frame
    /// is due soon); while nothing moves, a screen's worth of pixels: no frame is due,
    /// and the loop still comes back between them (the watchdog's ping, a touch).
    @discardableResult
    func step(budget: Int = 0) -> Bool {
        guard !steps.isEmpty else { return false }
        let start = pictures.madePixels + otherPixels
        repeat {
            let before = pictures.work + otherWork
            while let next = steps.popLast() {
                next(self)
                if pictures.work + otherWork != before { break }
            }
        } while !steps.isEmpty && pictures.madePixels + otherPixels - start < budget
        return true
    }

    /// The step running made something a picture's worth (a surface of `pixels` for a
    /// screen to come): the next step waits as after a picture made.
    func noteWork(pixels: Int) {
        otherWork += 1
        otherPixels += pixels
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
