import FixedPoint

/// How a transformed draw reads its source between pixel centres.
public enum SampleFilter: Sendable, CaseIterable {
    /// The pixel whose square holds the position (a position on an edge goes up-left).
    case nearest
    /// The 2x2 pixels around the position, weighted by distance (see `bilinear`).
    case bilinear
}

extension Surface {
    /// Draws `source` OVER this surface through `transform`, which maps source pixel
    /// coordinates to this surface's (an affine or projective 3x3; see `draw(_:
    /// destinationToSource:...)`, which this inverts it for).
    /// - Throws: `RasterError.singularTransform` when `transform` has no inverse.
    public func draw(
        _ source: Surface, transform: Matrix3, filter: SampleFilter = .bilinear, opacity: UInt8 = 255,
        clip: PixelRect? = nil, path: KernelPath = .fast
    ) throws(RasterError) {
        guard let inverse = transform.isAffine ? transform.inverse : transform.homographyInverse else {
            throw RasterError.singularTransform
        }
        try draw(source, destinationToSource: inverse, filter: filter, opacity: opacity, clip: clip, path: path)
    }

    /// Draws `source` OVER this surface inside `clip`: each destination pixel centre
    /// (X + 0.5, Y + 0.5) is mapped through `m` to a source position, sampled with
    /// `filter` (outside the source: transparent, so edges fade over one pixel, as
    /// pixman's REPEAT_NONE), scaled by `opacity`, and composited as `over`.
    ///
    /// - Parameter m: destination-to-source, Q16.16 (pixman's convention, so the same
    ///   matrix gives the same positions in both). The centre maps to
    ///   (uh, vh, wh) = round(m (X + 0.5, Y + 0.5, 1)), each component rounded once
    ///   from its exact Q32.32 sum (ties up). Affine `m` (bottom row 0 0 1): the
    ///   position is (uh, vh). Projective: (uh / wh, vh / wh), each a Q16.16 quotient
    ///   truncated toward zero; pixels where wh <= 0 (behind the eye) are not drawn.
    ///   Homogeneous components are 64-bit, so a projective `m` scaled up for precision
    ///   (`Matrix3.homographyInverse`) can't overflow them.
    ///
    /// Only destination pixels whose position lies within half a pixel of the source
    /// (where bilinear sampling can see it) are visited: a rotated or turned image costs
    /// the pixels it covers, not the whole clip.
    public func draw(
        _ source: Surface, destinationToSource m: Matrix3, filter: SampleFilter = .bilinear, opacity: UInt8 = 255,
        clip: PixelRect? = nil, path: KernelPath = .fast
    ) throws(RasterError) {
        try require32Bit("transformed draw destination")
        try source.require32Bit("transformed draw source")
        let r = resolve(clip)
        guard !r.isEmpty, opacity > 0 else { return }
        let t = HomogeneousStepper(m)
        let src = SampleSource(source)
        let job = TransformJob(src: src, filter: filter, opacity: UInt32(opacity))
        if path == .fast, filter == .bilinear, TransformJob.hasSteadyColumns(t) {
            // Turned about a vertical axis: each column's u worked out once.
            job.columns(
                into: row(0, as: UInt32.self), rowPitch: stride / 4, x0: r.x, x1: r.maxX, y0: r.y, y1: r.maxY, t)
            return
        }
        for y in r.y..<r.maxY {
            let d = row(y, as: UInt32.self)
            switch (path, t.isAffine) {
            case (.reference, _): job.referenceRow(d, y: y, x0: r.x, x1: r.maxX, t)
            case (.fast, true): job.affineRow(d, y: y, x0: r.x, x1: r.maxX, t)
            case (.fast, false): job.projectiveRow(d, y: y, x0: r.x, x1: r.maxX, t)
            }
        }
    }
}

