import FixedPoint
import Glibc

/// Projective draws whose source column depends on the destination column alone: a
/// picture turned about a vertical axis in perspective (a book's page about its spine,
/// a card flipping about its vertical centre line). There the destination-to-source
/// matrix has m01 = m21 = 0: uh and wh do not change down a column, so a column's
/// source position u and its w are worked out once for the whole draw, and down the
/// column v = trunc((vh << 16) / w) is stepped exactly: vh grows by m11 a row, so the
/// quotient and remainder of vh << 16 by w grow by those of m11 << 16 (a carry when the
/// remainder passes w), with no division and no estimate. The draw goes down a pair of
/// columns at a time, `rowBlock` rows, with both columns' state in registers, then the
/// next pair of the chunk, so that the chunk's destination and source lines stay in the
/// first-level cache. The same bytes as the reference: the same quotients, the same
/// samples, the same blend.
///
/// A small source whose rows are all the same (a horizontal gradient: the book's shadow
/// bands) samples the same colour all down a column wherever the footprint lies inside
/// it vertically (the top and bottom pixels of the footprint are equal, so the vertical
/// weight drops out exactly): that colour is worked out once a column and composited
/// down it, and only the column's top and bottom edge pixels are sampled.
extension TransformJob {
    /// Whether `t` is one `columns` can draw.
    static func hasSteadyColumns(_ t: HomogeneousStepper) -> Bool {
        !t.isAffine && t.m.1 == 0 && t.m.7 == 0
    }

    /// Columns worked out at a time: a 64-byte line of destination pixels. The table
    /// lives on the stack (64 bytes a column; `withUnsafeTemporaryAllocation` puts 1024
    /// bytes or less there, more on the heap).
    static let columnChunk = 16

    /// The largest source (pixels) checked for repeating rows: the check reads it all
    /// on every draw (a `memcmp` a row: 64 KiB at most).
    static let repeatingRowsLimit = 16384

    /// Whether every row of the source has row 0's bytes (checked for sources of
    /// `repeatingRowsLimit` pixels or fewer, and two rows or more).
    static func rowsRepeat(_ src: SampleSource) -> Bool {
        guard src.height >= 2, src.width &* src.height <= repeatingRowsLimit else { return false }
        let bytes = src.width &* 4
        for y in 1..<src.height where memcmp(src.base, src.base + y &* src.rowPitch, bytes) != 0 { return false }
        return true
    }

    /// Rows drawn down a column pair before the next pair of the chunk: 32 rows of a
    /// chunk are 2-4 KiB of destination and about twice that of source.
    static let rowBlock = 32

    /// One destination column: its source u and w for the whole draw, and v's exact
    /// quotient state at the next row to draw.
    struct Column {
        /// Q16.16, the exact truncated quotient (uh << 16) / w; `Int64.min` when no pixel
        /// of the column can show the source.
        var u: Int64
        var w: Int64
        /// vh << 16 = q w + r with 0 <= r < w (the floored quotient), at the next row.
        var q: Int64
        var r: Int64
        /// One row's step: m11 << 16 = dq w + dr, 0 <= dr < w.
        var dq: Int64
        var dr: Int64
        /// For a source whose rows repeat: the column's sample where its footprint lies
        /// inside the source vertically, scaled by the draw's opacity (0: nothing drawn).
        var colour: UInt32
        /// The rows, counted from the draw's first, where the column's footprint lies
        /// wholly inside the source, [insideFrom, insideTo) (empty when u's two source
        /// columns do not, unless the source's rows repeat): v is monotonic down a
        /// column, so they are one run, solved once from vh.
        var insideFrom: Int32
        var insideTo: Int32

        /// v, Q16.16, from a floored quotient and its remainder: the quotient truncated
        /// toward zero (one more than the floored one when negative and inexact).
        @inline(__always)
        static func truncated(_ q: Int64, _ r: Int64) -> Int64 { q &+ (q < 0 && r != 0 ? 1 : 0) }

