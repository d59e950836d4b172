import Compositor
import Input
import Motion
import Raster
import Show

/// A book (issue 16): the cover and the pages on leaves turning about the spine at the
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
/// Depth: the turning leaf darkens as it nears perpendicular, by its own opacity (down to
/// 1 - `maxShade`): under it there is only the screen's near-black background, since the
/// leaves below are clipped to the columns beyond it, so it fades towards dark at no
/// extra pixel cost (a black layer over it doubled the turn's biggest draw). The leaves
/// under it get a soft shadow (`maxShadow`): on its side a band just beyond its free
/// edge, on the other side a band from the spine, each a layer of a black gradient with
/// the page's transform.
///
/// Drawing only what shows: each item drawn sits in a clip layer (`masksToBounds`) that
/// is the screen columns where it is not hidden by the items over it
/// (`BookLayout.visibleColumns`): most of each fanned leaf is under the leaf above it,
/// and the compositor's occlusion knows only opaque axis-aligned rectangles.
///
/// Pictures: an item's picture is fetched (decoded and resampled) when it is first drawn
/// (a leaf near p: within the fan), and dropped when its leaf is more than 3 leaves away
/// and not drawn; a book of 500 pages holds a dozen. A picture of another aspect than
/// the cover's is fitted on paper; a missing or corrupt one is the show's placeholder
/// (one warning, from `ShowAssets`). A blank back (an odd number of items) is paper.
/// The page's aspect is the first page's (the cover's when there is none): the cover is
/// fitted on paper when it differs.
///
/// Navigation: a top bar of translucent black over the pages with the book's title in the
/// middle, the menu button at its left (opens the menu) and "‹ Shelf" next to it when the
/// book was opened from the shelf (else "‹ Home"), which goes back.
final class BookScreen: ShowScreen {
    /// The turning leaf's darkness standing perpendicular (1 - its opacity then).
    static let maxShade = 0.55
    /// The shadow's darkness at its dark end with the turning leaf perpendicular.
    static let maxShadow = 0.5
    /// The shadow band's width, in page widths.
    static let shadowBand = 0.3
    /// The paper of a blank page or around a picture of another aspect.
    static let paper: UInt32 = 0xfff4_f0e6

    let bookID: String
    /// The cover, then the pages.
    let pictures: [AssetPath]
    let layout: BookLayout
    /// Where "back" goes: the shelf when opened from it, else home.
    let backTarget: ShowTarget
    /// The pages' container (the pan's target: the whole screen under the buttons).
    let pager: Layer
    let backButton: Layer
    let menuButton: Layer
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

    /// The layers of one item.
    final class Slot {
        let clip: Layer
        let page: Layer
        let shadow: Layer
        init(clip: Layer, page: Layer, shadow: Layer) {
            (self.clip, self.page, self.shadow) = (clip, page, shadow)
        }
    }
    private(set) var slots: [Int: Slot] = [:]
    /// The items drawn at the last update, back to front.
    private(set) var drawn: [BookLayout.Drawn] = []
    private var shadowImages: (darkLeft: Surface, darkRight: Surface)?
    private var paperImage: Surface?

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
    init(id: String, context: ShowScreenContext, page: Int = -1, back: ShowTarget = .home) {
        let book = context.show.book(id: id)
        bookID = id
        pictures = book.map { [$0.cover] + $0.pages } ?? []
        let m = context.metrics
        // The pages' aspect: the first page's (the cover's in a book of no pages).
        var aspect = 0.75
        if let first = pictures.count > 1 ? pictures[1] : pictures.first {
            let s = context.pictures.size(first)
            if s.width > 0, s.height > 0 { aspect = s.width / s.height }
        }
        layout = BookLayout(itemCount: pictures.count, width: m.width, height: m.height, aspect: aspect)
        backTarget = back
        let p = Swift.min(Swift.max(Double(page), BookLayout.minPage), layout.maxPage)
        self.page = Int(p)
        slide = .resting(at: p)
        position = p
        pager = Layer(name: "book.pager", frame: m.screen)
        backButton = Layer(name: "back", frame: m.backButton)
        menuButton = Layer(name: "book.menu", frame: m.menuButton)
        title = book?.title ?? "book:\(id)"
        super.init(target: .book(id), context: context)
        layer.contents = .color(ScreenColors.background)
        layer.masksToBounds = true
        layer.addSublayer(pager)
        addButtons(title: back == .shelf ? "‹ Shelf" : "‹ Home")
        let now = context.now
        let accepts = context.accepts
        bind(
            PanRecognizer { [unowned self] pan in
                switch pan.state {
                case .began:
                    guard accepts(now()) else { return }
                    self.drag = (self.slide.value(at: now()), pan.translation.dx, self.page)
                case .changed:
                    self.drag?.travel = pan.translation.dx
                case .ended:
                    self.settle(velocity: pan.velocity.dx)
                default:
                    self.settle(velocity: 0)
                }
            }, to: pager)
        update(time: context.now())
    }

