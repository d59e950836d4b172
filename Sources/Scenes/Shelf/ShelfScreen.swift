import Compositor
import FixedPoint
import Input
import Motion
import Raster
import Show

/// The shelf: the show's book covers in one horizontal row laid out by
/// `ShelfLayout`, the cover in the middle largest, under the plain screens' title bar
/// ("‹ Home", "Shelf").
///
/// Touch, on the area below the bar:
/// - Dragging moves the row with the finger (beyond the first and last cover, a third of
///   the finger's travel). On release the row decelerates at `UIScrollView`'s fast rate
///   and rests on the cover `ShelfLayout.restingCover` picks from the release velocity
///   (a flick can pass several covers). The glide (`ShelfGlide`) leaves at the finger's
///   speed and slows smoothly into place on the chosen cover, never bouncing.
/// - A tap on the centred cover, at rest, opens its book. A tap on another cover glides
///   it to the centre (the same decay) and then opens it: one tap opens the book
///   touched, as a kiosk visitor expects. A tap beside the covers does nothing.
/// - A finger going down during a glide catches it, as on `UIScrollView`: the row stops
///   under the finger at once (`TouchDownRecognizer`). Dragging then takes the row from
///   there; lifting without a drag (a tap) only stops the glide, opening nothing, and the
///   row settles on the nearest cover (a glide with no velocity: the article's `round`).
///   A glide bringing a tapped cover to the centre is caught the same way: the book is
///   not opened.
///
/// Opening a book (`openDuration`, ease-in-out; ours, the article's part 2 animates the
/// cover into the book): the tap builds the book screen (`BookScreen(opening:)`) and
/// puts it over the shelf with a clear background; the book draws its own opening
/// (`OpeningPose`): the cover leaves its place on the shelf flat and grows, turns up to
/// 45 degrees about the spine in perspective and lands on the closed book's first frame
/// (p = -1), the leaves under it fanning out and the buttons fading in, while the
/// shelf's other covers, bar and title fade out (the backgrounds are the same colour).
/// At the end the shelf hands that very book screen to the scene
/// (`ShowScreenContext.adopt`): no frame jumps, since the last frame of the opening is
/// the book's first, layer for layer.
///
/// Drawing: each cover has a layer with its picture resampled once at its largest size
/// on the shelf (0.7 of the slot), scaled down by the article's factor while it is
/// within a quarter of the screen width of the centre; from there on (the factor's floor,
/// 0.75) it shows a second picture resampled at that size, unscaled, at whole points:
/// only the one or two covers near the middle are drawn with a bilinear stretch, the
/// others are plain copies, and the resting centred cover is a copy too.
///
/// Warm-up: once the row has rested `warmDelay` on a book, one picture a frame is
/// fetched (nothing on screen changes; `nextChange(after:)` asks the runtime for those
/// frames): what the book's first frame draws (`BookWarmUp`), then both pictures of the
/// covers near it, so that neither the opening nor a scroll from there decodes or
/// resamples anything in its frames.
///
/// Rotation: a scene built again for a new orientation (`resume: "shelf"`) opens on the
/// book that was centred (the scene's `ShowPictures`, which outlives scenes, carries it:
/// `shelfBook`); `ShowScene.resize` keeps it too.
final class ShelfScreen: PlainScreen {
    let layout: ShelfLayout
    /// The books in shelf order: the show's `[[book]]` order.
    let books: [Book]
    /// Takes the pans and taps: the screen below the title bar.
    let pager: Layer
    /// Holds the cover layers.
    let shelf: Layer
    private(set) var covers: [Layer]
    /// The shadow's margin around each cover's picture, points (`CoverDressing`).
    private var margins: [Double]
    /// What each cover layer shows: 0 nothing yet (hidden), 1 the large picture, 2 the small.
    private var shown: [UInt8]
    /// The "no books" text of an empty shelf.
    private(set) var emptyLabel: Layer?

    /// The cover the row rests on, or glides to.
    private(set) var centred: Int
    private var motion: Motion
    /// A cover tapped off-centre: opened when the glide bringing it to the centre ends.
    private var pendingOpen: Int?
    /// Whether the finger down now caught a glide (its tap then opens nothing).
    private var caught = false
    /// The warm-up of the centred book's first frame, run a step a frame once the row
    /// has rested `warmDelay` (`BookWarmUp`).
    private(set) var warmUp: BookWarmUp?
    /// When the row came to rest (seconds); nil while it moves.
    private var restingSince: Double?
    /// The open transition, once started.
    private(set) var opening: Opening?