        /// Moves q and r `n` rows down at once: r + n dr < (n + 1) w, taken in 128 bits.
        @inline(__always)
        mutating func advance(_ n: Int) {
            let t = Int128(r) + Int128(n) * Int128(dr)
            q &+= Int64(n) &* dq &+ Int64(t / Int128(w))
            r = Int64(t % Int128(w))
        }

        /// `step` without a branch or a flag: given dq + 1 and dr - w, the sum r + dr - w
        /// is negative exactly when there is no carry, and its sign, all ones or zero,
        /// takes the carry back out of q and puts w back into r.
        @inline(__always)
        static func step(_ q: inout Int64, _ r: inout Int64, dqCarry: Int64, drLessW: Int64, w: Int64) {
            let t = r &+ drLessW
            let noCarry = t >> 63
            r = t &+ (w & noCarry)
            q &+= dqCarry &+ noCarry
        }

        /// Moves q and r one row down.
        @inline(__always)
        static func step(_ q: inout Int64, _ r: inout Int64, dq: Int64, dr: Int64, w: Int64) {
            q &+= dq
            r &+= dr
            if r >= w {
                r &-= w
                q &+= 1
            }
        }
    }

    /// Draws `rect` of `target` (rows of `UInt32`, `rowPitch` elements apart) through `t`,
    /// which `hasSteadyColumns`, bilinear: the bytes `referenceRow` writes on each row.
    func columns(
        into target: UnsafeMutablePointer<UInt32>, rowPitch: Int, x0: Int, x1: Int, y0: Int, y1: Int,
        _ t: HomogeneousStepper
    ) {
        guard y0 < y1 else { return }
        let repeating = Self.rowsRepeat(src)
        withUnsafeTemporaryAllocation(of: Column.self, capacity: Self.columnChunk) { table in
            var c0 = x0
            while c0 < x1 {
                let c1 = Swift.min(c0 &+ Self.columnChunk, x1)
                if let (first, last) = prepareColumns(table, c0: c0, c1: c1, y0: y0, y1: y1, repeating: repeating, t) {
                    if first < last {
                        if repeating {
                            repeatingColumns(target, rowPitch, table, c0, first, last, y0, y1)
                        } else {
                            columnBlocks(target, rowPitch, table, c0, first, last, y0, y1)
                        }
                    }
                } else {
                    // Some column's vh passes the range its quotient can be taken in on
                    // some row: those pixels are left out pixel by pixel, as the reference does.
                    for y in y0..<y1 { projectiveRow(target + y &* rowPitch, y: y, x0: c0, x1: c1, t) }
                }
                c0 = c1
            }
        }
    }