extension Surface {
    /// Writes `clip` of this surface as `below` with `source` drawn OVER it through `m`
    /// (as `draw(_:destinationToSource:...)` does over this surface's own pixels): the
    /// same bytes as copying `below` in and drawing, in one pass. A frame with a moving
    /// picture over a still one (the orientation turn) reads the still frame once.
    /// - Throws: `RasterError.sizeMismatch` when `below` is not this surface's size.
    public func draw(
        _ source: Surface, destinationToSource m: Matrix3, filter: SampleFilter = .bilinear, opacity: UInt8 = 255,
        over below: Surface, clip: PixelRect? = nil, path: KernelPath = .fast
    ) throws(RasterError) {
        try require32Bit("transformed draw destination")
        try source.require32Bit("transformed draw source")
        try below.require32Bit("transformed draw background")
        guard below.width == width, below.height == height else {
            throw RasterError.sizeMismatch(expected: bounds, got: below.bounds)
        }
        let r = resolve(clip)
        guard !r.isEmpty else { return }
        let t = HomogeneousStepper(m)
        let job = TransformJob(src: SampleSource(source), filter: filter, opacity: UInt32(opacity))
        let fused = path == .fast && t.isAffine && filter == .bilinear && opacity > 0
        for y in r.y..<r.maxY {
            let d = row(y, as: UInt32.self), b = below.row(y, as: UInt32.self)
            if fused {
                job.affineRow(d, below: b, y: y, x0: r.x, x1: r.maxX, t)
                continue
            }
            if d != b { (d + r.x).update(from: b + r.x, count: r.width) }
            guard opacity > 0 else { continue }
            switch (path, t.isAffine) {
            case (.reference, _): job.referenceRow(d, y: y, x0: r.x, x1: r.maxX, t)
            case (.fast, true): job.affineRow(d, y: y, x0: r.x, x1: r.maxX, t)
            case (.fast, false): job.projectiveRow(d, y: y, x0: r.x, x1: r.maxX, t)
            }
        }
    }
}

/// The destination-to-source matrix as 64-bit integers, evaluated at pixel centres.
struct HomogeneousStepper {
    let m: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64)
    let isAffine: Bool

    init(_ x: Matrix3) {
        m = (
            Int64(x.m00.raw), Int64(x.m01.raw), Int64(x.m02.raw), Int64(x.m10.raw), Int64(x.m11.raw),
            Int64(x.m12.raw), Int64(x.m20.raw), Int64(x.m21.raw), Int64(x.m22.raw)
        )
        isAffine = x.isAffine
    }

    /// round(row (cx, cy, 1)) in Q16.16, the centre (cx, cy) in Q16.16: the exact sum
    /// is Q32.32, rounded once, ties up (pixman_transform_point_3d's rounding).
    /// The sum is taken in 128 bits: with extreme entries and coordinates it can pass
    /// 2^63, while the rounded result always fits 49 bits.
    @inline(__always)
    static func dot(_ a: Int64, _ b: Int64, _ c: Int64, _ cx: Int64, _ cy: Int64) -> Int64 {
        let sum = Int128(a) * Int128(cx) + Int128(b) * Int128(cy) + Int128(c) << 16 + 0x8000
        return Int64(sum >> 16)
    }

    /// (uh, vh, wh) at the centre of destination pixel (x, y). Stepping x by one adds
    /// exactly (m00, m10, m20): the centre's exact sum grows by a whole Q16.16 unit
    /// times 65536, so rounding once at the start and stepping gives the same values
    /// as evaluating every pixel directly.
    @inline(__always)
    func at(_ x: Int, _ y: Int) -> (Int64, Int64, Int64) {
        let cx = Int64(x) << 16 | 0x8000, cy = Int64(y) << 16 | 0x8000
        return (
            Self.dot(m.0, m.1, m.2, cx, cy), Self.dot(m.3, m.4, m.5, cx, cy), Self.dot(m.6, m.7, m.8, cx, cy)
        )
    }
}

/// One transformed draw's per-row work.
struct TransformJob {
    let src: SampleSource
    let filter: SampleFilter
    let opacity: UInt32

    /// Magnitude a homogeneous component may have for `(h << 16) / w` to fit 64 bits.
    static let projectiveLimit: Int64 = 1 << 46

    @inline(__always)
    func sample(_ u: Int64, _ v: Int64) -> UInt32 {
        filter == .bilinear ? src.bilinearSample(u, v) : src.nearestSample(u, v)
    }

    @inline(__always)
    func blend(_ s: UInt32, into d: UnsafeMutablePointer<UInt32>) {
        if s == 0 { return }
        d.pointee = overPixel(opacity == 255 ? s : mulDiv255x4(s, opacity), d.pointee)
    }

    /// The source position of a pixel from its homogeneous components, or nil when the
    /// pixel can't show the source (behind the eye, overflowing, or further than half a
    /// pixel outside).
    @inline(__always)
    func position(_ uh: Int64, _ vh: Int64, _ wh: Int64, affine: Bool) -> (Int64, Int64)? {
        var u = uh, v = vh
        if !affine {
            guard wh > 0, uh.magnitude < Self.projectiveLimit, vh.magnitude < Self.projectiveLimit else { return nil }
            u = (uh << 16) / wh
            v = (vh << 16) / wh
        }
        return src.touches(u, v) ? (u, v) : nil
    }