    /// Where the row is, or how it moves.
    private enum Motion {
        case resting(Double)
        /// A finger down caught a glide: the row holds at this offset until it drags or lifts.
        case held(Double)
        /// A finger drags: the offset when it went down and the finger's x travel since.
        case drag(start: Double, travel: Double)
        /// A glide to a cover (`ShelfGlide`); `start` nil until the next update.
        case glide(ShelfGlide, start: Double?)
    }

    /// A book opening from the shelf.
    struct Opening {
        var book: Int
        /// Seconds; nil until the next update.
        var start: Double?
        /// The cover's rectangle on the shelf when it was tapped, screen points.
        let from: Rect2D
        /// The book screen drawing the opening over the shelf, handed to the scene at the end.
        let screen: BookScreen
        var handedOver = false
    }

    /// Seconds the open transition takes.
    static let openDuration = 0.5
    static let openCurve = TimingCurve.easeInOut
    /// The fraction of the finger's travel the row follows beyond the first and last
    /// cover: the pages' (`PagingRule`).
    static let rubberBand = PagingRule.rubberBand
    /// A glide is over when its speed is under this, points/s (the remaining travel is
    /// then under 0.3 point and the row is set on its cover).
    static let restSpeed = 3.0
    /// Seconds the row rests on a book before its pictures are warmed up: past the
    /// screen transition (0.3 s) that may have brought the shelf in, so that no frame of
    /// a slide or a glide pays for them.
    static let warmDelay = 0.4
    /// Seconds between two warm-up steps (a frame at 60 Hz).
    static let warmStep = 1.0 / 60

    /// - Parameter centring: the book id to start centred on (nil or unknown: the first).
    init(context: ShowScreenContext, centring id: String? = nil) {
        let m = context.metrics
        let books = context.show.books
        self.books = books
        layout = ShelfLayout(
            width: m.width, height: m.height, covers: books.map { context.pictures.size($0.cover) })
        pager = Layer(
            name: "shelf.pager", frame: Rect2D(x: 0, y: m.barHeight, width: m.width, height: m.height - m.barHeight))
        shelf = Layer(name: "shelf.covers", frame: m.screen)
        shelf.allowsHitTesting = false
        covers = books.indices.map { Layer(name: "shelf.cover\($0)", frame: Rect2D(x: 0, y: 0, width: 1, height: 1)) }
        shown = Array(repeating: 0, count: books.count)
        margins = Array(repeating: 0, count: books.count)
        centred = Swift.max(0, id.flatMap { id in books.firstIndex { $0.id == id } } ?? 0)
        motion = .resting(Double(centred) * layout.pitch)
        super.init(target: .shelf, title: context.show.labels.shelf, context: context)
        for c in covers {
            c.isHidden = true
            c.allowsHitTesting = false
            shelf.addSublayer(c)
        }
        layer.addSublayer(shelf)
        layer.addSublayer(pager)
        if books.isEmpty {
            let label = PlainScreen.emptyLabel("shelf.empty", context.show.labels.shelfEmpty, metrics: m)
            layer.addSublayer(label)
            emptyLabel = label
        }
        let now = context.now
        let accepts = context.accepts
        bind(
            TouchDownRecognizer(
                down: { [unowned self] u in if accepts(u.time) { self.touchDown(time: u.time) } },
                up: { [unowned self] _ in self.touchUp() }), to: pager)
        bind(
            PanRecognizer { [unowned self] pan in
                switch pan.state {
                case .began:
                    guard accepts(now()), self.opening == nil, !self.books.isEmpty else { return }
                    self.pendingOpen = nil
                    self.motion = .drag(start: self.offset(at: now()), travel: pan.translation.x)
                case .changed:
                    if case .drag(let s, _) = self.motion { self.motion = .drag(start: s, travel: pan.translation.x) }
                case .ended:
                    self.release(velocity: -pan.velocity.x)
                default:
                    self.release(velocity: 0)
                }
            }, to: pager)
        bind(
            TapRecognizer { [unowned self] tap in
                guard accepts(tap.startTime), !self.caught else { return }
                self.tapped(at: tap.location, now: now())
            }, to: pager)
        remember()
        update(time: context.now())
    }

