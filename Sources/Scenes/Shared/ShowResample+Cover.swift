import Raster

extension ShowResample {
    /// The `width` x `height` pixels from (`x`, `y`) of `source` resampled to
    /// `fillWidth` x `fillHeight`: what a picture covering a screen shows (home's
    /// wallpaper, the launch's background), the same pixels as that part of
    /// `resample(source, width: fillWidth, height: fillHeight)`, made without it.
    ///
    /// Only the part that shows is resampled: the window is clamped into the fill, the
    /// source columns and rows the window's pixels read (one more each side for the
    /// bilinear step, whole halving blocks) are cut out first (a view, no copy), halved
    /// as the whole picture would be, and sampled at the positions the whole resample's
    /// pixels have. So no intermediate is larger than the part of the picture that shows:
    /// a 69x1 wallpaper covering 800x480 fills 33120x480, more than a surface may be
    /// (`Surface.maxSide`), and draws from the 2x1 pixels of it that show.
    ///
    /// - Returns: a `width` x `height` surface (sides at least 1, at most the fill's);
    ///   `source` itself when it is not 32-bit, or when the memory for the result is
    ///   refused (the layer then stretches it, and the kiosk goes on).
    static func cover(
        _ source: Surface, fillWidth: Int, fillHeight: Int, x: Int, y: Int, width: Int, height: Int
    ) -> Surface {
        guard source.format.bytesPerPixel == 4 else { return source }
        let fw = Swift.max(1, fillWidth), fh = Swift.max(1, fillHeight)
        let w = Swift.min(Swift.max(1, width), fw), h = Swift.min(Swift.max(1, height), fh)
        let x0 = Swift.min(Swift.max(0, x), fw - w), y0 = Swift.min(Swift.max(0, y), fh - h)

        // The halvings `resample` makes on the whole picture, in order, and its size then.
        var steps: [(x: Bool, y: Bool)] = []
        var (hw, hh) = (source.width, source.height)
        var (kx, ky) = (0, 0)
        while hw >= 2 * fw || hh >= 2 * fh {
            let step = (x: hw >= 2 * fw, y: hh >= 2 * fh)
            if step.x { (hw, kx) = ((hw + 1) / 2, kx + 1) }
            if step.y { (hh, ky) = ((hh + 1) / 2, ky + 1) }
            steps.append(step)
        }
        let window = Window(
            fullWidth: hw, fullHeight: hh, originX: 0, originY: 0, targetWidth: fw, targetHeight: fh, x: x0, y: y0,
            width: w, height: h)
        let (columns, rows) = (window.columns, window.rows)
        // The source's part those halved columns and rows come from: whole blocks of 2^k
        // pixels from a multiple of 2^k, so each halving pairs the pixels it pairs in the
        // whole picture (an odd last one, averaged with itself, only at the picture's edge).
        let sx0 = columns.lowerBound << kx, sx1 = Swift.min((columns.upperBound + 1) << kx, source.width)
        let sy0 = rows.lowerBound << ky, sy1 = Swift.min((rows.upperBound + 1) << ky, source.height)
        let offset = sy0 * source.stride + sx0 * 4
        // In bounds by construction: rows and columns lie inside the picture.
        let part = try! Surface(
            borrowing: source.baseAddress + offset, byteCount: source.stride * source.height - offset,
            width: sx1 - sx0, height: sy1 - sy0, stride: source.stride, format: source.format)
        return withExtendedLifetime(source) { () -> Surface in
            var s = part
            for step in steps {
                guard let half = halve(s, x: step.x, y: step.y) else { return source }
                s = half
            }
            var inPart = window
            (inPart.originX, inPart.originY) = (columns.lowerBound, rows.lowerBound)
            return bilinear(s, inPart) ?? source
        }
    }
}
