import Compositor
import Input
import Motion
import Show

/// The show's player: the launch doors of a cold start (when the show has them), the
/// home screen (paged, its folders opening with the reveal: `ShowScene+Reveal.swift`),
/// the shelf, books, card lists and folders away from home, with slide transitions
/// between them, and the guillotine menu over any of them (`MenuNavigation.swift`).
///
/// Time: `update(time:)` takes seconds since the start (monotonic, injected: the scene
/// reads no clock) and sets every layer for that time; every animation is a function
/// of time (`ShowSlide`, the launch's curve).
///
/// Screens: the home screen is built once and kept (hidden while another screen is
/// shown); any other screen is built when opened and dropped when left. A cold start
/// draws its first frame with the launch doors alone when they cover the screen (both
/// door pictures opaque): the home screen under them (its wallpaper, tiles and titles)
/// is built while they are closed, so that neither the first frame nor the opening
/// waits for it (the launch needs the doors, not the whole show): with `fetchesAhead`
/// its pictures are made between frames (`ShowScene+Fetch.swift`), and home built from
/// them, whatever is left made at the opening's start; else by
/// `finishStart()` at the first update after t = 0, which `nextChange` asks for a frame
/// (1/60 s) later, within the doors' hold (so is the picture behind the doors:
/// `LaunchDoors.makeBackground`). Anything that needs home sooner (a navigation,
/// `goHome`) builds it then. A gesture that opens a book or a folder waits, with
/// `fetchesAhead`, for that screen's first pictures the same way. Opening a
/// target slides the new screen in from the right while the old one leaves to the left
/// (0.3 s, ease-in-out); going home slides the other way. A navigation started by a
/// gesture begins at the next update; one started by `open(_:time:)` or
/// `goHome(time:)` at the time given. A navigation during a transition first ends that
/// transition where it was going.
///
/// Touch: a touch that goes down on the launch doors goes nowhere (the doors cover the
/// screen and take no gestures), and any gesture whose touch went down before the doors
/// were gone is ignored: touches during the doors are dropped, not queued.
///
/// Layers under `root`: the home screen (z 0, holding the reveal's layers while a folder
/// is open), the other screens (z 10), the menu (z 50), the launch (z 100), each a
/// full-screen container.
public final class ShowScene {
    public let show: Show
    public internal(set) var width: Int
    public internal(set) var height: Int
    /// The screen shown, or being slid to; `.home` during and after the launch.
    public internal(set) var current: ShowTarget

    let root: Layer
    let pictures: ShowPictures
    /// The show folder its font files are relative to (nil: the demo's drawn assets).
    let fontDirectory: String?
    var metrics: ScreenMetrics
    /// The home screen, built on first use (see "Screens" above): `homeScreen` is nil
    /// until then.
    var home: HomeScreen {
        if let built = homeScreen { return built }
        return buildHome()
    }
    private(set) var homeScreen: HomeScreen?
    /// The screen shown other than home (nil at home).
    var screen: ShowScreen?
    var transition: Transition?
    var launch: LaunchDoors?
    /// The folder reveal over the home screen, while a folder is open from a home tile.
    var reveal: FolderReveal?
    /// The guillotine menu, from its drop until it is closed again.
    var menu: GuillotineMenu?
    var router: TouchRouter<LayerHitTester>?
    /// The time of the last update, seconds.
    private(set) var lastTime = 0.0
    /// Touches that went down before this time do nothing (the launch doors' end).
    var inputStart = -Double.infinity
    /// The page a book started on by `init` opens at (a resume: `book:<id>@<page>`).
    let bookPage: Int?
    /// The screen the last navigation left, and whether it was a folder revealed over
    /// home (not its plain screen): where a back control finds it as it was.
    var left: (target: ShowTarget, revealed: Bool)?
    /// A screen (or the folder reveal, or the launch) has gone since the last update:
    /// the picture cache keeps only its resting budget (`ShowPictures.settle(showing:)`)
    /// once the tree holds what is shown (`letGoOfRetired()`).
    var settlePending = false
    /// Screens and a folder reveal taken out of the tree, held until `letGoOfRetired()`:
    /// with `fetchesAhead` the gap after the frame, so that no frame waits for the kernel
    /// to unmap their pictures (a book's or a card list's: many megabytes).
    var retired: [AnyObject] = []
    /// The caller calls `prepareAhead()` between frames (the kiosk and `render`): a
    /// gesture's navigation waits for its screen's pictures (`pending`), and a cold
    /// start's home is fetched under the closed doors (`homeFetch`), in the gaps between
    /// frames (`gapBudget`), so that no frame makes them. Else they are made in the frame
    /// that needs them.
    let fetchesAhead: Bool
    /// A gesture's navigation waiting for its screen's pictures, fetched by
    /// `prepareAhead()`; it starts in the gap that fetches the last one.
    var pending: PendingNavigation?
    /// The waiting navigation starting (its pictures fetched): it waits no more.
    var starting: PendingNavigation?
    /// Home's pictures, fetched under the closed launch doors (`fetchesAhead`).
    var homeFetch: PictureFetch?

