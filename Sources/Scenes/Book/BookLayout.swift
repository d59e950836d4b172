import Compositor

import FixedPoint
internal import Glibc

/// The book's geometry, pure: no layers. A book is a stack of leaves turning
/// about a vertical spine at the screen's centre, after the "iOS Book Open Animation"
/// article's `BookLayout`, with two fixes of ours (see `drawList(page:)` and `minPage`).
///
/// Items and leaves: item 0 is the cover, item i the manifest's page i - 1. Leaf k
/// carries item 2k on its front (right of the spine at rest) and item 2k + 1 on its back
/// (ours: the article never says which picture goes where). A book with an odd number of
/// items has a blank back on its last leaf (item `itemCount`, drawn as plain paper).
///
/// State: a continuous page position p. Leaf k's ratio is r = -0.5 + k - p, squashed
/// beyond +-0.5 (0.5 + 0.1 (r - 0.5) above, -0.5 + 0.1 (r + 0.5) below), clamped to
/// [-1, 1]: -1 lies flat left, 0 stands perpendicular, 1 lies flat right. At a whole p
/// the facing pages stand at 45 degrees to the screen and the leaves under them fan out
/// at 36, 27, 18, 9 degrees, then lie flat.
///
/// Rotation: even items turn by (1 - r)(-pi/2) about their left edge (anchor (0, 0.5)),
/// odd items by (1 + r)(pi/2) about their right edge (anchor (1, 0.5)), plus
/// (item mod 2)/1000 rad (the article's separation), about y in each page's own
/// transform with m34 = -1/`eyeDistance`, the anchor on the spine at the screen's centre.
/// With the Architecture article's signs a page at rest comes towards the viewer: its free edge is
/// taller than its spine.
///
/// Size: the article's proportions on every panel. Its page is 568 of the screen's 667
/// points high and 362 wide, with the eye 2000 points away: the page is `heightShare`
/// (0.85) of the screen's height at most (and half its width at most), and the eye
/// stands `pageWidth / perspective` (362/2000 = 0.181) away, so the book looks the same
/// on a small panel and a large one, and a page at rest (45 degrees, coming forward) is
/// 1 / (1 - 0.181 sin 45) = 1.147 times its height at its free edge: 0.977 of the
/// screen's height, inside it (the article's 651 of 667).
struct BookLayout: Equatable {
    /// The article's page width over its eye distance (362 / 2000): how strong the
    /// perspective is, whatever the panel's size.
    static let perspective = 362.0 / 2000
    /// The article's page height over its screen's height (568 / 667).
    static let heightShare = 568.0 / 667
    /// m34 = -1 / eyeDistance, points: `pageWidth / perspective`.
    var eyeDistance: Double { pageWidth / Self.perspective }
    /// The article's separation of a leaf's two sides, radians (odd items only).
    static let separation = 0.001

    /// Pictures in the book: the cover and the pages (at least 1: the cover).
    let itemCount: Int
    /// The logical screen, points.
    let width: Double
    let height: Double
    /// One page, whole points: the largest rectangle of the pictures' aspect that fits
    /// half the screen's width and `heightShare` of its height.
    let pageWidth: Double
    let pageHeight: Double

    /// - Parameter aspect: the pictures' width / height (the cover's; 3:4 when unknown).
    init(itemCount: Int, width: Double, height: Double, aspect: Double) {
        self.itemCount = Swift.max(1, itemCount)
        self.width = width
        self.height = height
        let a = aspect.isFinite && aspect > 0 ? aspect : 0.75
        let w = Swift.min(width / 2, Self.heightShare * height * a)
        pageWidth = Swift.max(1, w.rounded(.down))
        pageHeight = Swift.max(1, Swift.min(Self.heightShare * height, w / a).rounded(.down))
    }

    /// The spine's centre: the screen's centre, where every page's anchor sits.
    var spine: Point2D { Point2D(x: width / 2, y: height / 2) }

    var leafCount: Int { (itemCount + 1) / 2 }

    /// Where the book starts: closed, the cover alone right of the spine (ours: the
    /// article starts open at p = 0).
    static let minPage = -1.0