    /// Fills `table` for columns [c0, c1) from row y0 on and returns the columns whose u
    /// can touch the source, [first, last); nil when a column that can touch it has a
    /// vh of `projectiveLimit` or more at either end of [y0, y1) (vh is linear down the
    /// column, so in between it is within the limit when both ends are). With
    /// `repeating` (the source's rows repeat) each column's `colour` is its sample at
    /// the first inside row.
    private func prepareColumns(
        _ table: UnsafeMutableBufferPointer<Column>, c0: Int, c1: Int, y0: Int, y1: Int, repeating: Bool,
        _ t: HomogeneousStepper
    ) -> (Int, Int)? {
        let innerW = UInt(bitPattern: src.width &- 1) << 16, innerH = UInt(bitPattern: src.height &- 1) << 16
        let step = Int128(t.m.4) << 16
        var first = c1, last = c0
        for x in c0..<c1 {
            let (uh, vh, wh) = t.at(x, y0)
            var column = Column(
                u: Int64.min, w: wh, q: 0, r: 0, dq: 0, dr: 0, colour: 0, insideFrom: 0, insideTo: 0)
            if wh > 0, uh.magnitude < Self.projectiveLimit {
                let u = (uh << 16) / wh
                if u > -0x8000 && u < Int64(src.width) << 16 + 0x8000 {
                    let vhEnd = Int128(vh) + Int128(t.m.4) * Int128(y1 &- 1 &- y0)
                    guard vh.magnitude < Self.projectiveLimit, vhEnd.magnitude < Int128(Self.projectiveLimit) else {
                        return nil
                    }
                    let w = Int128(wh), n = Int128(vh) << 16
                    let q = LinearSpan.floorDiv(n, w), dq = LinearSpan.floorDiv(step, w)
                    let (r, dr) = (n - q * w, step - dq * w)
                    // Footprint rows 0 and 1 (v = 1/2: dy 0); any inside row gives the same.
                    let colour = repeating ? scalePremultiplied(src.bilinearSample(u, 0x8000), by: UInt8(opacity)) : 0
                    // u's footprint (its two source columns) inside the source.
                    let uInside = UInt(bitPattern: Int(truncatingIfNeeded: u &- 0x8000)) < innerW
                    // Inside: 1/2 <= v - 1/2 < height - 1/2, that is (w > 0, and v the
                    // truncated quotient) 0x8000 w <= vh << 16 < (0x8000 + innerH) w.
                    // (A source whose rows repeat needs only v's: its colour does not
                    // depend on where the footprint lies across.)
                    var k0: Int64 = 0, k1: Int64 = uInside || repeating ? Int64(y1 &- y0) : 0
                    LinearSpan.restrict(
                        &k0, &k1, start: Int128(vh) << 16, step: step, above: 0x8000 * w - 1,
                        below: (0x8000 + Int128(innerH)) * w)
                    if k0 >= k1 { (k0, k1) = (0, 0) }
                    column = Column(
                        u: u, w: wh, q: Int64(q), r: Int64(r), dq: Int64(dq), dr: Int64(dr),
                        colour: colour, insideFrom: Int32(k0), insideTo: Int32(k1))
                    first = Swift.min(first, x)
                    last = x &+ 1
                }
            }
            table[x &- c0] = column
        }
        return (first, last)
    }

    /// Columns [first, last) of the chunk starting at column `c0`, rows [y0, y1): down
    /// each pair of columns `rowBlock` rows, then the next pair; a column left alone (an
    /// odd count, or its neighbour unable to show the source) goes down by itself.
    private func columnBlocks(
        _ target: UnsafeMutablePointer<UInt32>, _ rowPitch: Int, _ table: UnsafeMutableBufferPointer<Column>,
        _ c0: Int, _ first: Int, _ last: Int, _ y0: Int, _ y1: Int
    ) {
        let opaqueSource = src.alphaMask != 0, fade = opacity != 255
        var ya = y0
        while ya < y1 {
            let yb = Swift.min(ya &+ Self.rowBlock, y1)
            let rows = yb &- ya
            let rowStart = target + ya &* rowPitch
            var x = first
            while x < last {
                let i = x &- c0
                if x &+ 1 < last, table[i].u != Int64.min, table[i &+ 1].u != Int64.min {
                    // Four copies of the loop, each specialized with its flags constant.
                    let (p, a, b) = (rowStart + x, table.baseAddress! + i, table.baseAddress! + (i &+ 1))
                    let k = ya &- y0
                    switch (opaqueSource, fade) {
                    case (false, false): columnPair(PairBlends.Over.self, p, rowPitch, a, b, k, rows: rows)
                    case (true, false): columnPair(PairBlends.Opaque.self, p, rowPitch, a, b, k, rows: rows)
                    case (false, true): columnPair(PairBlends.FadedOver.self, p, rowPitch, a, b, k, rows: rows)
                    case (true, true): columnPair(PairBlends.FadedOpaque.self, p, rowPitch, a, b, k, rows: rows)
                    }
                    x &+= 2
                    continue
                }
                if table[i].u != Int64.min { column(rowStart + x, rowPitch, &table[i], rows: rows) }
                x &+= 1
            }
            ya = yb
        }
    }