    /// Puts the row at offset `x` at once, resting (tests, goldens): the cover nearest
    /// the centre counts as centred.
    func scroll(to x: Double) {
        pendingOpen = nil
        motion = .resting(x)
        centred = layout.nearest(offset: x)
        remember()
        update(time: context.now())
    }

    /// The offset at `time` (a glide not started yet: its start).
    func offset(at time: Double) -> Double {
        switch motion {
        case .resting(let x), .held(let x): return x
        case .drag(let start, let travel): return dragOffset(start: start, travel: travel)
        case .glide(let glide, let start):
            guard let start else { return glide.from }
            return glide.position(at: time - start)
        }
    }

    /// Whether the row rests (no finger, no glide) at `time`.
    func isResting(at time: Double) -> Bool {
        switch motion {
        case .resting: return true
        case .held, .drag: return false
        case .glide(let glide, let start): return start.map { glide.isSettled(at: time - $0) } ?? false
        }
    }

    private func dragOffset(start: Double, travel: Double) -> Double {
        let v = start - travel
        if v < 0 { return v * Self.rubberBand }
        if v > layout.maxOffset { return layout.maxOffset + (v - layout.maxOffset) * Self.rubberBand }
        return v
    }

    /// The finger lifted with `velocity` (the offset's, points/s): the row glides to the
    /// cover the article's rule picks, starting at the next update at the finger's speed.
    func release(velocity: Double) {
        guard case .drag(let s, let travel) = motion else { return }
        let x = dragOffset(start: s, travel: travel)
        let v = Swift.abs(velocity) < ShelfLayout.stillSpeed || !velocity.isFinite ? 0 : velocity
        glide(from: x, to: layout.restingCover(offset: x, velocity: v), velocity: v)
    }

    /// A finger went down on the row at `time` (seconds): a glide (or the glide bringing a
    /// tapped cover to the centre) stops where it is at that time, and the finger's tap
    /// will open nothing.
    private func touchDown(time: Double) {
        caught = false
        guard opening == nil, case .glide(_, let start) = motion, !isResting(at: time) else { return }
        let x = start == nil ? offset(at: time) : offset(at: Swift.max(time, start!))
        motion = .held(x)
        pendingOpen = nil
        caught = true
    }

    /// The finger lifted (or was cancelled) with no drag after catching a glide: the row
    /// settles on the nearest cover.
    private func touchUp() {
        guard case .held(let x) = motion else { return }
        glide(from: x, to: layout.nearest(offset: x))
    }

    /// Glides from `x` to cover `i`, starting at the next update; `velocity` is the
    /// finger's at release (points/s of offset; 0: none).
    private func glide(from x: Double, to i: Int, velocity: Double = 0) {
        centred = i
        let target = layout.offset(centring: i)
        motion = .glide(ShelfGlide(from: x, to: target, velocity: velocity, restSpeed: Self.restSpeed), start: nil)
        remember()
    }

    /// A tap at `point` (screen points): opens the centred cover at rest, brings another
    /// to the centre and opens it there.
    func tapped(at point: Point2D, now: Double) {
        guard opening == nil, let i = layout.cover(at: point, offset: offset(at: now)) else { return }
        if i == centred && isResting(at: now) {
            beginOpening(i)
        } else {
            if i != centred || !isGliding { glide(from: offset(at: now), to: i) }
            pendingOpen = i
        }
    }

    private var isGliding: Bool { if case .glide = motion { return true } else { return false } }

    /// The book being opened, if any (its id).
    var openingBook: String? { opening.map { books[$0.book].id } }

    /// Starts opening book `i`: builds its book screen over the shelf, in the opening's
    /// first pose (the cover where the shelf drew it); it moves from the next update.
    private func beginOpening(_ i: Int) {
        pendingOpen = nil
        let from = shownFrame(i)
        let book = BookScreen(id: books[i].id, context: context, back: .shelf, opening: from)
        layer.addSublayer(book.layer)
        // The cover lifts off the shelf as the book: its shadow alone stays where it lay
        // and fades with the shelf (the picture, left there, would show twice).
        let c = covers[i]
        if let shadow = CoverDressing.shadow(
            width: Int(c.bounds.width - 2 * margins[i]), height: Int(c.bounds.height - 2 * margins[i]))
        {
            c.contents = .image(shadow)
            shown[i] = 0
        } else {
            c.isHidden = true
        }
        opening = Opening(book: i, start: nil, from: from, screen: book)
    }