    /// A screen sliding out while another slides in.
    struct Transition {
        var slide: ShowSlide
        var from: ShowScreen
        var to: ShowScreen
        /// Forward: the new screen comes from the right; back (home): from the left.
        var forward: Bool
    }

    /// Builds the layers under `root` for a `width` x `height` logical screen.
    /// - Parameters:
    ///   - start: nil for a cold start (the launch doors, then home; a show without
    ///     `[launch]` starts at home); else the screen to show at once (`vitrine render
    ///     --scene home`, `folder:<id>`, ...).
    ///   - orientationKnown: whether the orientation is known at t = 0 (a board whose
    ///     `rotation.source` is `fixed`). When false, the launch doors stay closed until
    ///     `orientationKnown(at:)` (a rotation service reading a sensor or the panel);
    ///     a cold start of a show without `[launch]` shows a plain cover until then
    ///     (`LaunchDoors`), home right after.
    ///   - pictures: the show's resampled pictures, kept from scene to scene (nil: a
    ///     cache of this scene's own).
    ///   - bookPage: for a `start` on a book, the whole page it opens at (nil: closed;
    ///     see `resumeName`).
    ///   - menuOpen: the menu is open, at rest, over `start` (a scene built again with its
    ///     menu open: `<target>+menu`). `start` `.menu`: home, the menu's drop at t = 0.
    ///   - fetchesAhead: the caller calls `prepareAhead()` between frames, which then
    ///     fetches the pictures of a screen a gesture opens before it slides in, and
    ///     home's under the closed launch doors (see `fetchesAhead`).
    public init(
        show: Show, assets: ShowAssets, root: Layer, width: Int, height: Int, start: ShowTarget? = nil,
        orientationKnown: Bool = true, pictures: ShowPictures? = nil, bookPage: Int? = nil, menuOpen: Bool = false,
        fetchesAhead: Bool = false
    ) {
        self.fetchesAhead = fetchesAhead
        self.bookPage = bookPage
        self.show = show
        self.width = width
        self.height = height
        self.root = root
        self.fontDirectory = assets.directory
        self.pictures = pictures ?? ShowPictures(assets: assets)
        self.pictures.fitBudget(width: width, height: height)
        metrics = ScreenMetrics(width: width, height: height)
        current = .home
        // No launch and nothing to wait for: a cold start is home at once.
        let start = start ?? (show.launch == nil && orientationKnown ? .home : nil)
        if let start {
            buildHome()
            if start == .menu {
                openMenu(start: 0)
            } else if case .folder(let id) = start, let tile = homeTile(opening: id) {
                beginReveal(tile: tile, folderID: id, start: 0)
            } else if start != .home {
                let s = makeScreen(start, resuming: true)
                present(s)
                screen = s
                home.layer.isHidden = true
                current = start
            }
            if menuOpen && menu == nil { openMenu(start: 0, open: true) }
        } else {
            let doors = LaunchDoors(
                launch: show.launch, metrics: metrics, pictures: self.pictures, orientationTime: orientationKnown ? 0 : nil)
            root.addSublayer(doors.layer)
            launch = doors
            inputStart = doors.end
            // Doors that let something through: home is seen from the first frame.
            if !doors.doorsAreOpaque { buildHome() }
        }
        update(time: 0)
    }

