import Compositor
import Input
import Motion
import Show

/// A book as a plain screen (issue 7 brings the page turns): the cover and then the
/// pages side by side on a strip, one per screen width, each aspect-fitted in the
/// content area; the one shown is centred. A swipe left shows the next, a swipe right
/// the previous (a 0.3 s ease-out slide of the strip); the bar's right end shows
/// "page / count" (the cover is 1).
///
/// Pictures are resampled only for the pictures on screen and their neighbours (a book
/// may have many large pages).
final class BookScreen: PlainScreen {
    /// The cover, then the pages.
    let pictures: [AssetPath]
    /// Touches in the content area: the swipes' target.
    let pager: Layer
    /// The strip of pictures, moved by `index * pitch`.
    let strip: Layer
    private var pages: [Layer?]
    let pageLabel: Layer
    /// The picture shown (or being slid to), 0 = the cover.
    private(set) var index = 0
    private var slide = ShowSlide.resting(at: 0)
    /// The page the label shows (it is set again only when the page changes).
    private var labelIndex = -1

    /// The distance between neighbouring pictures on the strip: one screen width.
    static func pitch(_ m: ScreenMetrics) -> Double { m.width }

    /// Where a swipe over the pictures starts and ends: across the middle 60% of the
    /// content area, at its vertical centre (leftwards for `forward`).
    static func swipe(forward: Bool, metrics m: ScreenMetrics) -> (from: Point2D, to: Point2D) {
        let c = m.content
        let a = Point2D(x: (c.minX + c.width * 0.8).rounded(), y: c.centre.y.rounded())
        let b = Point2D(x: (c.minX + c.width * 0.2).rounded(), y: c.centre.y.rounded())
        return forward ? (a, b) : (b, a)
    }

    init(id: String, context: ShowScreenContext, index: Int = 0) {
        let book = context.show.book(id: id)
        pictures = book.map { [$0.cover] + $0.pages } ?? []
        let m = context.metrics
        pager = Layer(name: "book.pager", frame: m.content)
        strip = Layer(name: "book.strip", frame: Rect2D(x: 0, y: 0, width: m.content.width, height: m.content.height))
        strip.allowsHitTesting = false
        pages = Array(repeating: nil, count: pictures.count)
        pageLabel = PlainScreen.label(
            "book.page", "", frame: m.barTrailingText,
            TextAttributes(size: m.barFontSize, color: ScreenColors.tileTitle, alignment: .trailing, maxLines: 1))
        super.init(target: .book(id), title: book?.title ?? "book:\(id)", context: context)
        self.index = Swift.max(0, Swift.min(index, pictures.count - 1))
        slide = .resting(at: Double(self.index))
        pager.addSublayer(strip)
        layer.addSublayer(pager)
        layer.addSublayer(pageLabel)
        let now = context.now
        let accepts = context.accepts
        bind(
            SwipeRecognizer(directions: .horizontal) { [unowned self] swipe in
                guard accepts(now()) else { return }
                self.turn(by: swipe.direction == .left ? 1 : -1, now: now())
            }, to: pager)
        update(time: context.now())
    }

    /// Shows the picture `delta` places on (clamped to the book), sliding from where
    /// the strip is at `now`; the slide starts at the next update.
    func turn(by delta: Int, now: Double) {
        let target = Swift.max(0, Swift.min(index + delta, pictures.count - 1))
        guard target != index else { return }
        index = target
        slide.curve = .easeOut
        slide.duration = ShowSlide.standardDuration
        slide.retarget(Double(target), valueAt: now, startingAt: nil)
    }

    override func update(time: Double) {
        let at = slide.value(at: time)
        let pitch = Self.pitch(metrics)
        strip.position = Point2D(x: (strip.bounds.width / 2 - at * pitch).rounded(), y: strip.bounds.height / 2)
        let low = Int(Swift.min(slide.from, slide.to).rounded(.down)) - 1
        let high = Int(Swift.max(slide.from, slide.to).rounded(.up)) + 1
        for i in Swift.max(0, low)...Swift.max(0, Swift.min(high, pictures.count - 1)) where i < pictures.count {
            if pages[i] == nil { pages[i] = makePage(i) }
        }
        if labelIndex != index, !pictures.isEmpty {
            labelIndex = index
            pageLabel.contents = .text(
                "\(index + 1) / \(pictures.count)",
                TextAttributes(
                    size: metrics.barFontSize, color: ScreenColors.tileTitle, alignment: .trailing, maxLines: 1))
        }
    }

    override func isMoving(at time: Double) -> Bool { slide.isMoving(at: time) }

    private func makePage(_ i: Int) -> Layer {
        let c = metrics.content
        let slot = Rect2D(x: Double(i) * Self.pitch(metrics), y: 0, width: c.width, height: c.height)
        let page = context.pictures.layer(name: "book.page\(i)", path: pictures[i], fit: slot)
        page.allowsHitTesting = false
        strip.addSublayer(page)
        return page
    }
}