    /// The last spread: the one showing the last item (its left page when the last item
    /// is a leaf's back, its right page when it is a front); at least 0 (a book of a
    /// cover alone opens onto the cover's blank back).
    var maxPage: Double { Double(Swift.max(0, itemCount / 2 - 1)) }

    /// Leaf k's ratio at page position p: squashed beyond +-0.5, clamped to [-1, 1].
    static func ratio(leaf k: Int, page p: Double) -> Double {
        squash(rawRatio(leaf: k, page: p))
    }

    /// -0.5 + k - p, before squashing.
    static func rawRatio(leaf k: Int, page p: Double) -> Double { -0.5 + Double(k) - p }

    static func squash(_ r: Double) -> Double {
        var s = r
        if s > 0.5 {
            s = 0.5 + 0.1 * (s - 0.5)
        } else if s < -0.5 {
            s = -0.5 + 0.1 * (s + 0.5)
        }
        return Swift.min(1, Swift.max(-1, s))
    }

    /// Item `item`'s rotation about y at ratio r, radians.
    static func angle(item: Int, ratio r: Double) -> Double {
        let base = item % 2 == 0 ? (1 - r) * (-Double.pi / 2) : (1 + r) * (Double.pi / 2)
        return base + Double(item % 2) * separation
    }

    /// Whether item `item` is not drawn at ratio r: an even item when r < 0, an odd one
    /// when r > 0, both at r = 0 (the leaf seen edge-on, or from its back).
    static func isCulled(item: Int, ratio r: Double) -> Bool {
        item % 2 == 0 ? r <= 0 : r >= 0
    }

    /// A page's transform about its anchor: rotation about y, then m34 = -1/`eyeDistance`.
    func transform(angle: Double) -> Transform3D {
        Transform3D.perspective(eyeDistance: eyeDistance).rotated(angle: angle, x: 0, y: 1, z: 0)
    }

    /// How far from the spine, on screen, a page's free edge lands when turned by
    /// `angle` (its magnitude: how far it stands up from the screen, 0...pi/2): the page
    /// comes towards the viewer, so w cos(a) / (1 - w sin(a) / eyeDistance).
    func freeEdgeDistance(angle: Double) -> Double {
        let a = Swift.abs(angle)
        return pageWidth * cos(a) / (1 - pageWidth * sin(a) / eyeDistance)
    }

    /// A page's height on screen at its free edge when turned by `angle`: h over the same
    /// factor (at the spine it is h).
    func freeEdgeHeight(angle: Double) -> Double {
        pageHeight / (1 - pageWidth * sin(Swift.abs(angle)) / eyeDistance)
    }

    /// One item as the frame draws it.
    struct Drawn: Equatable {
        var item: Int
        var leaf: Int
        var ratio: Double
        var angle: Double
        /// +1 right of the spine, -1 left.
        var side: Int
        /// Its free edge's distance from the spine on screen, points.
        var reach: Double
        /// How far from the spine the items drawn over it on its side reach (0: none):
        /// only beyond this is it seen. A later item on the same side stands up more, so
        /// it is taller than this one at every x both cover (the height at a distance x
        /// from the spine is h (1 + x tan(a) / eyeDistance)): it hides all of it up to its reach.
        var coveredTo: Double
    }

    /// The items drawn at page position p, back to front (ours: the article draws the
    /// cover above everything, so from p = 0 on its mirrored back covered the open left
    /// page; here the cover culls like any page, and leaves are drawn in depth order:
    /// decreasing |r|, ties (leaves lying flat) the farther first, so the turning leaf is
    /// drawn last). Items hidden entirely by those over them (`reach <= coveredTo + 1`:
    /// less than a pixel would show) are left out: only what shows is drawn. Only leaves
    /// within 7 of p are looked at: farther ones lie flat under those (r clamps to +-1
    /// from 5.5 on).
    ///
    /// `lift` (0...1) scales every leaf's angle: 1 is the book as it stands at p; less
    /// lays the leaves down towards the screen's plane (0: all flat, the top one hiding
    /// the rest), the book's opening from the shelf (`OpeningPose`). The order and the
    /// hiding rule hold for any lift (a leaf standing up more still hides the ones under it).
    func drawList(page p: Double, lift: Double = 1) -> [Drawn] {
        var out: [Drawn] = []
        var scratch: [Ordered] = []
        drawList(page: p, lift: lift, into: &out, scratch: &scratch)
        return out
    }