    /// Hands the scene's gestures to `router` (those of screens built later too).
    public func attachGestures(to router: TouchRouter<LayerHitTester>) {
        self.router = router
        homeScreen?.attach(to: router)
        screen?.attach(to: router)
        if let t = transition, t.from !== home, t.from !== screen { t.from.attach(to: router) }
        if let r = reveal, screen == nil { makeModal(r, router) }
        menu?.attach(to: router)
    }

    /// Sets every layer for `time`, seconds since the start.
    public func update(time: Double) {
        lastTime = time
        // What the first frame did without (see "Screens" above); home goes into the
        // tree when the doors start to open (no frame before that for what they hide).
        // Fetched ahead, it is made between frames while the doors are closed.
        if launch.map({ fetchesAhead ? time >= $0.openingStart : time > 0 }) ?? true { finishStart() }
        if let built = homeScreen, built.layer.superlayer == nil, launch.map({ time >= $0.openingStart }) ?? true {
            root.insertSublayer(built.layer, at: 0)
        }
        if let doors = launch {
            doors.update(time: time)
            if time >= doors.end {
                doors.layer.removeFromSuperlayer()
                launch = nil
                pictures.release(doors.paths)
            }
        }
        stepTransition(time: time)
        if screen != nil || homeScreen != nil { screenShown.update(time: time) }
        stepReveal(time: time)
        stepMenu(time: time)
        if !fetchesAhead { letGoOfRetired() }
    }

    /// Lets go of the screens taken out of the tree, then settles the picture cache if a
    /// screen has gone (`settlePending`).
    func letGoOfRetired() {
        retired.removeAll()
        guard settlePending else { return }
        settlePending = false
        pictures.settle(showing: root)
    }

    /// Whether anything still moves at the last update's time (the doors, a transition,
    /// a page or scroll slide, or one that a gesture started and the next update will
    /// begin, or a navigation waiting for its pictures): the runtime draws frames only then.
    public var isAnimating: Bool { pending != nil || isMovingOnScreen }

    /// Whether anything on screen moves at the last update's time (`isAnimating` but a
    /// navigation waiting for its pictures).
    var isMovingOnScreen: Bool {
        if let doors = launch, doors.isMoving(at: lastTime) { return true }
        if let t = transition, t.slide.isMoving(at: lastTime) { return true }
        if let r = reveal, r.isMoving(at: lastTime) { return true }
        if let m = menu, m.isMoving { return true }
        if screen == nil && homeScreen == nil { return false }
        return screenShown.isMoving(at: lastTime)
    }

    /// Makes at once what a cold start's first frame did without (home, the picture
    /// behind the doors), without drawing: what `prepareAhead()` has not made by the
    /// opening's start (`update(time:)` calls it then, or at the first update after
    /// t = 0 without `fetchesAhead`). Nothing when made.
    public func finishStart() {
        if homeScreen == nil { buildHome() }
        if let doors = launch, doors.needsBackground { doors.makeBackground(pictures) }
    }

    /// Whether the launch doors are still on screen (the cold start's first seconds).
    public var isLaunching: Bool { launch != nil }

    /// Whether the launch doors wait for the orientation (`orientationKnown(at:)`).
    public var isWaitingForOrientation: Bool { launch.map { $0.orientationTime == nil } ?? false }

    /// The rotation service's first orientation arrived at `time` (seconds): the launch
    /// doors' hold starts then (for `rotation.source = "fixed"` the scene is built
    /// knowing it, at 0). If that orientation's logical size differs from the scene's,
    /// call `resize(width:height:)` first: the doors take that orientation's pictures
    /// before they open. Later calls, and calls after the launch, do nothing.
    public func orientationKnown(at time: Double) {
        guard let doors = launch, doors.orientationTime == nil else { return }
        doors.orientationKnown(at: time)
        inputStart = doors.end
    }

    /// When nothing moves now but something will later without a touch (the end of the
    /// launch's hold; the shelf's warm-up of a book's pictures, which changes nothing on
    /// screen: `ShowScreen.nextChange(after:)`), that time in seconds; else nil (also while the doors wait for
    /// the orientation: only `orientationKnown(at:)` changes that).
    public var nextChange: Double? {
        // Home and the doors' background, made under the closed doors.
        // (None while the doors wait for the orientation: any update after t = 0 makes them.)
        if homeScreen == nil || launch?.needsBackground == true {
            return isWaitingForOrientation ? nil : lastTime + 1.0 / 60
        }
        if let doors = launch, doors.openingStart.isFinite, lastTime < doors.openingStart { return doors.openingStart }
        if launch == nil, transition == nil, reveal == nil { return screenShown.nextChange(after: lastTime) }
        return nil
    }