    /// `position` for a projective pixel, the same values without two 64-bit integer
    /// divisions: each quotient is estimated in floating point from one reciprocal of w
    /// and made exact by its remainder (`QuotientEstimate`).
    @inline(__always)
    func projectivePosition(_ uh: Int64, _ vh: Int64, _ wh: Int64) -> (Int64, Int64)? {
        guard wh > 0, uh.magnitude < Self.projectiveLimit, vh.magnitude < Self.projectiveLimit else { return nil }
        let r = 1 / Double(wh)
        guard let u = QuotientEstimate.truncated(uh << 16, wh, reciprocal: r),
            let v = QuotientEstimate.truncated(vh << 16, wh, reciprocal: r)
        else { return nil }
        return src.touches(u, v) ? (u, v) : nil
    }

    /// Every pixel evaluated on its own, the formula as documented.
    func referenceRow(_ d: UnsafeMutablePointer<UInt32>, y: Int, x0: Int, x1: Int, _ t: HomogeneousStepper) {
        for x in x0..<x1 {
            let (uh, vh, wh) = t.at(x, y)
            guard let (u, v) = position(uh, vh, wh, affine: t.isAffine) else { continue }
            blend(sample(u, v), into: d + x)
        }
    }

    /// Affine: positions step by (m00, m10) per pixel; only the span of pixels whose
    /// position touches the source is visited, found by solving the four linear
    /// bounds once per row.
    func affineRow(_ d: UnsafeMutablePointer<UInt32>, y: Int, x0: Int, x1: Int, _ t: HomogeneousStepper) {
        affineRow(d, below: d, y: y, x0: x0, x1: x1, t)
    }

    /// `affineRow` writing `d` as `below` with the samples over it (`below` may be `d`):
    /// pixels outside the span are copied, those inside blended from `below`.
    func affineRow(
        _ d: UnsafeMutablePointer<UInt32>, below b: UnsafeMutablePointer<UInt32>, y: Int, x0: Int, x1: Int,
        _ t: HomogeneousStepper
    ) {
        let (u0, v0, _) = t.at(x0, y)
        let du = t.m.0, dv = t.m.3
        let span = LinearSpan.touching(
            u0: u0, v0: v0, du: du, dv: dv, width: src.width, height: src.height, count: x1 - x0)
        let (k0, k1) = (span.lowerBound, span.upperBound)
        let separate = d != b
        guard k0 < k1 else {
            if separate { (d + x0).update(from: b + x0, count: x1 - x0) }
            return
        }
        if separate {
            (d + x0).update(from: b + x0, count: Int(k0))
            (d + x0 + Int(k1)).update(from: b + x0 + Int(k1), count: x1 - x0 - Int(k1))
        }
        var u = u0 &+ k0 &* du, v = v0 &+ k0 &* dv
        var p = d + x0 + Int(k0)
        var q = b + x0 + Int(k0)
        if filter == .bilinear {
            let n = Int(k1 - k0)
            // The interior, which the pair loop draws unchecked.
            let interior = LinearSpan.inside(
                u0: u, v0: v, du: du, dv: dv, width: src.width, height: src.height, within: 0..<Int64(n))
            let inside = Int(interior.lowerBound)..<Int(interior.upperBound)
            // Four copies of each loop, each with its flags constant: a layer fading
            // (opacity < 255: a turn's old picture, a cross-fade) keeps the fast paths.
            if Self.isDoubledRow(u0: u, du: du, dv: dv) {
                switch (src.alphaMask == 0, opacity == 255) {
                case (true, true): doubledOverSpan(PairBlends.Over.self, u, v, p, q, count: n, inside: inside)
                case (false, true): doubledOverSpan(PairBlends.Opaque.self, u, v, p, q, count: n, inside: inside)
                case (true, false): doubledOverSpan(PairBlends.FadedOver.self, u, v, p, q, count: n, inside: inside)
                case (false, false): doubledOverSpan(PairBlends.FadedOpaque.self, u, v, p, q, count: n, inside: inside)
                }
                return
            }
            // The position's step from one row to the next, for reading ahead.
            let rowStep = (du: t.m.1, dv: t.m.4)
            let (opaque, faded) = (src.alphaMask != 0, opacity != 255)
            bilinearOverSpan(
                &u, &v, du, dv, &p, &q, count: n, inside: inside, opaqueSource: opaque, fade: faded, rowStep: rowStep)
        } else {
            if separate { p.update(from: q, count: Int(k1 - k0)) }
            for _ in k0..<k1 {
                blend(sample(u, v), into: p)
                u &+= du
                v &+= dv
                p += 1
            }
        }
    }