    /// Cover `i`'s rectangle on screen as drawn now: its frame less the shadow's
    /// margin, scaled about its centre.
    func shownFrame(_ i: Int) -> Rect2D {
        let f = covers[i].frame
        let s = covers[i].transform.m11
        let (w, h) = (f.width - 2 * margins[i], f.height - 2 * margins[i])
        return Rect2D(x: f.centre.x - w * s / 2, y: f.centre.y - h * s / 2, width: w * s, height: h * s)
    }

    /// The shelf's part of the opening at progress `p` (0...1): everything but the book
    /// fades out, the other covers over the whole opening, the opening one's shadow (all
    /// that is left of it on the shelf) and the bar (its title, back
    /// control and menu button) over its first half, so that it is gone before the book's
    /// bar fades in (`BookScreen.chromeOpacity`): the two bars never show at once.
    private func fade(_ o: Opening, progress p: Double) {
        let chrome = Swift.max(0, 1 - 2 * p)
        for (k, cover) in covers.enumerated() { cover.opacity = k == o.book ? chrome : 1 - p }
        for l in layer.sublayers where l !== shelf && l !== pager && l !== o.screen.layer { l.opacity = chrome }
    }

    /// Keeps the centred book for a scene built again (a turn).
    private func remember() {
        if centred < books.count { context.pictures.shelfBook = books[centred].id }
    }

    override func update(time: Double) {
        if case .glide(let g, nil) = motion { motion = .glide(g, start: time) }
        if case .glide(let g, let start?) = motion, g.isSettled(at: time - start) {
            motion = .resting(g.target)
        }
        if let i = pendingOpen, case .resting = motion, i == centred { beginOpening(i) }
        warm(time: time)
        let x = offset(at: time).rounded()
        lastOffset = x
        if var o = opening {
            if o.start == nil { o.start = time }
            let t = (time - o.start!) / Self.openDuration
            let p = t >= 1 ? 1 : Self.openCurve.value(at: Swift.max(0, t))
            fade(o, progress: p)
            o.screen.setOpening(progress: p)
            o.screen.update(time: time)
            if p >= 1 && !o.handedOver {
                o.handedOver = true
                opening = o
                context.adopt(o.screen)
                return
            }
            opening = o
            return
        }
        let visible = layout.visible(offset: x)
        for i in covers.indices {
            guard visible.contains(i) else {
                if shown[i] != 0 && !covers[i].isHidden { covers[i].isHidden = true }
                continue
            }
            set(cover: i, offset: x)
        }
    }

    /// While the row rests on a book with nothing else to do, fetches one more picture a
    /// frame once `warmDelay` has passed: that book's first frame (opening it then
    /// fetches nothing: each fetch, a decode or a resample, takes a frame's time or more, a
    /// missed frame when done during the opening), then both pictures of the covers
    /// near it (a scroll then resamples none). Nothing
    /// on screen changes; the runtime calls back through `nextChange(after:)`.
    private func warm(time: Double) {
        guard case .resting = motion, opening == nil, pendingOpen == nil, centred < books.count else {
            restingSince = nil
            return
        }
        if restingSince == nil { restingSince = time }
        // Nothing is made before the delay: the frame a glide lands in draws, and pays
        // for nothing else (the warm-up's lists are made in a frame that changes nothing).
        guard time >= restingSince! + Self.warmDelay else { return }
        let id = books[centred].id
        if warmUp?.id != id {
            let m = context.metrics
            warmUp = BookWarmUp(id: id, show: context.show, pictures: context.pictures, width: m.width, height: m.height)
            let near = (0...Self.warmCovers).flatMap { d in Set([centred - d, centred + d]).sorted() }
                .filter { $0 >= 0 && $0 < books.count }
            coversToWarm = near.flatMap { [($0, false), ($0, true)] }.reversed()
        }
        if let w = warmUp, !w.isDone {
            w.step()
        } else if let (i, small) = coversToWarm.popLast() {
            _ = coverPicture(i, small: small)
        }
    }

    /// The cover pictures a scroll from the centred cover would fetch first (both sizes
    /// of the covers within `warmCovers` of it, nearest last: popped first), not yet
    /// warmed; set anew when the centred book's warm-up starts.
    private var coversToWarm: [(Int, Bool)] = []
    /// How many covers each side of the centred one the warm-up fetches both pictures of.
    static let warmCovers = 3

