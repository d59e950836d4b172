import Compositor
import FixedPoint
import Input
import Raster
import Show

/// The home screen: the show's wallpaper covering the screen (aspect-fill), the tiles on
/// pages (`HomeLayout`), the page dots under them when there is more than one page, and
/// a top bar of translucent black across the top with the show's title in the middle and
/// the menu button (three white bars) at its left that opens `.menu`. A tile opens its target; the scene turns a folder tile's tap into the
/// folder reveal (`onTile`).
///
/// Paging (only with two pages or more): a horizontal drag on the tiles' area moves the
/// pages with the finger (with a third of the finger's travel beyond the first and last
/// page); on release the pages settle on the nearest page, or on the next one in the
/// fling's direction when the finger left faster than 300 points/s, never more than one
/// page from where the drag began: a 0.3 s ease-out slide from where they are. The
/// wallpaper stays; the dot of the page shown is opaque, the others 35%.
///
/// Layers: `layer` (the screen) holds `content` (the wallpaper, pages and dots: what the
/// folder reveal captures), while a folder is open the reveal's layers over it, and over
/// everything the bar and the menu button: chrome that content moves under.
final class HomeScreen: ShowScreen {
    let home: HomeLayout
    /// The wallpaper, pages and dots: what the folder reveal captures.
    let content: Layer
    let wallpaper: Layer
    /// The tiles' area across the whole screen width: takes the paging drags.
    let pager: Layer
    /// The pages side by side, one screen width apart.
    let strip: Layer
    private(set) var tiles: [Layer] = []
    private(set) var dots: [Layer] = []
    let menuButton: Layer
    /// The page shown, or being slid to.
    private(set) var page = 0
    /// Where the strip is, in pages (0: the first page shown).
    private var slide = ShowSlide.resting(at: 0)
    /// While a finger drags the pages: the strip's position in pages when it went down,
    /// and the finger's horizontal travel since, points.
    private var drag: (start: Double, travel: Double)?
    /// The page the dots show.
    private var dotsPage = -1
    /// Called with a tile's index when it is tapped (after the launch doors); nil: the
    /// tile opens its target.
    var onTile: ((Int) -> Void)?
    /// A new screen-sized picture for a folder reveal's snapshot of `content` (nil when
    /// there is no memory for it). Made when a folder opens (the tap, before its frame:
    /// the pages come present, so the frame that draws the snapshot pays no fault) and
    /// held by the reveal alone, so it goes when the folder has closed: 8.3 MB at
    /// 1920x1080 not kept for a reveal that may never come (the kiosk's memory budget).
    func makeCapture() -> Surface? {
        // The screen is at least 1 x 1, a panel's logical size; clamped anyway.
        try? Surface(
            width: Swift.max(1, metrics.width.clampedInt), height: Swift.max(1, metrics.height.clampedInt),
            format: .xrgb8888)
    }

    /// The opacity of a dot whose page isn't shown.
    static let dimDotOpacity = 0.35

    init(context: ShowScreenContext) {
        let show = context.show
        let m = context.metrics
        home = HomeLayout(home: show.home, width: m.width.clampedInt, height: m.height.clampedInt)
        content = Layer(name: "home.content", frame: m.screen)
        wallpaper = context.pictures.layer(name: "home.wallpaper", path: show.home.wallpaper, fill: m.screen)
        wallpaper.allowsHitTesting = false
        let area = HomeLayout.gridArea(m)
        pager = Layer(name: "home.pager", frame: Rect2D(x: 0, y: area.minY, width: m.width, height: area.height))
        strip = Layer(
            name: "home.pages",
            frame: Rect2D(x: 0, y: 0, width: m.width * Double(home.pages), height: area.height))
        strip.allowsHitTesting = false
        menuButton = Layer(name: "home.menu", frame: home.menuButton)
        super.init(target: .home, context: context)
        layer.masksToBounds = true
        layer.addSublayer(content)
        content.addSublayer(wallpaper)
        pager.addSublayer(strip)
        content.addSublayer(pager)
        for p in 0..<home.pages {
            let first = p * home.perPage
            tiles += ScreenTiles.build(
                Self.tiles(onPage: p, show: show, home: home), grid: home.grid,
                offset: Point2D(x: Double(p) * m.width, y: -area.minY), in: strip, screen: self,
                titleColor: ScreenColors.title, tap: { [unowned self] k in self.tapped(first + k) })
        }
        if home.pages > 1 {
            let d = HomeLayout.dotDiameter(home.dotsArea!)
            let disc = ScreenShapes.disc(diameter: Int(d), color: 0xffff_ffff)
            for k in 0..<home.pages {
                let dot = Layer(name: "home.dot\(k)", frame: home.dot(k), contents: .image(disc))
                dot.allowsHitTesting = false
                content.addSublayer(dot)
                dots.append(dot)
            }
            let now = context.now
            let accepts = context.accepts
            bind(
                PanRecognizer { [unowned self] pan in
                    switch pan.state {
                    case .began:
                        guard accepts(now()) else { return }
                        self.drag = (self.slide.value(at: now()), pan.translation.x)
                    case .changed:
                        self.drag?.travel = pan.translation.x
                    case .ended:
                        self.settle(velocity: pan.velocity.x)
                    default:
                        self.settle(velocity: 0)
                    }
                }, to: pager)
        }
        addMenuButton()
        update(time: context.now())
    }