    /// `count` bilinear samples OVER `q`'s pixels into `p`'s (the same pixels, or a
    /// separate background), positions stepping by (du, dv): the pixels of `inside`
    /// (those whose whole footprint lies inside the source, solved per row by the
    /// caller) two at a time in 16-bit lanes with no edge checks, reading ahead by
    /// `rowStep` (the position's step to the next row: `PairSampler.ahead`), the others
    /// two at a time with them (`edgePairs`). Both give the bytes `bilinear`, the
    /// opacity (with `fade`) and `overPixel` give.
    @inline(__always)
    func bilinearOverSpan(
        _ u: inout Int64, _ v: inout Int64, _ du: Int64, _ dv: Int64, _ p: inout UnsafeMutablePointer<UInt32>,
        _ q: inout UnsafeMutablePointer<UInt32>, count: Int, inside: Range<Int>, opaqueSource: Bool, fade: Bool,
        rowStep: (du: Int64, dv: Int64)
    ) {
        let pair = PairSampler(src, opacity: opacity, rowStep: rowStep)
        var i = 0
        @inline(__always) func single() {
            singleBilinearOver(u, v, p, below: q)
            u &+= du
            v &+= dv
            p += 1
            q += 1
            i &+= 1
        }
        // Past `pairs` pairs of pixels drawn.
        @inline(__always) func skip(pairs: Int) {
            p += pairs &<< 1
            q += pairs &<< 1
            u &+= (du &+ du) &* Int64(pairs)
            v &+= (dv &+ dv) &* Int64(pairs)
            i &+= pairs &<< 1
        }
        // The pixels from `i` to `end`, outside the interior: two at a time
        // (`edgePairs`), the odd one alone.
        @inline(__always) func edge(until end: Int) {
            let pairs = Swift.max(0, end &- i) &>> 1
            if pairs > 0 {
                if fade {
                    Self.edgePairs(PairBlends.FadedOver.self, pair, src, u, v, du, dv, p, q, count: pairs)
                } else {
                    Self.edgePairs(PairBlends.Over.self, pair, src, u, v, du, dv, p, q, count: pairs)
                }
                skip(pairs: pairs)
            }
            if i < end { single() }
        }
        edge(until: inside.lowerBound)
        // Both footprints' addresses and weights from one vector (`PairLanes`).
        let pairs = Swift.max(0, inside.upperBound &- i) &>> 1
        if pairs > 0 {
            let lanes = PairLanes(u &- 0x8000, v &- 0x8000, du: du, dv: dv)
            switch (opaqueSource, fade) {
            case (false, false): Self.interiorPairs(PairBlends.Over.self, pair, lanes, p, q, count: pairs)
            case (true, false): Self.interiorPairs(PairBlends.Opaque.self, pair, lanes, p, q, count: pairs)
            case (false, true): Self.interiorPairs(PairBlends.FadedOver.self, pair, lanes, p, q, count: pairs)
            case (true, true): Self.interiorPairs(PairBlends.FadedOpaque.self, pair, lanes, p, q, count: pairs)
            }
            skip(pairs: pairs)
        }
        edge(until: count)
    }

    /// `count` pairs of interior samples from `lanes` on, OVER `q`'s pixels into `p`'s:
    /// the pair loop of `bilinearOverSpan`, one copy for each blend, its flags constant.
    @inline(never)
    static func interiorPairs<Blend: PairBlend>(
        _: Blend.Type, _ pair: PairSampler, _ lanes: PairLanes, _ p: UnsafeMutablePointer<UInt32>,
        _ q: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        var lanes = lanes, p = p, q = q, k = 0
        while k < count {
            pair.drawInside(at: lanes, into: p, below: q, opaqueSource: Blend.opaqueSource, fade: Blend.fade)
            lanes.advance()
            p += 2
            q += 2
            k &+= 1
        }
    }