    /// The screen shown (or being slid to).
    var screenShown: ShowScreen { screen ?? home }

    /// Between frames (the runtime calls it after each frame, and after a tick that drew
    /// nothing): pictures the next frames may draw, fetched now (one, or a screen's worth
    /// while nothing moves: `gapBudget`), so that none of those frames decodes or
    /// resamples (a book's pages a turn either way): with
    /// `fetchesAhead`, home's under the closed launch doors, then a waiting navigation's
    /// (`pending`, which then starts: its screen built here, its slide from the next
    /// update); then the shown screen's. True when one was fetched, or a navigation
    /// waits or starts. First, with `fetchesAhead`, the screens gone let go
    /// (`letGoOfRetired()`).
    public func prepareAhead() -> Bool {
        if fetchesAhead { letGoOfRetired() }
        if let doors = launch { return fetchesAhead && prepareUnderDoors(doors) }
        if let p = pending {
            p.fetch.step(budget: gapBudget)
            startPending()
            return true
        }
        guard screen != nil || homeScreen != nil else { return false }
        return screenShown.prepareAhead()
    }

    /// Builds the home screen under everything else.
    @discardableResult
    func buildHome() -> HomeScreen {
        let built = HomeScreen(context: context())
        homeScreen = built
        built.onTile = { [unowned self] i in self.homeTileTapped(i) }
        built.layer.zPosition = 0
        // Under closed opaque doors: into the tree at their opening (`update(time:)`).
        if launch.map({ !$0.doorsAreOpaque || lastTime >= $0.openingStart }) ?? true {
            root.insertSublayer(built.layer, at: 0)
        }
        if let router { built.attach(to: router) }
        return built
    }

    /// What the screens get from the scene.
    func context() -> ShowScreenContext {
        ShowScreenContext(
            show: show, metrics: metrics, pictures: pictures, fontDirectory: fontDirectory,
            open: { [unowned self] target in self.navigate(to: target, start: nil) },
            back: { [unowned self] target in self.navigate(to: target, start: nil, back: true) },
            adopt: { [unowned self] screen in self.adopt(screen) },
            now: { [unowned self] in self.lastTime },
            accepts: { [unowned self] downTime in downTime >= self.inputStart })
    }

    /// A new screen for `target` (not home); `resuming`: the scene is built again on it
    /// (a turn), `old`: it is laid out again (`resize`), `returning`: a back control
    /// returns to it: the shelf keeps its book, a book its page (a resume: `bookPage`)
    /// and where its back control goes.
    func makeScreen(
        _ target: ShowTarget, keeping old: ShowScreen? = nil, resuming: Bool = false, returning: Bool = false
    ) -> ShowScreen {
        let c = context()
        switch target {
        case .home: return home
        case .shelf:
            return ShelfScreen(context: c, centring: resuming || returning || old != nil ? pictures.shelfBook : nil)
        case .menu: return home  // the menu is no screen: `openMenu`
        case .folder(let id): return FolderScreen(id: id, context: c)
        case .book(let id):
            let kept = old as? BookScreen
            let carried = resuming ? pictures.bookReturn.flatMap { $0.id == id ? $0.back : nil } : nil
            return BookScreen(
                id: id, context: c, page: kept?.page ?? (resuming ? bookPage : nil) ?? -1,
                back: kept?.backTarget ?? carried ?? bookBack)
        case .cards(let id):
            return CardListScreen(
                id: id, context: c, state: (old as? CardListScreen)?.state ?? (resuming ? pictures.cardList : nil))
        }
    }

    /// Puts a new screen into the tree, on top of home, with its gestures.
    func present(_ s: ShowScreen) {
        s.layer.zPosition = 10
        root.addSublayer(s.layer)
        if let router { s.attach(to: router) }
    }

    /// Takes a screen out of the tree (home is only hidden).
    func dismiss(_ s: ShowScreen) {
        if s === home {
            home.layer.isHidden = true
            dropReveal()
            return
        }
        if let router { s.detach(from: router) }
        s.remove()
        retired.append(s)
        settlePending = true
    }
}
