import Compositor
import FixedPoint
import Input
import Motion
import Raster
import Show

/// A book: the cover and the pages on leaves turning about the spine at the
/// screen's centre, in 3D (`BookLayout`: the geometry, ratios, culling and depth order).
///
/// Turning follows the finger: a horizontal drag changes the page position p by -dx / W
/// (a full screen width turns one page; a drag to the left turns forward), held within
/// [-1, last spread] with a third of the travel beyond (a rubber band). On release p
/// goes to the next whole page in the direction of the release velocity when it is over
/// `PagingRule.flingSpeed`, else to the nearest; at most one page from the page settled to when
/// the drag began (the article's paging). Ours: the settle is a 0.3 s ease-out slide (`ShowSlide`), and a
/// new drag catches the leaf where the slide has it.
///
/// Depth: the turning leaf darkens as it nears perpendicular, towards the screen's
/// near-black background: its picture is blended over that colour at 1 - `maxShade` *
/// shade (what drawing it with that opacity over the background gave) into a page-sized
/// picture of its own, made again only when that 8-bit level changes, and drawn opaque.
/// Drawn with that opacity instead, its free edge's pixel column, over the bright leaf
/// under it (clipped to start there), came out lighter than both sides: a 1-pixel light
/// line along the edge. (A black layer over it doubled the turn's biggest draw.) The
/// leaves under it get a soft shadow (`maxShadow`): on its side a band starting just
/// under its free edge (`shadowTuck`), on the other side a band from the spine, each a
/// layer of a black gradient with the page's transform.
///
/// Drawing only what shows: each item drawn sits in a clip layer (`masksToBounds`) that
/// is the screen columns where it is not hidden by the items over it
/// (`BookLayout.visibleColumns`): most of each fanned leaf is under the leaf above it,
/// and the compositor's occlusion knows only opaque axis-aligned rectangles.
///
/// Pictures: an item's picture is fetched (decoded and resampled) when it is first drawn
/// (a leaf near p: within the fan), and dropped when its leaf is more than 3 leaves away
/// and not drawn; a book of 500 pages holds a dozen. The page's aspect is the cover's:
/// the closed book is its cover, its corners rounded as on the shelf
/// (`CoverDressing`); a page picture of another aspect is fitted on paper; a missing or
/// corrupt one is the show's placeholder (one warning, from `ShowAssets`). A blank back
/// (an odd number of items) is paper.
///
/// Opening from the shelf (ours; the article's part 2 animates the cover into the book):
/// the shelf builds the book screen at the tap with `opening` (the cover's rectangle on
/// the shelf) and puts it over itself with a clear background, then drives
/// `setOpening(progress:)` over its 0.5 s ease-in-out while its own covers and bar fade.
/// The book draws itself in an `OpeningPose`: at 0 every leaf lies flat and the cover's
/// picture sits exactly where the shelf drew it; at 1 the pose is the book's own at
/// p = -1 (the cover at 45 degrees about the spine, in perspective, the leaves fanned
/// under it). Lift, scale and offset move linearly with the progress, so the cover's
/// corners move on smooth paths. The leaves under the cover come out from under it as
/// they lift (lying flat they are hidden by it) and the buttons fade in. At 1 the
/// background turns opaque (the shelf's colour: nothing changes on screen) and the shelf
/// hands this very screen to the scene (`ShowScreenContext.adopt`): its first frame as
/// the book is the opening's last, layer for layer.
///
/// Navigation: a top bar of translucent black over the pages with the book's title in the
/// middle, the menu button at its left (opens the menu) and the back control next to it
/// ("‹ Shelf", "‹ Books", "‹ Home": the title of where it goes), which returns to where
/// the book was opened from (`backTarget`, chosen by the scene), sliding back.
final class BookScreen: ShowScreen {
    /// The turning leaf's darkness standing perpendicular (1 - its opacity then).
    static let maxShade = 0.55
    /// The shadow's darkness at its dark end with the turning leaf perpendicular.
    static let maxShadow = 0.5
    /// The shadow band's width, in page widths.
    static let shadowBand = 0.3
    /// Points (on screen) by which the shadow on the leaf under the turning one starts
    /// under the turning leaf's free edge. Starting exactly at the edge, the pixel column
    /// the edge crosses was covered only in part by both the band and the translucent
    /// turning leaf, so the bright paper under both showed through as a 1-pixel light
    /// line; tucked 2 points under, that column is shadowed in full.
    static let shadowTuck = 2.0
    /// The paper of a blank page or around a picture of another aspect.
    static let paper: UInt32 = 0xfff4_f0e6

