import Raster
import Show

/// Pictures fetched ahead of the screens that draw them (with `fetchesAhead`): a screen
/// built in the frame of the tap that opens it decoded and resampled its pictures in that
/// frame, and the start of its slide missed frames (the Performance article: "Screens
/// made before they come"). Instead:
///
/// - A gesture's navigation to a book or a folder (a tile, a back control, a menu item)
///   waits (`pending`) while `prepareAhead()` makes, in the gaps between frames, what
///   the new screen's first frame draws (`fetchSteps(for:back:underMenu:)`); it starts
///   in the gap that makes the last, its screen built there from pictures made and its
///   text rasterized (`Layer.rasterizeTextAhead`), its slide from the next update. A
///   gap makes a screen's worth of pixels while nothing moves on screen (no frame is
///   due: a book's first pictures in a gap or two), one picture while something moves.
///   The menu's drop waits a gap the same way (its face built and its words rasterized
///   there). A newer navigation replaces a waiting one; `open(_:time:)` and
///   `goHome(time:)` (the control socket, the idle reset, a script) never wait.
/// - A cold start's home (its wallpaper and tile icons, `HomeScreen.pictureSteps`) is
///   made the same way under the closed launch doors, and built when they are all made;
///   whatever is left when the doors start to open is made then.
struct PendingNavigation {
    let target: ShowTarget
    /// A back control's (`navigate(to:start:duration:back:)`).
    let back: Bool
    /// A menu item's: the target comes under the menu, a screen of its own.
    let underMenu: Bool
    var fetch: PictureFetch
    /// Starts the navigation (its checks made again: the scene may have moved on).
    let start: () -> Void
    /// For a folder revealed over home: the snapshot's surface, made ahead too (a
    /// screen's worth of fresh memory, 8.3 MB at 1920x1080: several milliseconds of the
    /// kernel's page faults in the frame that opened it).
    var capture: Surface? = nil
}

extension ShowScene {
    /// With `fetchesAhead`, makes the navigation `go` to `target` wait for the pictures
    /// its screen draws first (`pending`) and returns true; false when it should go now
    /// (nothing to fetch, not fetching ahead, or it is the waiting navigation starting).
    func waitsForPictures(
        of target: ShowTarget, back: Bool, underMenu: Bool = false, go: @escaping () -> Void
    ) -> Bool {
        guard fetchesAhead, starting == nil else { return false }
        let steps = fetchSteps(for: target, back: back, underMenu: underMenu)
        guard !steps.isEmpty else { return false }
        wait(for: target, back: back, underMenu: underMenu, steps: steps, go: go)
        return true
    }

    /// With `fetchesAhead`, makes a gesture's drop of the menu wait for the next gap,
    /// which builds it and rasterizes its words (`pending`, with nothing to fetch); true
    /// when it waits.
    func menuWaitsForAGap() -> Bool {
        guard fetchesAhead, starting == nil, menu == nil else { return false }
        wait(for: .menu, back: false, underMenu: false, steps: []) { [unowned self] in openMenu(start: nil) }
        return true
    }

    /// `pending` from now on: `go` to `target` once `steps` are fetched.
    private func wait(
        for target: ShowTarget, back: Bool, underMenu: Bool, steps: [PictureFetch.Step], go: @escaping () -> Void
    ) {
        pending = PendingNavigation(
            target: target, back: back, underMenu: underMenu, fetch: PictureFetch(pictures: pictures, steps: steps),
            start: go)
    }

    /// The screen is laid out again (`resize`): a waiting navigation fetches its
    /// pictures anew, for the new size.
    func refetchPending() {
        guard let p = pending else { return }
        pending?.capture = nil
        pending?.fetch = PictureFetch(
            pictures: pictures, steps: fetchSteps(for: p.target, back: p.back, underMenu: p.underMenu))
    }

    /// Pixels a gap between frames makes (`PictureFetch.step(budget:)`): one picture
    /// while anything moves on screen, a screen's worth while nothing does.
    var gapBudget: Int { isMovingOnScreen ? 0 : width * height }

    /// Starts the waiting navigation once its pictures are fetched, and rasterizes the
    /// text it brings (between frames: `prepareAhead()`).
    func startPending() {
        guard let p = pending, p.fetch.isDone else { return }
        pending = nil
        starting = p
        p.start()
        starting = nil
        root.rasterizeTextAhead(compositorOf: root)
    }

    /// A new surface for a folder reveal's snapshot: the one a starting navigation made
    /// ahead, else made now (`HomeScreen.makeCapture()`).
    func takeCapture() -> Surface? {
        if let made = starting?.capture {
            starting?.capture = nil
            return made
        }
        return home.makeCapture()
    }

    /// What the first frame of `target`'s screen draws that may need a decode or a
    /// resample, as steps (`PictureFetch`): a book's cover and the leaves under it,
    /// closed; a folder's tile icons, in the panel of its reveal over home or on its own
    /// screen (always under the menu: `underMenu`), as `navigate` would show it. Other
    /// screens fetch their own as they go (the shelf warms its covers, a card list its
    /// cards): none.
    func fetchSteps(for target: ShowTarget, back: Bool, underMenu: Bool = false) -> [PictureFetch.Step] {
        switch target {
        case .book(let id):
            guard show.book(id: id) != nil else { return [] }
            return BookPictures.steps(
                id: id, show: show, pictures: pictures, width: metrics.width, height: metrics.height,
                items: BookPictures.closedItems)
        case .folder(let id):
            guard let folder = show.folder(id: id) else { return [] }
            let items = ScreenTiles.items(of: folder)
            if !underMenu, let tile = homeTile(opening: id), back || (screen == nil && reveal == nil) {
                let layout = FolderRevealLayout(show: show, home: home.home, tile: tile, folder: folder)
                let capture: PictureFetch.Step = { [unowned self] fetch in
                    pending?.capture = home.makeCapture()
                    fetch.noteWork(pixels: width * height)
                }
                return ScreenTiles.iconSteps(items, grid: layout.grid, pictures: pictures) + [capture]
            }
            return ScreenTiles.iconSteps(
                items, grid: FolderScreen.grid(folder, show: show, metrics: metrics), pictures: pictures)
        case .home, .shelf, .cards, .menu:
            return []
        }
    }

    /// Under the closed launch doors, between frames: home's next picture, then home
    /// built from them, then the picture behind the doors; true while something was done.
    func prepareUnderDoors(_ doors: LaunchDoors) -> Bool {
        guard homeScreen == nil else {
            guard doors.needsBackground else { return false }
            doors.makeBackground(pictures)
            return true
        }
        // The size may change when the orientation is known: nothing fetched before.
        guard !isWaitingForOrientation else { return false }
        let fetch = homeFetch ?? PictureFetch(pictures: pictures, steps: HomeScreen.pictureSteps(context: context()))
        homeFetch = fetch
        if fetch.step(budget: gapBudget) { return true }
        buildHome().layer.rasterizeTextAhead(compositorOf: root)
        homeFetch = nil
        return true
    }
}