    /// Steps fetching the pictures `init` draws (`PictureFetch`): the wallpaper, then
    /// every page's tile icons, one a step; for `context`'s screen.
    static func pictureSteps(context: ShowScreenContext) -> [PictureFetch.Step] {
        let show = context.show, m = context.metrics, pictures = context.pictures
        let home = HomeLayout(home: show.home, width: m.width.clampedInt, height: m.height.clampedInt)
        var steps: [PictureFetch.Step] = [
            { fetch in fetch.hold(pictures.picture(show.home.wallpaper, filling: m.screen)) }
        ]
        for p in 0..<home.pages {
            let tiles = Self.tiles(onPage: p, show: show, home: home)
            steps += ScreenTiles.iconSteps(tiles, grid: home.grid, pictures: pictures)
        }
        return steps
    }

    /// The tiles of page `p`.
    private static func tiles(onPage p: Int, show: Show, home: HomeLayout) -> [ScreenTiles.Item] {
        let first = p * home.perPage
        return show.home.tiles[first..<Swift.min(show.home.tiles.count, first + home.perPage)].map {
            ScreenTiles.Item(title: $0.title, picture: $0.icon, open: $0.open)
        }
    }

    private func addMenuButton() {
        // The bar: the show's title between the button and its mirror image (no back
        // button at home).
        let m = metrics
        let bar = Layer(name: "home.bar", frame: m.titleBar, contents: .color(ScreenColors.menuButton))
        bar.allowsHitTesting = false
        bar.addSublayer(
            PlainScreen.label(
                "home.title", context.show.title,
                frame: Rect2D(x: m.barHeight, y: 0, width: Swift.max(1, m.width - 2 * m.barHeight), height: m.barHeight),
                TextAttributes(
                    size: m.barFontSize, weight: .bold, color: ScreenColors.title, alignment: .center, maxLines: 1)))
        // Chrome, not content: the bar and its button stay put over a folder reveal,
        // whose parts (z 1-3) move under them, and are not in its capture.
        bar.zPosition = Self.chromeZ
        menuButton.zPosition = Self.chromeZ
        layer.addSublayer(bar)
        // A show without a menu: no button (the bar keeps its place, a tap there does nothing).
        guard context.show.hasMenu else { return }
        MenuGlyph.addBars(to: menuButton, side: home.menuButton.width, namePrefix: "home.menu")
        layer.addSublayer(menuButton)
        bindTap(menuButton, opening: .menu)
    }

    /// The bar's and the menu button's depth in `layer`: above a folder reveal's parts.
    static let chromeZ = 10.0

    override var menuBar: MenuBar? {
        MenuBar(frame: metrics.titleBar, button: home.menuButton, title: context.show.title)
    }

    /// A tile was tapped: the scene's handler, or its target.
    private func tapped(_ i: Int) {
        if let onTile {
            onTile(i)
        } else {
            context.open(context.show.home.tiles[i].open)
        }
    }

    /// Where the strip is while a finger drags it, in pages.
    private func dragValue(_ d: (start: Double, travel: Double)) -> Double {
        PagingRule.dragged(start: d.start, travel: d.travel, width: metrics.width, first: 0, last: Double(home.pages - 1))
    }

    /// The finger lifted (or its touch was cancelled) with `velocity` points/s along x:
    /// the pages slide to the page they settle on, starting at the next update.
    private func settle(velocity: Double) {
        guard let d = drag else { return }
        drag = nil
        let v = dragValue(d)
        let target = PagingRule.settled(
            value: v, velocity: velocity, from: d.start.rounded(), first: 0, last: Double(home.pages - 1))
        page = Int(target)
        slide = ShowSlide(from: v, to: target, start: nil, curve: .easeOut)
    }

    /// Shows page `k` (clamped) at once: the folder reveal's start on a tile of another
    /// page, and tests.
    func show(page k: Int) {
        drag = nil
        page = Swift.max(0, Swift.min(k, home.pages - 1))
        slide = .resting(at: Double(page))
        update(time: context.now())
    }

    override func update(time: Double) {
        let v = drag.map(dragValue) ?? slide.value(at: time)
        strip.position = Point2D(
            x: (strip.bounds.width / 2 - v * metrics.width).rounded(), y: strip.bounds.height / 2)
        if dotsPage != page {
            dotsPage = page
            for (k, dot) in dots.enumerated() { dot.opacity = k == page ? 1 : Self.dimDotOpacity }
        }
    }

    override func isMoving(at time: Double) -> Bool { drag != nil || slide.isMoving(at: time) }
}
