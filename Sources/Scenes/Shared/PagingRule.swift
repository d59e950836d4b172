/// The paging both the home screen's pages and the book's leaves follow (UIScrollView's
/// `isPagingEnabled`, as the articles use it): a drag moves the page position by the
/// finger's travel over the screen width, held to a third of it beyond the first and
/// last page; a release goes to the next page in the direction of the fling when it is
/// faster than `flingSpeed`, else to the nearest, never more than one page from where the
/// drag began.
enum PagingRule {
    /// The fling speed past which a release goes on to the next page, points/s.
    static let flingSpeed = 300.0
    /// The fraction of the finger's travel the pages follow beyond the first and last page.
    static let rubberBand = 1.0 / 3

    /// The page position during a drag that started at `start` and has travelled
    /// `travel` points (positive: the finger moved right, towards earlier pages), over a
    /// screen `width` points wide, with pages `first...last`.
    static func dragged(start: Double, travel: Double, width: Double, first: Double, last: Double) -> Double {
        let v = start - travel / width
        if v < first { return first + (v - first) * rubberBand }
        if v > last { return last + (v - last) * rubberBand }
        return v
    }

    /// The page a release at position `value` with `velocity` points/s (along x: negative
    /// turns forward) settles on, for a drag that began on page `from`, with pages
    /// `first...last`.
    static func settled(value v: Double, velocity: Double, from: Double, first: Double, last: Double) -> Double {
        var target: Double
        if velocity <= -flingSpeed {
            target = v.rounded(.down) + 1
        } else if velocity >= flingSpeed {
            target = v.rounded(.up) - 1
        } else {
            target = v.rounded()
        }
        target = Swift.min(Swift.max(target, from - 1), from + 1)
        return Swift.min(Swift.max(target, first), last)
    }
}