    /// One bilinear sample OVER one pixel, scaled by the opacity: the pair loop's
    /// fallback at edges and at an odd end. Out of line to keep that loop small (see
    /// `edgeSample`).
    @inline(never)
    func singleBilinearOver(_ u: Int64, _ v: Int64, _ p: UnsafeMutablePointer<UInt32>) {
        blend(src.bilinearSample(u, v), into: p)
    }

    /// `singleBilinearOver` over `below`'s pixel (which may be `p`'s own).
    @inline(never)
    func singleBilinearOver(_ u: Int64, _ v: Int64, _ p: UnsafeMutablePointer<UInt32>, below q: UnsafeMutablePointer<UInt32>) {
        if p != q { p.pointee = q.pointee }
        blend(src.bilinearSample(u, v), into: p)
    }

    /// Projective: homogeneous components step by (m00, m10, m20) per pixel; the span
    /// where w > 0 and the position can touch the source is found from the same
    /// bounds multiplied through by w (linear in x). That is the same test `touches`
    /// makes on the truncated quotient (trunc(q) > -32768 exactly when q > -32768, and
    /// likewise at the far edge), so the span holds exactly the pixels the reference
    /// draws; each is still checked per pixel for the 64-bit division's range.
    func projectiveRow(_ d: UnsafeMutablePointer<UInt32>, y: Int, x0: Int, x1: Int, _ t: HomogeneousStepper) {
        let (uh0, vh0, wh0) = t.at(x0, y)
        let du = t.m.0, dv = t.m.3, dw = t.m.6
        var k0: Int64 = 0, k1 = Int64(x1 - x0)
        let (u, v, w) = (Int128(uh0), Int128(vh0), Int128(wh0))
        let (su, sv, sw) = (Int128(du), Int128(dv), Int128(dw))
        let width2 = 2 * Int128(src.width) + 1, height2 = 2 * Int128(src.height) + 1
        // w > 0; 2u + w > 0 (u > -1/2); (2 width + 1) w - 2u > 0 (u < width + 1/2);
        // the same for v.
        LinearSpan.restrict(&k0, &k1, start: w, step: sw, above: 0, below: nil)
        LinearSpan.restrict(&k0, &k1, start: 2 * u + w, step: 2 * su + sw, above: 0, below: nil)
        LinearSpan.restrict(
            &k0, &k1, start: width2 * w - 2 * u, step: width2 * sw - 2 * su, above: 0, below: nil)
        LinearSpan.restrict(&k0, &k1, start: 2 * v + w, step: 2 * sv + sw, above: 0, below: nil)
        LinearSpan.restrict(
            &k0, &k1, start: height2 * w - 2 * v, step: height2 * sw - 2 * sv, above: 0, below: nil)
        guard k0 < k1 else { return }
        var uh = uh0 &+ k0 &* du, vh = vh0 &+ k0 &* dv, wh = wh0 &+ k0 &* dw
        var p = d + x0 + Int(k0)
        if filter == .bilinear {
            let n = Int(k1 - k0)
            // Four copies, each specialized with its flags constant (`PairBlend`).
            switch (src.alphaMask == 0, opacity == 255) {
            case (true, true): projectiveBilinearSpan(PairBlends.Over.self, &uh, &vh, &wh, du, dv, dw, &p, count: n)
            case (false, true): projectiveBilinearSpan(PairBlends.Opaque.self, &uh, &vh, &wh, du, dv, dw, &p, count: n)
            case (true, false): projectiveBilinearSpan(PairBlends.FadedOver.self, &uh, &vh, &wh, du, dv, dw, &p, count: n)
            case (false, false):
                projectiveBilinearSpan(PairBlends.FadedOpaque.self, &uh, &vh, &wh, du, dv, dw, &p, count: n)
            }
            return
        }
        for _ in k0..<k1 {
            if let (u, v) = projectivePosition(uh, vh, wh) {
                blend(sample(u, v), into: p)
            }
            uh &+= du
            vh &+= dv
            wh &+= dw
            p += 1
        }
    }