    /// Between frames: while a book opens, that book's pictures ahead (its first
    /// pages); otherwise one cover picture a scroll would show next, in either size
    /// (`aheadCovers`): the covers on screen and one more each side, nearest first. So a
    /// scroll's frames find the covers coming into view, and growing or shrinking
    /// through the middle, made.
    override func prepareAhead() -> Bool {
        if let o = opening { return o.screen.prepareAhead() }
        let visible = layout.visible(offset: lastOffset)
        guard !visible.isEmpty else { return false }
        let window = Swift.max(0, visible.lowerBound - 1)..<Swift.min(books.count, visible.upperBound + 1)
        // Let go of what is no longer near (back to the cache, which may drop it).
        for key in aheadCovers.keys where !window.contains(key / 2) { aheadCovers[key] = nil }
        var order = Array(visible)
        if window.lowerBound < visible.lowerBound { order.append(window.lowerBound) }
        if window.upperBound > visible.upperBound { order.append(window.upperBound - 1) }
        for i in order {
            for small in [false, true] {
                let key = 2 * i + (small ? 1 : 0)
                guard aheadCovers[key] == nil else { continue }
                aheadCovers[key] = coverPicture(i, small: small)
                return true
            }
        }
        return false
    }

    /// Cover pictures fetched between frames (`prepareAhead()`), by cover index times 2,
    /// plus 1 for the small size: held here, so that the show's picture cache cannot let
    /// them go before the scroll shows them.
    private var aheadCovers: [Int: Surface] = [:]
    /// The whole-point offset of the last update.
    private var lastOffset = 0.0

    override func nextChange(after time: Double) -> Double? {
        guard let since = restingSince, opening == nil else { return nil }
        // The centred book's warm-up not begun yet (it begins after the delay), or not done.
        let begun = centred < books.count && warmUp?.id == books[centred].id
        guard !begun || !(warmUp?.isDone ?? true) || !coversToWarm.isEmpty else { return nil }
        return Swift.max(since + Self.warmDelay, time + Self.warmStep)
    }

    /// Cover `i`'s picture size, whole points: 0.7 of its slot, or (`small`) that times
    /// the factor's floor.
    private func coverSize(_ i: Int, small: Bool) -> (Double, Double) {
        let slot = layout.slots[i]
        let s = small ? ShelfLayout.baseScale * ShelfLayout.minimumFactor : ShelfLayout.baseScale
        return (Swift.max(1, (slot.width * s).rounded()), Swift.max(1, (slot.height * s).rounded()))
    }

    /// Cover `i`'s picture at that size, dressed: its corners rounded, on a soft shadow,
    /// laid on the shelf's background (`CoverDressing`; made once, kept by
    /// `ShowPictures`): opaque, so a cover at rest is still a copy. Covers never overlap
    /// (their margins included), so the background under each is the plain one.
    private func coverPicture(_ i: Int, small: Bool) -> Surface {
        let (w, h) = coverSize(i, small: small)
        return context.pictures.picture(
            books[i].cover, width: Int(w), height: Int(h), dressing: .shadowed(on: ScreenColors.background))
    }

    /// Places cover `i` for the (whole-point) offset `x`.
    private func set(cover i: Int, offset x: Double) {
        let c = covers[i]
        let factor = layout.scale(i, offset: x) / ShelfLayout.baseScale
        let centre = layout.centre(i, offset: x)
        let small = factor <= ShelfLayout.minimumFactor
        let (w, h) = coverSize(i, small: small)
        let want: UInt8 = small ? 2 : 1
        if shown[i] != want {
            shown[i] = want
            let picture = coverPicture(i, small: small)
            c.contents = .image(picture)
            margins[i] = Double(picture.width - Int(w)) / 2
        }
        c.isHidden = false
        let m = margins[i]
        c.frame = Rect2D(
            x: (centre.x - w / 2).rounded() - m, y: (centre.y - h / 2).rounded() - m, width: w + 2 * m, height: h + 2 * m)
        c.transform = small || factor >= 1 ? .identity : .scale(x: factor, y: factor)
    }

    override func isMoving(at time: Double) -> Bool {
        if let o = opening { return !o.handedOver }
        if pendingOpen != nil { return true }
        switch motion {
        case .resting, .held: return false
        case .drag: return true
        case .glide(let d, let start): return start.map { !d.isSettled(at: time - $0) } ?? true
        }
    }
}