    /// `drawList(page:lift:)` into `out`, with `scratch` for the ordering: both kept by
    /// the caller from frame to frame, so that a frame allocates nothing.
    func drawList(page p: Double, lift: Double, into out: inout [Drawn], scratch all: inout [Ordered]) {
        ordered(page: p, lift: lift, into: &all)
        out.removeAll(keepingCapacity: true)
        // Front to back, per side: how far the items over each one reach.
        var covered = (left: 0.0, right: 0.0)
        for i in stride(from: all.count - 1, through: 0, by: -1) {
            var d = all[i].d
            d.coveredTo = d.side > 0 ? covered.right : covered.left
            if d.side > 0 {
                covered.right = Swift.max(covered.right, d.reach)
            } else {
                covered.left = Swift.max(covered.left, d.reach)
            }
            if d.reach > d.coveredTo + 1 { out.append(d) }
        }
        out.reverse()
    }

    /// Every item the closed book draws while it opens from the shelf (p = `minPage`,
    /// lift rising from 0 to 1: leaves that lay hidden under the cover show as they
    /// fan out), in the order they first show, the cover first: what must be fetched
    /// before the opening's frames draw them. Lift sampled every 1/60.
    func openingItems() -> [Int] {
        var items: [Int] = []
        for step in 0...60 {
            for d in drawList(page: Self.minPage, lift: Double(step) / 60) where !items.contains(d.item) {
                items.append(d.item)
            }
        }
        return items
    }

    /// An item of `ordered(page:lift:)`, with its ratio before squashing (for ties).
    typealias Ordered = (d: Drawn, raw: Double)

    /// Every item not culled at p (within 7 leaves of it), back to front: decreasing
    /// |r|, ties the farther leaf first (then the lower item), before any is left out
    /// as hidden.
    func ordered(page p: Double, lift: Double = 1) -> [Drawn] {
        var all: [Ordered] = []
        ordered(page: p, lift: lift, into: &all)
        return all.map(\.d)
    }

    /// `ordered(page:lift:)` into `all` (emptied first, its storage kept).
    func ordered(page p: Double, lift: Double, into all: inout [Ordered]) {
        all.removeAll(keepingCapacity: true)
        let first = Swift.max(0, Int((p - 7).rounded(.down)))
        let last = Swift.min(leafCount - 1, Int((p + 8).rounded(.up)))
        guard first <= last else { return }
        for k in first...last {
            let raw = Self.rawRatio(leaf: k, page: p)
            let r = Self.squash(raw)
            let item = r > 0 ? 2 * k : 2 * k + 1
            if Self.isCulled(item: item, ratio: r) { continue }
            let a = lift * Self.angle(item: item, ratio: r)
            all.append(
                (Drawn(item: item, leaf: k, ratio: r, angle: a, side: r > 0 ? 1 : -1, reach: freeEdgeDistance(angle: a),
                    coveredTo: 0), raw))
        }
        all.sort { x, y in
            let (ax, ay) = (Swift.abs(x.d.ratio), Swift.abs(y.d.ratio))
            if ax != ay { return ax > ay }
            let (bx, by) = (Swift.abs(x.raw), Swift.abs(y.raw))
            if bx != by { return bx > by }
            return x.d.item < y.d.item
        }
    }

    /// The x range of the screen, whole pixels, in which item `d` is seen (its part not
    /// under the items over it), from the pixel column the free edge of the item over it
    /// crosses (partly covered there, antialiased: this one shows under it), and one
    /// pixel beyond its own free edge.
    ///
    /// `pose`: where the book is drawn (the opening from the shelf); the columns are the
    /// screen's, after it.
    func visibleColumns(_ d: Drawn, pose: OpeningPose = .open) -> (minX: Double, maxX: Double) {
        let c = pose.scale * spine.x + pose.dx
        let reach = pose.scale * d.reach
        let covered = pose.scale * d.coveredTo
        if d.side > 0 {
            let a = d.coveredTo > 0 ? (c + covered).rounded(.down) : c.rounded(.down) - 1
            return (Swift.max(0, a), Swift.min(width, (c + reach).rounded(.up) + 1))
        }
        let b = d.coveredTo > 0 ? (c - covered).rounded(.up) : c.rounded(.up) + 1
        return (Swift.max(0, (c - reach).rounded(.down) - 1), Swift.min(width, b))
    }

