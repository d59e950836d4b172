import FixedPoint

extension QuarterTurn {
    /// Where the pixels of `rect` (in a `sourceWidth` x `sourceHeight` image) land after
    /// the turn: the destination clip that a damaged source rectangle needs. The turned
    /// corner pixels of `rect`, through the turn's one table (`map`), span it.
    public func turnedRect(_ rect: PixelRect, sourceWidth sw: Int, sourceHeight sh: Int) -> PixelRect {
        guard !rect.isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let m = map(sourceWidth: sw, sourceHeight: sh)
        let a = m.apply(x: rect.x, y: rect.y), b = m.apply(x: rect.maxX - 1, y: rect.maxY - 1)
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return PixelRect(x: x0, y: y0, width: max(a.x, b.x) - x0 + 1, height: max(a.y, b.y) - y0 + 1)
    }
}