    private func addButtons(title: String) {
        let m = metrics
        let bar = Layer(name: "book.bar", frame: m.titleBar, contents: .color(ScreenColors.menuButton))
        bar.allowsHitTesting = false
        bar.addSublayer(
            PlainScreen.label(
                "book.title", self.title, frame: m.titleText,
                TextAttributes(
                    size: m.barFontSize, weight: .bold, color: ScreenColors.title, alignment: .center, maxLines: 1)))
        layer.addSublayer(bar)
        let text = PlainScreen.label(
            "back.text", title,
            frame: Rect2D(x: m.margin, y: 0, width: Swift.max(1, m.backButton.width - m.margin), height: m.barHeight),
            TextAttributes(size: m.barFontSize, color: ScreenColors.title, maxLines: 1))
        backButton.addSublayer(text)
        layer.addSublayer(backButton)
        bindTap(backButton, opening: backTarget)
        MenuGlyph.addBars(to: menuButton, side: menuButton.bounds.width, namePrefix: "book.menu")
        layer.addSublayer(menuButton)
        bindTap(menuButton, opening: .menu)
    }

    override var menuBar: MenuBar? { .standard(metrics, title: title) }

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
        let list = layout.drawList(page: p)
        drawn = list
        let turning = layout.turningLeaf(page: p)
        var used = Set<Int>()
        for (j, d) in list.enumerated() {
            let slot = self.slot(for: d.item)
            used.insert(d.item)
            place(slot, d, z: Double(j))
            let t = d.leaf == turning ? BookLayout.shade(ratio: d.ratio) : 0
            slot.page.opacity = 1 - Self.maxShade * t
            slot.shadow.isHidden = true
        }
        if let k = turning {
            // The turning leaf (drawn or, standing edge-on, not): its side and reach.
            let r = BookLayout.ratio(leaf: k, page: p)
            let overSide = r > 0 ? 1 : -1
            let overReach = layout.freeEdgeDistance(angle: BookLayout.angle(item: r > 0 ? 2 * k : 2 * k + 1, ratio: r))
            let strength = BookLayout.shade(ratio: r)
            for side in [-1, 1] {
                guard strength > 0, let under = list.last(where: { $0.side == side && $0.leaf != k }) else { continue }
                let start = side == overSide ? layout.shadowStart(under: under, overReach: overReach) : 0
                shadow(slots[under.item]!, under, from: start, opacity: Self.maxShadow * strength)
            }
        }
        for (item, slot) in slots where !used.contains(item) {
            slot.clip.isHidden = true
            let leaf = Double(item / 2)
            if leaf < p - 3 || leaf > p + 4 {
                slot.clip.removeFromSuperlayer()
                slots[item] = nil
            }
        }
    }

    /// Sets an item's layers for how it is drawn.
    private func place(_ slot: Slot, _ d: BookLayout.Drawn, z: Double) {
        let cols = layout.visibleColumns(d)
        slot.clip.isHidden = false
        slot.clip.zPosition = z
        slot.clip.frame = Rect2D(x: cols.minX, y: 0, width: Swift.max(1, cols.maxX - cols.minX), height: layout.height)
        let spine = Point2D(x: layout.spine.x - cols.minX, y: layout.spine.y)
        let anchor = Point2D(x: d.item % 2 == 0 ? 0 : 1, y: 0.5)
        let transform = BookLayout.transform(angle: d.angle)
        slot.page.anchorPoint = anchor
        slot.page.position = spine
        slot.page.transform = transform
        slot.shadow.position = spine
        slot.shadow.transform = transform
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

    /// An item's layers, made (its picture fetched) when first needed.
    private func slot(for item: Int) -> Slot {
        if let s = slots[item] { return s }
        let size = Rect2D(x: 0, y: 0, width: layout.pageWidth, height: layout.pageHeight)
        let clip = Layer(name: "book.clip\(item)", frame: layout.screenRect)
        clip.masksToBounds = true
        clip.allowsHitTesting = false
        let page = Layer(name: "book.item\(item)", bounds: size)
        page.contents = .image(picture(item))
        page.allowsHitTesting = false
        let shadow = Layer(name: "book.shadow\(item)", bounds: size)
        shadow.allowsHitTesting = false
        shadow.isHidden = true
        clip.addSublayer(page)
        clip.addSublayer(shadow)
        pager.addSublayer(clip)
        let s = Slot(clip: clip, page: page, shadow: shadow)
        slots[item] = s
        return s
    }

    /// Item `item`'s picture at the page's size: the picture resampled to it when it
    /// has the page's aspect (within a pixel), else fitted on paper; paper for a blank back.
    func picture(_ item: Int) -> Surface {
        let w = Int(layout.pageWidth), h = Int(layout.pageHeight)
        guard item < pictures.count else { return paperImage ?? makePaper() }
        let path = pictures[item]
        let fit = ScreenFit.fit(context.pictures.size(path), in: Rect2D(x: 0, y: 0, width: Double(w), height: Double(h)))
        if fit.width >= Double(w - 1) && fit.height >= Double(h - 1) {
            return context.pictures.picture(path, width: w, height: h)
        }
        let pic = context.pictures.picture(path, width: fit.width.clampedInt, height: fit.height.clampedInt)
        guard let s = try? Surface(width: w, height: h, format: .xrgb8888) else { return pic }
        s.fill(Self.paper)
        try? s.over(pic, x: fit.minX.clampedInt, y: fit.minY.clampedInt)
        return s
    }

    private func makePaper() -> Surface {
        let w = Int(layout.pageWidth), h = Int(layout.pageHeight)
        let s = (try? Surface(width: w, height: h, format: .xrgb8888)) ?? (try! Surface(width: 1, height: 1, format: .xrgb8888))
        s.fill(Self.paper)
        paperImage = s
        return s
    }

    /// Black fading from opaque to clear across 64 columns (quadratically: soft), one
    /// each way; 32 rows.
    private func makeShadowImages() -> (darkLeft: Surface, darkRight: Surface) {
        let n = 64, rows = 32
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