    /// `count` projective bilinear samples OVER the destination from `p` on, the
    /// homogeneous components stepping by (du, dv, dw): each position exact
    /// (`projectivePosition`), two pixels at a time through `bilinearOverPair` while both
    /// footprints lie inside the source, one at a time otherwise. The same bytes as the
    /// reference.
    func projectiveBilinearSpan<Blend: PairBlend>(
        _: Blend.Type, _ uh: inout Int64, _ vh: inout Int64, _ wh: inout Int64, _ du: Int64, _ dv: Int64,
        _ dw: Int64, _ p: inout UnsafeMutablePointer<UInt32>, count: Int
    ) {
        let (opaqueSource, fade) = (Blend.opaqueSource, Blend.fade)
        let pair = PairSampler(src, opacity: opacity)
        var i = 0
        while i < count {
            let a = projectivePosition(uh, vh, wh)
            if i &+ 1 < count, let (ua, va) = a,
                let (ub, vb) = projectivePosition(uh &+ du, vh &+ dv, wh &+ dw)
            {
                if !pair.draw(
                    ua &- 0x8000, va &- 0x8000, ub &- 0x8000, vb &- 0x8000, into: p, opaqueSource: opaqueSource,
                    fade: fade)
                {
                    singleBilinearOver(ua, va, p)
                    singleBilinearOver(ub, vb, p + 1)
                }
                uh = uh &+ du &+ du
                vh = vh &+ dv &+ dv
                wh = wh &+ dw &+ dw
                p += 2
                i &+= 2
                continue
            }
            if let (u, v) = a { singleBilinearOver(u, v, p) }
            uh &+= du
            vh &+= dv
            wh &+= dw
            p += 1
            i &+= 1
        }
    }
}

/// Two bilinear samples OVER two destination pixels in one step (`bilinearOverPair`),
/// when both footprints lie inside the source: the pair loops' common step.
struct PairSampler {
    let base: UnsafeRawPointer
    let pitchBytes: Int
    let innerW: UInt
    let innerH: UInt
    let opacity: UInt16
    /// `divideBy255`'s factor, read once for the job.
    let divisor = MultiplierLanes.current.pointee.div255
    /// Bytes from a footprint's lower row to where the same pixel's footprint will be
    /// `rowsAhead` destination rows further down (`drawInside(at:)` prefetches there).
    let ahead: Int

    /// How many destination rows ahead the interior loop asks for the source's lines.
    /// A turned source is read along a slant: each row of a card tipped 15 degrees
    /// crosses some 300 source rows, every step to a new 4 KiB page, where the
    /// hardware's own prefetchers do not follow, so each line the walk meets first
    /// waited for memory (the Performance article: "Turned pictures read ahead"). Asked
    /// for three rows early, the line is in the cache when its row comes; one or two
    /// rows were too late to cover the wait, four or more let some lines go again before
    /// their use.
    static let rowsAhead: Int64 = 3

    /// `rowStep`: the source position's step from one destination row to the next
    /// (Q16.16; zero for draws that are not walked row after row).
    init(_ src: SampleSource, opacity: UInt32, rowStep: (du: Int64, dv: Int64) = (0, 0)) {
        base = UnsafeRawPointer(src.base)
        pitchBytes = src.rowPitch &* 4
        innerW = UInt(bitPattern: src.width &- 1)
        innerH = UInt(bitPattern: src.height &- 1)
        self.opacity = UInt16(truncatingIfNeeded: opacity)
        // Whole pixels, rounded; far outside the source when the step is large, which a
        // prefetch does not mind (it never faults).
        @inline(__always) func pixels(_ step: Int64) -> Int {
            Int(truncatingIfNeeded: (step &* Self.rowsAhead &+ 0x8000) >> 16)
        }
        ahead = pixels(rowStep.dv) &* pitchBytes &+ pixels(rowStep.du) &<< 2
    }

    /// Draws the samples at (xa, ya) and (xb, yb) (Q16.16, already less half a pixel)
    /// over `q` and `q + 1` (nil: `p`'s own pixels) into `p` and `p + 1`; false (nothing drawn) when a footprint reaches past the
    /// source's edge.
    @inline(__always)
    func draw(
        _ xa: Int64, _ ya: Int64, _ xb: Int64, _ yb: Int64, into p: UnsafeMutablePointer<UInt32>,
        below q: UnsafeMutablePointer<UInt32>? = nil, opaqueSource: Bool, fade: Bool
    ) -> Bool {
        let x1a = Int(truncatingIfNeeded: xa >> 16), y1a = Int(truncatingIfNeeded: ya >> 16)
        let x1b = Int(truncatingIfNeeded: xb >> 16), y1b = Int(truncatingIfNeeded: yb >> 16)
        guard UInt(bitPattern: x1a) < innerW && UInt(bitPattern: y1a) < innerH && UInt(bitPattern: x1b) < innerW
            && UInt(bitPattern: y1b) < innerH
        else { return false }
        drawInside(xa, ya, xb, yb, into: p, below: q, opaqueSource: opaqueSource, fade: fade)
        return true
    }