    let bookID: String
    /// The cover and the pages, at the page's size.
    let pages: BookPictures
    let layout: BookLayout
    /// Where "back" goes: where the book was opened from (the scene's `bookBack`).
    let backTarget: ShowTarget
    /// The pages' container (the pan's target: the whole screen under the buttons).
    let pager: Layer
    let backButton: Layer
    let menuButton: Layer
    /// The top bar: translucent black with the book's title.
    let bar = Layer(name: "book.bar")
    /// The book's title (in the bar, and the menu's).
    let title: String
    /// The whole page the book rests at or settles to (-1: closed).
    private(set) var page: Int
    private var slide: ShowSlide
    /// A finger's drag: p where it began, its travel (points, along x) and the page
    /// settled to when it began (the release turns at most one page from it).
    private var drag: (start: Double, travel: Double, page: Int)?
    /// The page position of the last update.
    private(set) var position: Double
    /// While the book opens from the shelf: the cover's rectangle there (screen points)
    /// and how far the opening has come (0...1, the shelf's eased progress).
    private(set) var opening: (shelf: Rect2D, progress: Double)?
    /// Where the book was drawn at the last update (`.open` once opened).
    private(set) var pose = OpeningPose.open

    /// The layers of one item.
    final class Slot {
        let clip: Layer
        let page: Layer
        let shadow: Layer
        /// The page's anchor: on the spine at its vertical centre ((0, 0.5) for an even
        /// item, (1, 0.5) for an odd one).
        let anchor: Point2D
        /// The item's picture, as `page` shows it unshaded.
        let picture: Surface
        /// For the cover, whose picture has rounded corners: the same picture unrounded
        /// and opaque, which the shade is made from (the fast faded draw wants an opaque
        /// source) before its corners are rounded again; nil for a page.
        let unrounded: Surface?
        /// The picture darkened for the turning leaf (`shade(_:level:)`), while it turns.
        var shaded: Surface?
        /// The level `page` shows the picture at (255: the picture itself).
        var shadeLevel: UInt8 = 255
        init(clip: Layer, page: Layer, shadow: Layer, anchor: Point2D, picture: Surface, unrounded: Surface? = nil) {
            (self.clip, self.page, self.shadow, self.anchor, self.picture, self.unrounded) =
                (clip, page, shadow, anchor, picture, unrounded)
        }
    }
    private(set) var slots: [Int: Slot] = [:]
    /// The items drawn at the last update, back to front.
    private(set) var drawn: [BookLayout.Drawn] = []
    /// `drawn`'s ordering, kept from frame to frame (a frame allocates nothing).
    private var drawScratch: [BookLayout.Ordered] = []
    private var shadowImages: (darkLeft: Surface, darkRight: Surface)?
    /// A darkened picture no slot shows any more, kept for the next leaf that turns: a
    /// page turn then makes no page-sized surface (one page of memory while the book is
    /// open).
    private var spareShade: Surface?
    /// The pages `prepareAhead()` fetched for items not drawn yet, by item, since the book
    /// last settled on `aheadPage`: held here until a slot takes them, since the show's
    /// picture cache may let go of pictures only it holds to make room for the next;
    /// and the draw lists they are worked out in.
    private var ahead: [Int: Surface] = [:]
    private var aheadPage: Int?
    private var aheadDrawn: [BookLayout.Drawn] = []
    private var aheadScratch: [BookLayout.Ordered] = []
    /// `BookLayout.openingItems()`, worked out at the first look-ahead of an opening.
    private var openingItems: [Int]?

    /// Where a swipe over the book starts and ends: across the middle 60% of the content
    /// area, at its vertical centre (leftwards for `forward`).
    static func swipe(forward: Bool, metrics m: ScreenMetrics) -> (from: Point2D, to: Point2D) {
        let c = m.content
        let a = Point2D(x: (c.minX + c.width * 0.8).rounded(), y: c.centre.y.rounded())
        let b = Point2D(x: (c.minX + c.width * 0.2).rounded(), y: c.centre.y.rounded())
        return forward ? (a, b) : (b, a)
    }

