import Raster

/// What is drawn where a picture could not be loaded (Authoring a show: a missing or corrupt
/// asset never stops the show): mid grey with a darker 2-pixel border and a diagonal
/// cross from corner to corner. Obviously not content on any screen, the same every
/// time, and cheap: drawn once, then cached like a picture.
public enum Placeholder {
    /// The fill: opaque mid grey.
    public static let background: UInt32 = 0xff80_8080
    /// The border and the cross: opaque dark grey.
    public static let ink: UInt32 = 0xff50_5050
    /// Border width, in pixels.
    public static let borderWidth = 2

    /// A new opaque `.xrgb8888` placeholder of `width` x `height` pixels, each clamped
    /// into 1 ... 32768 (a `Surface`'s range): the caller is drawing a fallback, and a
    /// zero-sized frame must not become a second failure.
    public static func surface(width: Int, height: Int) -> Surface {
        let w = min(max(width, 1), 1 << 15), h = min(max(height, 1), 1 << 15)
        let s = try! Surface(width: w, height: h, format: .xrgb8888)  // size clamped above
        draw(into: s, rect: s.bounds)
        return s
    }

    /// Draws the placeholder into `rect` of `surface` (any format; clipped to its
    /// bounds), as if `rect` were the whole picture: the border runs along `rect`'s edges
    /// and the cross joins its corners.
    public static func draw(into surface: Surface, rect: PixelRect) {
        let clip = rect.intersection(surface.bounds)
        guard !clip.isEmpty else { return }
        surface.fill(background, clip: clip)

        let w = rect.width, h = rect.height
        // The cross: pixels whose centre lies less than 1 px from a diagonal, so lines 2 px
        // wide measured across (3 pixels a row at 45 degrees). For the diagonal from (0, 0) to (w, h) and a centre (x + 1/2, y + 1/2):
        // distance = |h(2x+1) - w(2y+1)| / (2 sqrt(w^2 + h^2)) < 1, squared to stay in
        // integers. On a row the pixels that pass are consecutive: found by a scan
        // around where the line crosses the row, and filled as one run.
        let limit = 4 * (w * w + h * h)
        let reach = Int(Double(limit).squareRoot()) / (2 * h) + 2  // how far a run spreads from its centre
        for y in 0..<h {
            let c = w * (2 * y + 1)
            let centre = c / (2 * h)
            for antiDiagonal in [false, true] {
                var first = Int.max, last = Int.min
                for x in max(0, centre - reach)...min(w - 1, centre + reach) {
                    let d = h * (2 * x + 1) - c
                    if d * d < limit {
                        first = min(first, x)
                        last = max(last, x)
                    }
                }
                guard first <= last else { continue }
                // The anti-diagonal is the mirror image: x -> w - 1 - x.
                let x0 = antiDiagonal ? w - 1 - last : first
                let run = PixelRect(x: rect.x + x0, y: rect.y + y, width: last - first + 1, height: 1)
                surface.fill(ink, clip: run.intersection(clip))
            }
        }

        // The border last, over the cross's ends.
        let b = min(borderWidth, w, h)
        for edge in [
            PixelRect(x: rect.x, y: rect.y, width: w, height: b),
            PixelRect(x: rect.x, y: rect.maxY - b, width: w, height: b),
            PixelRect(x: rect.x, y: rect.y, width: b, height: h),
            PixelRect(x: rect.maxX - b, y: rect.y, width: b, height: h),
        ] {
            surface.fill(ink, clip: edge.intersection(clip))
        }
    }
}
