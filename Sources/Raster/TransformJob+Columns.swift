import FixedPoint

/// Projective draws whose source column depends on the destination column alone: a
/// picture turned about a vertical axis in perspective (a book's page about its spine,
/// a card flipping about its vertical centre line). There the destination-to-source
/// matrix has m01 = m21 = 0: uh and wh do not change down a column, so a column's
/// source position u, its w and 1 / w are worked out once for the whole draw, not once
/// a pixel, and each pixel is left one quotient to make (v = vh / w, with the column's
/// reciprocal and an exact remainder check: `QuotientEstimate`). The same bytes as the
/// reference: the same quotients, the same samples, the same blend.
extension TransformJob {
    /// Whether `t` is one `columns` can draw.
    static func hasSteadyColumns(_ t: HomogeneousStepper) -> Bool {
        !t.isAffine && t.m.1 == 0 && t.m.7 == 0
    }

    /// Columns worked out at a time: the table lives on the stack (24 bytes a column;
    /// `withUnsafeTemporaryAllocation` puts 1024 bytes or less there, more on the heap).
    static let columnChunk = 42

    /// One destination column's part of every pixel's source position: u (Q16.16, the
    /// exact truncated quotient; `Int64.min` when no pixel of the column can show the
    /// source), w and 1 / w.
    struct Column {
        var u: Int64
        var w: Int64
        var reciprocal: Double
    }

    /// Draws `rect` of `target` (rows of `UInt32`, `rowPitch` elements apart) through `t`,
    /// which `hasSteadyColumns`, bilinear: the bytes `referenceRow` writes on each row.
    func columns(
        into target: UnsafeMutablePointer<UInt32>, rowPitch: Int, x0: Int, x1: Int, y0: Int, y1: Int,
        _ t: HomogeneousStepper
    ) {
        withUnsafeTemporaryAllocation(of: Column.self, capacity: Self.columnChunk) { table in
            var c0 = x0
            while c0 < x1 {
                let c1 = Swift.min(c0 &+ Self.columnChunk, x1)
                // The columns whose u can touch the source, [first, last).
                var first = c1, last = c0
                for x in c0..<c1 {
                    let (uh, _, wh) = t.at(x, y0)
                    var u = Int64.min
                    if wh > 0, uh.magnitude < Self.projectiveLimit {
                        let q = (uh << 16) / wh
                        if q > -0x8000 && q < Int64(src.width) << 16 + 0x8000 { u = q }
                    }
                    table[x &- c0] = Column(u: u, w: wh, reciprocal: wh > 0 ? 1 / Double(wh) : 0)
                    if u != Int64.min {
                        first = Swift.min(first, x)
                        last = x &+ 1
                    }
                }
                if first < last {
                    let part = UnsafeBufferPointer(rebasing: table[(first &- c0)..<(last &- c0)])
                    for y in y0..<y1 {
                        let (_, vh, _) = t.at(first, y)
                        let d = target + (y &* rowPitch &+ first)
                        switch (src.alphaMask == 0, opacity == 255) {
                        case (true, true): columnsRow(d, part, vh: vh, dv: t.m.3, opaqueSource: false, fade: false)
                        case (false, true): columnsRow(d, part, vh: vh, dv: t.m.3, opaqueSource: true, fade: false)
                        case (true, false): columnsRow(d, part, vh: vh, dv: t.m.3, opaqueSource: false, fade: true)
                        case (false, false): columnsRow(d, part, vh: vh, dv: t.m.3, opaqueSource: true, fade: true)
                        }
                    }
                }
                c0 = c1
            }
        }
    }

    /// One row's pixels over `columns`, from `p` on: vh at the first, stepping by `dv`.
    /// Two pixels at a time through the pair sampler while both footprints lie inside the
    /// source; one at a time, edges checked, otherwise.
    @inline(__always)
    func columnsRow(
        _ p: UnsafeMutablePointer<UInt32>, _ columns: UnsafeBufferPointer<Column>, vh: Int64, dv: Int64,
        opaqueSource: Bool, fade: Bool
    ) {
        let pair = PairSampler(src, opacity: opacity)
        let innerW = UInt(bitPattern: src.width &- 1) << 16, innerH = UInt(bitPattern: src.height &- 1) << 16
        var vh = vh
        var i = 0
        let n = columns.count
        /// The position of pixel `i` (vh its vh), or nil where it can't show the source.
        @inline(__always) func position(_ i: Int, _ vh: Int64) -> (Int64, Int64)? {
            let c = columns[i]
            guard c.u != Int64.min, vh.magnitude < Self.projectiveLimit,
                let v = QuotientEstimate.truncated(vh << 16, c.w, reciprocal: c.reciprocal),
                v > -0x8000 && v < Int64(src.height) << 16 + 0x8000
            else { return nil }
            return (c.u, v)
        }
        /// Whether a footprint at (u, v) lies inside the source (its 2x2 pixels).
        @inline(__always) func inside(_ u: Int64, _ v: Int64) -> Bool {
            UInt(bitPattern: Int(truncatingIfNeeded: u &- 0x8000)) < innerW
                && UInt(bitPattern: Int(truncatingIfNeeded: v &- 0x8000)) < innerH
        }
        while i < n {
            let a = position(i, vh)
            if i &+ 1 < n, let (ua, va) = a, inside(ua, va), let (ub, vb) = position(i &+ 1, vh &+ dv), inside(ub, vb) {
                pair.drawInside(
                    ua &- 0x8000, va &- 0x8000, ub &- 0x8000, vb &- 0x8000, into: p + i, opaqueSource: opaqueSource,
                    fade: fade)
                vh = vh &+ dv &+ dv
                i &+= 2
                continue
            }
            if let (u, v) = a { singleBilinearOver(u, v, p + i) }
            vh &+= dv
            i &+= 1
        }
    }
}