    /// - Parameters:
    ///   - page: the whole page to rest at (clamped to the book; -1: closed).
    ///   - back: where the back button goes.
    ///   - opening: the cover's rectangle on the shelf (screen points) when the book
    ///     opens from there: the book starts closed, in the opening's first pose, with a
    ///     clear background (see `setOpening(progress:)`).
    init(
        id: String, context: ShowScreenContext, page: Int = -1, back: ShowTarget = .home, opening shelf: Rect2D? = nil
    ) {
        bookID = id
        let m = context.metrics
        pages = BookPictures(id: id, show: context.show, pictures: context.pictures, width: m.width, height: m.height)
        layout = pages.layout
        backTarget = back
        let p = shelf != nil ? BookLayout.minPage : Swift.min(Swift.max(Double(page), BookLayout.minPage), layout.maxPage)
        self.page = Int(p)
        slide = .resting(at: p)
        position = p
        pager = Layer(name: "book.pager", frame: m.screen)
        backButton = Layer(name: "back", frame: m.backButton)
        menuButton = Layer(name: "book.menu", frame: m.menuButton)
        title = context.show.book(id: id)?.title ?? "book:\(id)"
        super.init(target: .book(id), context: context)
        layer.masksToBounds = true
        layer.addSublayer(pager)
        addButtons(title: context.show.labels.backTitle(Self.title(of: back, show: context.show)))
        if let shelf {
            opening = (shelf, 0)
            bar.opacity = 0
            backButton.opacity = 0
            menuButton.opacity = 0
        } else {
            layer.contents = .color(ScreenColors.background)
        }
        context.pictures.bookReturn = (id, back)
        let now = context.now
        let accepts = context.accepts
        bind(
            PanRecognizer { [unowned self] pan in
                switch pan.state {
                case .began:
                    guard accepts(now()) else { return }
                    self.drag = (self.slide.value(at: now()), pan.translation.x, self.page)
                case .changed:
                    self.drag?.travel = pan.translation.x
                case .ended:
                    self.settle(velocity: pan.velocity.x)
                default:
                    self.settle(velocity: 0)
                }
            }, to: pager)
        update(time: context.now())
    }

    private func addButtons(title: String) {
        let m = metrics
        bar.frame = m.titleBar
        bar.contents = .color(ScreenColors.menuButton)
        bar.allowsHitTesting = false
        bar.addSublayer(
            PlainScreen.label(
                "book.title", self.title, frame: m.titleText,
                TextAttributes(
                    size: m.barFontSize, weight: .bold, color: ScreenColors.title, alignment: .center, maxLines: 1,
                    fonts: context.fonts(context.show.book(id: bookID)?.titleFont ?? []))))
        layer.addSublayer(bar)
        let text = PlainScreen.label(
            "back.text", title,
            frame: Rect2D(x: m.margin, y: 0, width: Swift.max(1, m.backButton.width - m.margin), height: m.barHeight),
            TextAttributes(size: m.barFontSize, color: ScreenColors.title, maxLines: 1))
        backButton.addSublayer(text)
        layer.addSublayer(backButton)
        bindBack(backButton, to: backTarget)
        guard context.show.hasMenu else { return }
        MenuGlyph.addBars(to: menuButton, side: menuButton.bounds.width, namePrefix: "book.menu")
        layer.addSublayer(menuButton)
        bindTap(menuButton, opening: .menu)
    }

    override var menuBar: MenuBar? { .standard(metrics, title: title) }

    /// The back control's title for `target`: the show's labels for home, the shelf and
    /// the menu ("Home", "Shelf", "Menu"), a folder's, card list's or book's title
    /// ("Books"); a target the show does not have (a loaded show names none) is named as
    /// written ("folder:<id>"), as its screen's title would be.
    static func title(of target: ShowTarget, show: Show) -> String {
        switch target {
        case .home: return show.labels.home
        case .shelf: return show.labels.shelf
        case .menu: return show.labels.menu
        case .folder(let id): return show.folder(id: id)?.title ?? target.description
        case .cards(let id): return show.cardList(id: id)?.title ?? target.description
        case .book(let id): return show.book(id: id)?.title ?? target.description
        }
    }