    /// The leaf turning at p (|r| < 0.5: at most one), or nil at a whole page.
    func turningLeaf(page p: Double) -> Int? {
        let k = Int(p.rounded(.down)) + 1
        guard k >= 0, k < leafCount else { return nil }
        let r = Self.ratio(leaf: k, page: p)
        return Swift.abs(r) < 0.5 ? k : nil
    }

    /// How dark the turning leaf is at ratio r (0...1 of `BookScreen.maxShade`): 0 at
    /// rest (|r| = 0.5), 1 standing perpendicular.
    static func shade(ratio r: Double) -> Double { Swift.max(0, Swift.min(1, 1 - 2 * Swift.abs(r))) }

    /// Where, along the page of item `under` (distance from the spine in its own
    /// points), the free edge of the turning item `over` lands as seen on screen: the
    /// shadow's band starts there. Inverts x = u cos(a) / (1 - u sin(a) / eyeDistance).
    func shadowStart(under: Drawn, overReach: Double) -> Double {
        let a = Swift.abs(under.angle)
        let x = overReach
        return x / (cos(a) + x * sin(a) / eyeDistance)
    }
}

/// Where the book is drawn while it opens from the shelf (ours: the article
/// leaves the transition's design open): the closed book (p = -1) with every leaf's angle scaled by
/// `lift`, then scaled by `scale` about the screen's origin and moved by (`dx`, `dy`),
/// points, in the screen's plane (after the perspective, so the book's depth is kept as
/// it grows).
///
/// At progress 0 the leaves lie flat (lift 0) and the cover's picture (its rectangle
/// `cover` on the page: the page itself, or the picture fitted on paper when its aspect
/// differs) lands exactly on the cover's rectangle on the shelf; at progress 1 the pose
/// is the identity: the book's own first frame, cover at 45 degrees about the spine with
/// its perspective and the leaves fanned under it. In between, lift, scale and offset
/// move linearly with the progress (the shelf's ease-in-out gives it), so every point of
/// the book moves on a smooth path and no frame jumps.
struct OpeningPose: Equatable {
    var lift: Double
    var scale: Double
    var dx: Double
    var dy: Double

    /// The book as it stands: no change.
    static let open = OpeningPose(lift: 1, scale: 1, dx: 0, dy: 0)

    /// The pose at `progress` (0...1, clamped) of a book laid out by `layout` whose cover
    /// picture covers `cover` (page points, from the page's top-left) and stands on the
    /// shelf over `shelf` (screen points).
    init(layout: BookLayout, cover: Rect2D, shelf: Rect2D, progress: Double) {
        let t = Swift.min(1, Swift.max(0, progress))
        let pageTop = layout.spine.y - layout.pageHeight / 2
        // At 0: the flat page's point (spine.x + u, pageTop + v) goes to s0 (that) + d0.
        let s0 = cover.width > 0 && shelf.width > 0 ? shelf.width / cover.width : 1
        let dx0 = shelf.minX - s0 * (layout.spine.x + cover.minX)
        let dy0 = (shelf.minY + shelf.height / 2) - s0 * (pageTop + cover.minY + cover.height / 2)
        lift = t
        scale = s0 + (1 - s0) * t
        dx = dx0 * (1 - t)
        dy = dy0 * (1 - t)
    }

    init(lift: Double, scale: Double, dx: Double, dy: Double) {
        (self.lift, self.scale, self.dx, self.dy) = (lift, scale, dx, dy)
    }

    var isOpen: Bool { self == .open }

    /// A book-space point (as the book stands at lift 1, or laid down) on screen.
    func apply(_ p: Point2D) -> Point2D { Point2D(x: scale * p.x + dx, y: scale * p.y + dy) }
}