    /// Down two neighbouring columns `a` and `b` from `p` (a's pixel) for `rows` rows,
    /// the first `k` rows after the draw's first: where both footprints lie inside the
    /// source (the rows both columns' inside runs share), the pair sampler with no checks;
    /// above and below, each pixel on its own, edges checked. Leaves both columns' state
    /// at the row after.
    private func columnPair<Blend: PairBlend>(
        _: Blend.Type, _ p: UnsafeMutablePointer<UInt32>, _ rowPitch: Int, _ aState: UnsafeMutablePointer<Column>,
        _ bState: UnsafeMutablePointer<Column>, _ k: Int, rows: Int
    ) {
        let (opaqueSource, fade) = (Blend.opaqueSource, Blend.fade)
        let (a, b) = (aState.pointee, bState.pointee)
        // This block's rows: [0, start) and [end, rows) pixel by pixel, [start, end) inside.
        let from = Int(Swift.max(a.insideFrom, b.insideFrom)) &- k, to = Int(Swift.min(a.insideTo, b.insideTo)) &- k
        let start = Swift.min(Swift.max(from, 0), rows)
        let end = from < to ? Swift.max(Swift.min(to, rows), start) : start
        column(p, rowPitch, &aState.pointee, rows: start)
        column(p + 1, rowPitch, &bState.pointee, rows: start)
        // Inside, v >= 1/2: the floored quotient is the truncated one; q is kept less
        // the half pixel the sampler takes off.
        let pair = PairSampler(src, opacity: opacity)
        let (ua0, ub0, wa, wb) = (a.u &- 0x8000, b.u &- 0x8000, a.w, b.w)
        let (dqa1, dqb1, dra0, drb0) = (a.dq &+ 1, b.dq &+ 1, a.dr &- wa, b.dr &- wb)
        var (qa, ra) = (aState.pointee.q &- 0x8000, aState.pointee.r)
        var (qb, rb) = (bState.pointee.q &- 0x8000, bState.pointee.r)
        var q = p + start &* rowPitch
        for _ in start..<end {
            pair.drawInside(ua0, qa, ub0, qb, into: q, opaqueSource: opaqueSource, fade: fade)
            Column.step(&qa, &ra, dqCarry: dqa1, drLessW: dra0, w: wa)
            Column.step(&qb, &rb, dqCarry: dqb1, drLessW: drb0, w: wb)
            q += rowPitch
        }
        (aState.pointee.q, aState.pointee.r) = (qa &+ 0x8000, ra)
        (bState.pointee.q, bState.pointee.r) = (qb &+ 0x8000, rb)
        column(q, rowPitch, &aState.pointee, rows: rows &- end)
        column(q + 1, rowPitch, &bState.pointee, rows: rows &- end)
    }