    /// Sets how far the opening from the shelf has come (0...1); at 1 (or more) the book
    /// is open: its background turns opaque, its buttons show in full, and the cover is
    /// drawn as at any time. Takes effect at the next `update(time:)`. Does nothing once
    /// open.
    func setOpening(progress: Double) {
        guard let o = opening else { return }
        guard progress < 1 else {
            opening = nil
            layer.contents = .color(ScreenColors.background)
            bar.opacity = 1
            backButton.opacity = 1
            menuButton.opacity = 1
            return
        }
        let t = Swift.max(0, progress)
        opening = (o.shelf, t)
        let chrome = Self.chromeOpacity(progress: t)
        bar.opacity = chrome
        backButton.opacity = chrome
        menuButton.opacity = chrome
    }

    /// The book's bar (its title, back control and menu button) while it opens from the
    /// shelf at `progress`: none over the first half, while the shelf's bar fades out,
    /// then fading in over the second, so the two bars' titles and back controls never
    /// show at once and the bar's colour moves smoothly from the shelf's to the book's.
    static func chromeOpacity(progress t: Double) -> Double { Swift.max(0, Swift.min(1, 2 * t - 1)) }

    /// The cover's picture's rectangle on the page, page points: the page (the page
    /// has the cover's aspect), or the picture fitted on paper should the two still
    /// differ by more than a pixel (`BookPictures.fitted`).
    var coverRect: Rect2D { fitted(0) ?? Rect2D(x: 0, y: 0, width: layout.pageWidth, height: layout.pageHeight) }

    /// p while a finger drags: the drag's start less its travel in screen widths, a
    /// third of the way beyond the ends.
    private func dragValue(_ d: (start: Double, travel: Double, page: Int)) -> Double {
        PagingRule.dragged(
            start: d.start, travel: d.travel, width: metrics.width, first: BookLayout.minPage, last: layout.maxPage)
    }

    /// The finger lifted (or its touch was cancelled) with `velocity` points/s along x.
    private func settle(velocity: Double) {
        guard let d = drag else { return }
        drag = nil
        let v = dragValue(d)
        let target = PagingRule.settled(
            value: v, velocity: velocity, from: Double(d.page), first: BookLayout.minPage, last: layout.maxPage)
        page = Int(target)
        slide = ShowSlide(from: v, to: target, start: nil, curve: .easeOut)
    }

    /// Turns `delta` whole pages from the page settled to (clamped), sliding from where
    /// the book is at `now` (tests, and the control of a script).
    func turn(by delta: Int, now: Double) {
        drag = nil
        let target = Swift.min(Swift.max(Double(page + delta), BookLayout.minPage), layout.maxPage)
        page = Int(target)
        slide.curve = .easeOut
        slide.duration = ShowSlide.standardDuration
        slide.retarget(target, valueAt: now, startingAt: nil)
    }

    /// Rests at page position `p` at once (tests and goldens: p need not be whole).
    func show(position p: Double) {
        drag = nil
        page = Int(p.rounded())
        slide = .resting(at: p)
        update(time: context.now())
    }

    override func isMoving(at time: Double) -> Bool { drag != nil || slide.isMoving(at: time) }

    override func update(time: Double) {
        let p = drag.map(dragValue) ?? slide.value(at: time)
        position = p
        pose = opening.map { OpeningPose(layout: layout, cover: coverRect, shelf: $0.shelf, progress: $0.progress) } ?? .open
        layout.drawList(page: p, lift: pose.lift, into: &drawn, scratch: &drawScratch)
        let list = drawn
        let turning = layout.turningLeaf(page: p)
        for (j, d) in list.enumerated() {
            let slot = self.slot(for: d.item)
            place(slot, d, z: Double(j))
            let t = d.leaf == turning ? BookLayout.shade(ratio: d.ratio) : 0
            shade(slot, level: UInt8(((1 - Self.maxShade * t) * 255).rounded()))
            slot.shadow.isHidden = true
        }
        if let k = turning {
            // The turning leaf (drawn or, standing edge-on, not): its side and reach.
            let r = BookLayout.ratio(leaf: k, page: p)
            let overSide = r > 0 ? 1 : -1
            let overReach = layout.freeEdgeDistance(angle: BookLayout.angle(item: r > 0 ? 2 * k : 2 * k + 1, ratio: r))
            let strength = BookLayout.shade(ratio: r)
            for side in stride(from: -1, through: 1, by: 2) {
                guard strength > 0, let under = list.last(where: { $0.side == side && $0.leaf != k }) else { continue }
                let start =
                    side == overSide
                    ? layout.shadowStart(under: under, overReach: Swift.max(0, overReach - Self.shadowTuck)) : 0
                shadow(slots[under.item]!, under, from: start, opacity: Self.maxShadow * strength)
            }
        }
        for (item, slot) in slots where !list.contains(where: { $0.item == item }) {
            slot.clip.isHidden = true
            let leaf = Double(item / 2)
            if leaf < p - 3 || leaf > p + 4 {
                slot.clip.removeFromSuperlayer()
                slots[item] = nil
            }
        }
    }

