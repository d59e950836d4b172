import Assets
import Compositor
import FixedPoint
import Input
import Motion
import Raster
import Show
import Testing

@testable import Scenes

/// A small show with every kind of screen, its pictures all placeholders (a folder that
/// doesn't exist): the scene's behaviour doesn't depend on what the pictures show.
enum ShowFixture {
    static let show = Show(
        title: "Fixture",
        launch: LaunchSection(
            leftDoor: OrientedImage(portrait: "left-p.png", landscape: "left-l.png"),
            rightDoor: OrientedImage(portrait: "right-p.png", landscape: "right-l.png"),
            background: OrientedImage(portrait: "bg-p.png", landscape: "bg-l.png")),
        home: HomeSection(
            wallpaper: "wall.jpg", columns: 3,
            tiles: [
                Tile(title: "Books", icon: "i/books.png", open: .folder("books")),
                Tile(title: "Shelf", icon: "i/shelf.png", open: .shelf),
                Tile(title: "People", icon: "i/people.png", open: .cards("team")),
                Tile(title: "More", icon: "i/more.png", open: .folder("more")),
            ]),
        folders: [
            Folder(
                id: "books", title: "Books",
                tiles: [
                    Tile(title: "Atlas", icon: "b/atlas.png", open: .book("atlas")),
                    Tile(title: "Tides", icon: "b/tides.png", open: .book("tides")),
                ]),
            Folder(
                id: "more", title: "More", tiles: [Tile(title: "People", icon: "i/people.png", open: .cards("team"))]),
        ],
        books: [
            Book(
                id: "atlas", title: "Atlas of Light", cover: "b/atlas.png", pages: (1...8).map { "b/atlas/\($0).png" }),
            Book(id: "tides", title: "Tides", cover: "b/tides.png", pages: (1...8).map { "b/tides/\($0).png" }),
        ],
        cardLists: [
            CardList(
                id: "team", title: "People",
                items: (1...20).map {
                    Card(title: "Person \($0)", subtitle: "Role \($0)", image: "p/\($0).png", text: "About \($0).")
                })
        ],
        menu: [MenuItem(title: "Home", open: .home), MenuItem(title: "Shelf", open: .shelf)])

    static func assets() -> ShowAssets { ShowAssets(directory: "/nonexistent/vitrine-fixture") }
}

/// A scene on a compositor, with touch through a tracker and a router as the runtime
/// drives it (HeadlessRenderer): events up to t, router.tick(t), scene.update(t).
final class ShowHarness {
    let panelWidth: Int
    let panelHeight: Int
    let mount: Int
    let compositor: Compositor
    let scene: ShowScene
    let router: TouchRouter<LayerHitTester>
    let tracker: TouchTracker
    let target: Surface
    var player: TouchScript.Player?
    var time = 0.0

    init(
        show: Show = ShowFixture.show, assets: ShowAssets = ShowFixture.assets(), panelWidth: Int = 240,
        panelHeight: Int = 144, mount: Int = 0, start: ShowTarget? = nil, text: Bool = false,
        orientationKnown: Bool = true, fetchesAhead: Bool = false
    ) throws {
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.mount = mount
        let (w, h) = mount % 180 == 0 ? (panelWidth, panelHeight) : (panelHeight, panelWidth)
        compositor = Compositor(width: w, height: h, paintThreads: 0)
        if text { compositor.textRasterizer = AssetsTextRasterizer() }
        scene = ShowScene(
            show: show, assets: assets, root: compositor.root, width: w, height: h, start: start,
            orientationKnown: orientationKnown, fetchesAhead: fetchesAhead)
        router = TouchRouter(hitTester: LayerHitTester(compositor: compositor))
        scene.attachGestures(to: router)
        let (pw, ph) = (panelWidth, panelHeight)
        let mounted = MountedPanel(mount: mount, width: pw, height: ph)
        tracker = TouchTracker(panelSize: PanelSize(width: pw, height: ph)) { p in mounted.logical(p) }
        target = try Surface(width: w, height: h, format: .xrgb8888)
    }

    func load(_ script: String) throws {
        player = TouchScript.Player(try TouchScript.parse(script, path: "test.touch"))
    }

    /// Whether `frame(at:)` lets the scene fetch ahead after its update, as the runtime
    /// does between frames (`ShowScene.prepareAhead()`, one picture).
    var looksAhead = true

    /// One frame at `t`: the script's events up to t, the router's tick, the scene's
    /// update; then, as between two frames, the scene's look-ahead (`looksAhead`).
    func frame(at t: Double) {
        time = t
        if player != nil {
            for e in player!.advance(to: t) { tracker.handle(e) { router.handle($0) } }
        }
        router.tick(time: t)
        scene.update(time: t)
        if looksAhead { _ = scene.prepareAhead() }
    }

    /// Frames every `step` seconds up to `end`, calling `observe` after each.
    func run(until end: Double, step: Double = 1.0 / 30, observe: (Double) -> Void = { _ in }) {
        var k = (time / step).rounded(.down) + 1
        while k * step <= end + 1e-9 {
            frame(at: k * step)
            observe(k * step)
            k += 1
        }
    }

    @discardableResult
    func render() throws -> Surface {
        _ = try compositor.render(into: target, bufferAge: 1)
        return target
    }

    /// A logical point as a panel point for scripts.
    func panel(_ p: Point2D) -> (x: Int, y: Int) {
        MountedPanel(mount: mount, width: panelWidth, height: panelHeight).pixel(p)
    }

    /// A tap script line at `t` on the logical point `p`.
    func tap(_ p: Point2D, at t: Double) -> String {
        let q = panel(p)
        return "\(t) tap \(q.x) \(q.y)\n"
    }

    var metrics: ScreenMetrics { ScreenMetrics(width: scene.width, height: scene.height) }
    var home: HomeLayout { HomeLayout(home: scene.show.home, width: scene.width, height: scene.height) }
}