    /// Columns [first, last) of the chunk starting at column `c0`, rows [y0, y1), of a
    /// source whose rows repeat: the rows on which every one of them composites its
    /// colour (the run their inside runs share) row by row, the chunk's colours OVER each
    /// row two pixels at a time in 16-bit lanes, the columns' states jumping over them;
    /// the rows above and below column by column (`repeatingColumn`).
    private func repeatingColumns(
        _ target: UnsafeMutablePointer<UInt32>, _ rowPitch: Int, _ table: UnsafeMutableBufferPointer<Column>,
        _ c0: Int, _ first: Int, _ last: Int, _ y0: Int, _ y1: Int
    ) {
        let rows = y1 &- y0
        var from = 0, to = rows
        for x in first..<last {
            let c = table[x &- c0]
            if c.u == Int64.min { (from, to) = (0, 0) } else {
                from = Swift.max(from, Int(c.insideFrom))
                to = Swift.min(to, Int(c.insideTo))
            }
        }
        if from >= to { (from, to) = (0, 0) }
        let top = target + y0 &* rowPitch
        @inline(__always) func eachColumn(_ k: Int, _ n: Int) {
            guard n > 0 else { return }
            for x in first..<last where table[x &- c0].u != Int64.min {
                repeatingColumn(top + k &* rowPitch + x, rowPitch, table.baseAddress! + (x &- c0), k, rows: n)
            }
        }
        eachColumn(0, from)
        if from < to {
            // Per pair of columns, their colours and what of the pixels under them shows
            // (255 - alpha), widened: each pixel is colour + under * (255 - alpha) / 255,
            // rounded as `overPixel` (`divideBy255`, exact for these products).
            let n = last &- first, pairs = n / 2
            let divisor = MultiplierLanes.current.pointee.div255
            withUnsafeTemporaryAllocation(of: SIMD8<UInt16>.self, capacity: Self.columnChunk) { lanes in
                for j in 0..<pairs {
                    let a = table[first &+ 2 &* j &- c0].colour, b = table[first &+ 2 &* j &+ 1 &- c0].colour
                    lanes[2 &* j] = widenPair(UInt64(a) | UInt64(b) << 32)
                    lanes[2 &* j &+ 1] = splatPair(UInt16(255 &- a >> 24), UInt16(255 &- b >> 24))
                }
                let odd = n % 2 == 1 ? table[last &- 1 &- c0].colour : 0
                for k in from..<to {
                    let row = top + k &* rowPitch + first
                    let raw = UnsafeMutableRawPointer(row)
                    for j in 0..<pairs {
                        let under = widenPair(raw.loadUnaligned(fromByteOffset: 8 &* j, as: UInt64.self))
                        let out = lanes[2 &* j] &+ divideBy255(under &* lanes[2 &* j &+ 1], divisor)
                        raw.storeBytes(of: narrowPair(out), toByteOffset: 8 &* j, as: UInt64.self)
                    }
                    if n % 2 == 1 { row[n &- 1] = overPixel(odd, row[n &- 1]) }
                }
            }
            for x in first..<last { table[x &- c0].advance(to &- from) }
        }
        eachColumn(to, rows &- to)
    }

    /// Down one column of a source whose rows repeat, from `p` for `rows` rows, the
    /// first `k` rows after the draw's first: its `colour` on the rows of its inside run
    /// (stored when opaque, composited when translucent, nothing when clear), with no
    /// quotient to step there (the state jumps over them: one division); above and below,
    /// a sample a pixel, edges checked. Leaves its state at the row after.
    private func repeatingColumn(
        _ p: UnsafeMutablePointer<UInt32>, _ rowPitch: Int, _ state: UnsafeMutablePointer<Column>, _ k: Int,
        rows: Int
    ) {
        let colour = state.pointee.colour
        let start = Swift.min(Swift.max(Int(state.pointee.insideFrom) &- k, 0), rows)
        let end = Swift.max(Swift.min(Int(state.pointee.insideTo) &- k, rows), start)
        column(p, rowPitch, &state.pointee, rows: start)
        var p = p + start &* rowPitch
        let n = end &- start
        if n > 0 {
            if colour >> 24 == 255 {
                for _ in 0..<n {
                    p.pointee = colour
                    p += rowPitch
                }
            } else if colour != 0 {
                for _ in 0..<n {
                    p.pointee = overPixel(colour, p.pointee)
                    p += rowPitch
                }
            } else {
                p += n &* rowPitch
            }
            state.pointee.advance(n)
        }
        column(p, rowPitch, &state.pointee, rows: rows &- end)
    }

    /// Down one column `c` from `p` for `rows` rows, pixel by pixel, edges checked (a
    /// column alone, and the rows above and below the inside runs); leaves its state at
    /// the row after.
    private func column(_ p: UnsafeMutablePointer<UInt32>, _ rowPitch: Int, _ c: inout Column, rows: Int) {
        let below = Int64(src.height) << 16 + 0x8000
        var p = p
        for _ in 0..<rows {
            let v = Column.truncated(c.q, c.r)
            if v > -0x8000 && v < below { singleBilinearOver(c.u, v, p) }
            Column.step(&c.q, &c.r, dq: c.dq, dr: c.dr, w: c.w)
            p += rowPitch
        }
    }
}