    /// Sets an item's layers for how it is drawn, in the current `pose`.
    private func place(_ slot: Slot, _ d: BookLayout.Drawn, z: Double) {
        let cols = layout.visibleColumns(d, pose: pose)
        slot.clip.isHidden = false
        slot.clip.zPosition = z
        slot.clip.frame = Rect2D(x: cols.minX, y: 0, width: Swift.max(1, cols.maxX - cols.minX), height: layout.height)
        let s = pose.apply(layout.spine)
        let spine = Point2D(x: s.x - cols.minX, y: s.y)
        var transform = layout.transform(angle: d.angle)
        if pose.scale != 1 { transform = transform.concatenating(.scale(x: pose.scale, y: pose.scale)) }
        slot.page.anchorPoint = slot.anchor
        slot.page.position = spine
        slot.page.transform = transform
        slot.shadow.position = spine
        slot.shadow.transform = transform
    }

    /// Shows the slot's picture darkened to `level` (of 255) towards the background, as
    /// drawing it with that opacity over the background would (`Surface.drawFaded`: the
    /// compositor's `over` with a constant opacity on a page-sized picture of the
    /// background colour, in one pass); 255: the picture itself (and the darkened one
    /// becomes `spareShade`).
    private func shade(_ slot: Slot, level: UInt8) {
        guard level != slot.shadeLevel else { return }
        slot.shadeLevel = level
        if level == 255 {
            slot.page.contents = .image(slot.picture)
            // Kept for the next leaf that turns (the leaves' pictures share a size).
            if let s = slot.shaded { spareShade = s }
            slot.shaded = nil
            return
        }
        let pic = slot.unrounded ?? slot.picture
        let format: PixelFormat = slot.unrounded != nil ? .argb8888 : .xrgb8888
        var spare: Surface?
        if let s = spareShade, slot.shaded == nil, s.width == pic.width, s.height == pic.height, s.format == format {
            spare = s
            spareShade = nil
        }
        guard let s = slot.shaded ?? spare ?? (try? Surface(width: pic.width, height: pic.height, format: format))
        else {
            return
        }
        try? s.drawFaded(pic, over: ScreenColors.background, opacity: level)
        if slot.unrounded != nil { CoverDressing.roundCorners(s, radius: CoverDressing.radius(width: s.width)) }
        if slot.shaded === s {
            slot.page.setNeedsDisplay(contentChanged: true)
        } else {
            slot.shaded = s
            slot.page.contents = .image(s)
        }
    }

    /// Shows a shadow band on the item `d` from `start` (its points from the spine) out,
    /// dark at the spine's end.
    private func shadow(_ slot: Slot, _ d: BookLayout.Drawn, from start: Double, opacity: Double) {
        let band = Swift.min(layout.pageWidth * Self.shadowBand, layout.pageWidth - start)
        guard band >= 1 else { return }
        let images = shadowImages ?? makeShadowImages()
        slot.shadow.isHidden = false
        slot.shadow.opacity = opacity
        slot.shadow.bounds = Rect2D(x: 0, y: 0, width: band, height: layout.pageHeight)
        if d.side > 0 {
            slot.shadow.anchorPoint = Point2D(x: -start / band, y: 0.5)
            slot.shadow.contents = .image(images.darkLeft)
        } else {
            slot.shadow.anchorPoint = Point2D(x: 1 + start / band, y: 0.5)
            slot.shadow.contents = .image(images.darkRight)
        }
    }

    /// Page positions whose items a turn from `page` draws, nearest first: the spread
    /// itself, each neighbouring leaf half-turned (its front, its back and what it
    /// uncovers) and the neighbouring spreads, in `page`'s whole pages.
    private static let aheadOffsets: [Double] = [0, 0.5, -0.5, 1, -1]