    /// `draw` for two footprints known to lie inside the source: no checks.
    @inline(__always)
    func drawInside(
        _ xa: Int64, _ ya: Int64, _ xb: Int64, _ yb: Int64, into p: UnsafeMutablePointer<UInt32>,
        below q: UnsafeMutablePointer<UInt32>? = nil, opaqueSource: Bool, fade: Bool
    ) {
        let x1a = Int(truncatingIfNeeded: xa >> 16), y1a = Int(truncatingIfNeeded: ya >> 16)
        let x1b = Int(truncatingIfNeeded: xb >> 16), y1b = Int(truncatingIfNeeded: yb >> 16)
        bilinearOverPair(
            base + (y1a &* pitchBytes &+ x1a &* 4), base + (y1b &* pitchBytes &+ x1b &* 4), pitchBytes: pitchBytes,
            dxA: UInt16(truncatingIfNeeded: xa >> 9) & 0x7f, dyA: UInt16(truncatingIfNeeded: ya >> 9) & 0x7f,
            dxB: UInt16(truncatingIfNeeded: xb >> 9) & 0x7f, dyB: UInt16(truncatingIfNeeded: yb >> 9) & 0x7f,
            into: UnsafeMutableRawPointer(p), below: UnsafeRawPointer(q ?? p), opaqueSource: opaqueSource, fade: fade,
            opacity: opacity, divisor: divisor)
    }
}

/// Truncated quotients of 64-bit integers by a positive divisor, through floating point:
/// the estimate n x (1 / d) is within 2^-18 of n / d whenever |n / d| < 2^33 (three
/// roundings of 2^-53 each), so its truncation is the quotient or one off, and the exact
/// remainder (a 128-bit product) says which. Quotients of 2^33 or more are nil: no
/// source position that far out can touch a source (at most 32768 pixels, 2^31 in Q16.16).
enum QuotientEstimate {
    static let limit = Double(Int64(1) << 33)

    /// trunc(n / d) for d > 0, given `reciprocal` = 1 / Double(d); nil when its magnitude
    /// is 2^33 or more.
    @inline(__always)
    static func truncated(_ n: Int64, _ d: Int64, reciprocal: Double) -> Int64? {
        let estimate = Double(n) * reciprocal
        guard estimate > -limit && estimate < limit else { return nil }
        var q = Int64(estimate)
        // r = n - q d, exactly.
        let (high, low) = q.multipliedFullWidth(by: d)
        let product = Int128(high) << 64 | Int128(low)
        let r = Int128(n) - product
        if n >= 0 {
            if r < 0 { q -= 1 } else if r >= Int128(d) { q += 1 }
        } else {
            if r > 0 { q += 1 } else if r <= -Int128(d) { q -= 1 }
        }
        guard q > -(Int64(1) << 33) && q < Int64(1) << 33 else { return nil }
        return q
    }
}

/// Solving `above < start + k * step < below` for whole k, to find the pixels of a
/// row that a transformed image can cover. In 128 bits: the bounds multiplied through
/// by a projective w can pass 2^63.
enum LinearSpan {
    /// The k in [0, count) whose Q16.16 position (u0 + k du, v0 + k dv) can see a
    /// `width` x `height` source: -1/2 < u < width + 1/2 and likewise v, the test
    /// `SampleSource.touches` makes (empty at 0 when none).
    static func touching(
        u0: Int64, v0: Int64, du: Int64, dv: Int64, width: Int, height: Int, count: Int
    ) -> Range<Int64> {
        var k0: Int64 = 0, k1 = Int64(count)
        if fitsNarrow(u0, v0, du, dv, width, height) {
            let w = Int64(width) << 16, h = Int64(height) << 16
            restrictNarrow(&k0, &k1, start: u0, step: du, above: -0x8000, below: w + 0x8000)
            restrictNarrow(&k0, &k1, start: v0, step: dv, above: -0x8000, below: h + 0x8000)
            return k0 < k1 ? k0..<k1 : 0..<0
        }
        restrict(&k0, &k1, start: Int128(u0), step: Int128(du), above: -0x8000, below: Int128(width) << 16 + 0x8000)
        restrict(&k0, &k1, start: Int128(v0), step: Int128(dv), above: -0x8000, below: Int128(height) << 16 + 0x8000)
        return k0 < k1 ? k0..<k1 : 0..<0
    }