    /// Between frames: fetches the picture of one item a turn from the page the book
    /// rests at or settles to would draw (`aheadOffsets`), so that a turn's frames find
    /// their pages resampled; true when it fetched one (or looked one up), false once
    /// every such item has its picture. A decode and a resample of a page take a frame's
    /// time or more: fetched in a turn's frame, each was a frame missed.
    override func prepareAhead() -> Bool {
        if aheadPage != page {
            // Settled elsewhere: what was fetched for the old page goes back to the cache.
            aheadPage = page
            ahead.removeAll(keepingCapacity: true)
        }
        if opening != nil {
            // Opening from the shelf: the leaves that fan out under the cover first.
            if openingItems == nil { openingItems = layout.openingItems() }
            for item in openingItems! where fetchAhead(item) { return true }
        }
        for offset in Self.aheadOffsets {
            let q = Double(page) + offset
            guard q >= BookLayout.minPage, q <= layout.maxPage else { continue }
            layout.drawList(page: q, lift: 1, into: &aheadDrawn, scratch: &aheadScratch)
            for d in aheadDrawn where fetchAhead(d.item) { return true }
        }
        return false
    }

    /// Fetches item `item`'s page into `ahead` unless a slot or `ahead` has it; true
    /// when it did.
    private func fetchAhead(_ item: Int) -> Bool {
        guard slots[item] == nil, ahead[item] == nil else { return false }
        ahead[item] = picture(item)
        return true
    }

    /// An item's layers, made (its picture fetched) when first needed.
    private func slot(for item: Int) -> Slot {
        if let s = slots[item] { return s }
        let size = Rect2D(x: 0, y: 0, width: layout.pageWidth, height: layout.pageHeight)
        let clip = Layer(name: "book.clip\(item)", frame: layout.screenRect)
        clip.masksToBounds = true
        clip.allowsHitTesting = false
        let page = Layer(name: "book.item\(item)", bounds: size)
        let anchor = Point2D(x: item % 2 == 0 ? 0 : 1, y: 0.5)
        let picture = ahead.removeValue(forKey: item) ?? self.picture(item)
        page.contents = .image(picture)
        page.allowsHitTesting = false
        let shadow = Layer(name: "book.shadow\(item)", bounds: size)
        shadow.allowsHitTesting = false
        shadow.isHidden = true
        clip.addSublayer(page)
        clip.addSublayer(shadow)
        pager.addSublayer(clip)
        let s = Slot(
            clip: clip, page: page, shadow: shadow, anchor: anchor, picture: picture,
            unrounded: item == 0 ? pages.unroundedCover() : nil)
        slots[item] = s
        return s
    }

    /// Item `item`'s rectangle on the page when its picture is fitted on paper
    /// (`BookPictures.fitted`).
    func fitted(_ item: Int) -> Rect2D? { pages.fitted(item) }

    /// Item `item`'s page picture (`BookPictures.page`).
    func picture(_ item: Int) -> Surface {
        return pages.page(item)
    }

    /// Black fading from opaque to clear across 64 columns (quadratically: soft), one
    /// each way; 256 rows, so that stretched over a page's height its top and bottom
    /// edges (bilinear's one-pixel fade) span a few screen rows (about 4 at 1920x1080),
    /// not 30 as 32 rows did, and the compositor draws it as repeating rows
    /// (`TransformJob.rowsRepeat`: 16384 pixels at most).
    private func makeShadowImages() -> (darkLeft: Surface, darkRight: Surface) {
        let n = 64, rows = 256
        // Constant sizes, valid (an allocation this small that fails traps anyway).
        let left = try! Surface(width: n, height: rows, format: .argb8888)
        let right = try! Surface(width: n, height: rows, format: .argb8888)
        for y in 0..<rows {
            let a = left.row(y, as: UInt32.self), b = right.row(y, as: UInt32.self)
            for x in 0..<n {
                let f = 1 - Double(x) / Double(n - 1)
                let alpha = UInt32((255 * f * f).rounded())
                a[x] = alpha << 24
                b[n - 1 - x] = alpha << 24
            }
        }
        shadowImages = (left, right)
        return (left, right)
    }
}

extension BookLayout {
    /// The whole screen as a rectangle.
    var screenRect: Rect2D { Rect2D(x: 0, y: 0, width: width, height: height) }
}