    /// The k of `within` whose bilinear footprint at (u0 + k du, v0 + k dv) lies wholly
    /// inside the source: 0 <= u - 1/2 < width - 1, likewise v (empty at the range's end
    /// when none).
    static func inside(
        u0: Int64, v0: Int64, du: Int64, dv: Int64, width: Int, height: Int, within: Range<Int64>
    ) -> Range<Int64> {
        var a = within.lowerBound, b = within.upperBound
        if fitsNarrow(u0, v0, du, dv, width, height) {
            let w = Int64(width - 1) << 16, h = Int64(height - 1) << 16
            restrictNarrow(&a, &b, start: u0 - 0x8000, step: du, above: -1, below: w)
            restrictNarrow(&a, &b, start: v0 - 0x8000, step: dv, above: -1, below: h)
            return a < b ? a..<b : within.upperBound..<within.upperBound
        }
        restrict(&a, &b, start: Int128(u0) - 0x8000, step: Int128(du), above: -1, below: Int128(width - 1) << 16)
        restrict(&a, &b, start: Int128(v0) - 0x8000, step: Int128(dv), above: -1, below: Int128(height - 1) << 16)
        return a < b ? a..<b : within.upperBound..<within.upperBound
    }

    /// Narrows [k0, k1) to the k with above < start + k step (< below, if given).
    static func restrict(
        _ k0: inout Int64, _ k1: inout Int64, start: Int128, step: Int128, above: Int128, below: Int128?
    ) {
        var lo = Int128(Int64.min), hi = Int128(Int64.max)  // k satisfying the bounds: [lo, hi)
        if step == 0 {
            if !(start > above && (below.map { start < $0 } ?? true)) { lo = 0; hi = 0 }
        } else if step > 0 {
            lo = floorDiv(above - start, step) + 1  // start + k step > above
            if let below { hi = ceilDiv(below - start, step) }  // start + k step < below
        } else {
            hi = ceilDiv(start - above, -step)  // k < (start - above) / -step
            if let below { lo = floorDiv(start - below, -step) + 1 }
        }
        k0 = Int64(max(Int128(k0), lo))
        k1 = Int64(min(Int128(k1), hi))
    }

    /// Magnitude below which a position, a step and a source side in Q16.16 let
    /// `restrictNarrow` solve in 64 bits: every difference it forms stays below 2^62.
    static let narrowLimit: Int64 = 1 << 60

    /// Whether `touching` and `inside` may solve in 64 bits (`restrictNarrow`) for these
    /// values: always for an affine row (positions fit 49 bits, steps 32, sides 16).
    @inline(__always)
    static func fitsNarrow(_ u0: Int64, _ v0: Int64, _ du: Int64, _ dv: Int64, _ width: Int, _ height: Int) -> Bool {
        u0.magnitude < narrowLimit && v0.magnitude < narrowLimit && du.magnitude < narrowLimit
            && dv.magnitude < narrowLimit && width.magnitude < 1 << 40 && height.magnitude < 1 << 40
    }

    /// `restrict` with both bounds, in 64 bits: the same [k0, k1) when `start`, `step`,
    /// `above` and `below` are all below `narrowLimit` in magnitude (no difference or
    /// quotient then passes 2^62, and the quotients are the same whole numbers), without
    /// the 128-bit division's library call.
    @inline(__always)
    static func restrictNarrow(_ k0: inout Int64, _ k1: inout Int64, start: Int64, step: Int64, above: Int64, below: Int64) {
        var lo = Int64.min, hi = Int64.max
        if step == 0 {
            if !(start > above && start < below) { lo = 0; hi = 0 }
        } else if step > 0 {
            lo = floorDivNarrow(above - start, step) + 1
            hi = -floorDivNarrow(start - below, step)
        } else {
            hi = -floorDivNarrow(above - start, -step)
            lo = floorDivNarrow(start - below, -step) + 1
        }
        k0 = max(k0, lo)
        k1 = min(k1, hi)
    }

    /// floor(a / b) for b > 0.
    @inline(__always)
    static func floorDivNarrow(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return a % b != 0 && a < 0 ? q - 1 : q
    }

    static func floorDiv(_ a: Int128, _ b: Int128) -> Int128 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    static func ceilDiv(_ a: Int128, _ b: Int128) -> Int128 {
        -floorDiv(-a, b)
    }
}
