import FixedPoint

extension Surface {
    /// Draws a `width` x `height` rectangle of the solid premultiplied `color` OVER this
    /// surface through the affine destination-to-source `m`, at `opacity`: the bytes
    /// `draw(_:destinationToSource:filter: .bilinear, opacity:clip:)` writes for a
    /// `width` x `height` source filled with `color` (a turned colour layer: a blade, a
    /// bar, a line), without reading one. Where a pixel's 2x2 footprint lies inside the
    /// rectangle its sample is the colour itself (bilinear weights of four equal pixels
    /// sum to it exactly), so the inside of each row is a fill (an opaque colour at full
    /// opacity) or a constant blend; only the one-pixel edges are sampled, from a source
    /// that is the colour inside and transparent outside. A projective `m` is drawn
    /// through a real picture by the caller; here it draws nothing.
    public func fill(
        _ color: UInt32, width: Int, height: Int, destinationToSource m: Matrix3, opacity: UInt8 = 255,
        clip: PixelRect? = nil, path: KernelPath = .fast
    ) throws(RasterError) {
        try require32Bit("transformed fill destination")
        let r = resolve(clip)
        guard !r.isEmpty, opacity > 0, color != 0, width > 0, height > 0, m.isAffine else { return }
        let job = TransformedFill(color: color, width: width, height: height, opacity: UInt32(opacity))
        let t = HomogeneousStepper(m)
        for y in r.y..<r.maxY { job.row(row(y, as: UInt32.self), y: y, x0: r.x, x1: r.maxX, t, path: path) }
    }

    /// `fill(_:width:height:destinationToSource:...)` on each span.
    public func fill(
        _ color: UInt32, width: Int, height: Int, destinationToSource m: Matrix3, opacity: UInt8 = 255,
        spans: UnsafeBufferPointer<RowSpan>, path: KernelPath = .fast
    ) throws(RasterError) {
        try require32Bit("transformed fill destination")
        guard opacity > 0, color != 0, width > 0, height > 0, m.isAffine else { return }
        let job = TransformedFill(color: color, width: width, height: height, opacity: UInt32(opacity))
        let t = HomogeneousStepper(m)
        for s in spans {
            guard let c = clipped(s) else { continue }
            job.row(row(c.y, as: UInt32.self), y: c.y, x0: c.x0, x1: c.x1, t, path: path)
        }
    }
}

/// One transformed solid rectangle's per-row work.
struct TransformedFill {
    let color: UInt32
    let width: Int
    let height: Int
    let opacity: UInt32

    /// The rectangle as a source: the colour inside, transparent outside.
    @inline(__always)
    func pixel(_ x: Int, _ y: Int) -> UInt32 {
        UInt(bitPattern: x) < UInt(bitPattern: width) && UInt(bitPattern: y) < UInt(bitPattern: height) ? color : 0
    }

    /// The bilinear sample at Q16.16 (u, v), as `SampleSource.bilinearSample` gives it.
    @inline(__always)
    func sample(_ u: Int64, _ v: Int64) -> UInt32 {
        let xs = u &- 0x8000, ys = v &- 0x8000
        let x1 = Int(xs >> 16), y1 = Int(ys >> 16)
        let dx = UInt32(truncatingIfNeeded: xs >> 9) & 0x7f, dy = UInt32(truncatingIfNeeded: ys >> 9) & 0x7f
        return bilinear(pixel(x1, y1), pixel(x1 &+ 1, y1), pixel(x1, y1 &+ 1), pixel(x1 &+ 1, y1 &+ 1), dx, dy)
    }

    /// `s` OVER `d` at the opacity, as `TransformJob.blend` does.
    @inline(__always)
    func blend(_ s: UInt32, into d: UnsafeMutablePointer<UInt32>) {
        if s == 0 { return }
        d.pointee = overPixel(opacity == 255 ? s : mulDiv255x4(s, opacity), d.pointee)
    }

    /// Pixels [x0, x1) of row `y` (`d` its first pixel): the span where a sample can see
    /// the rectangle (solved as `TransformJob.affineRow` solves it), its inside a fill or
    /// a constant blend (`.fast`), or every pixel sampled (`.reference`).
    func row(_ d: UnsafeMutablePointer<UInt32>, y: Int, x0: Int, x1: Int, _ t: HomogeneousStepper, path: KernelPath) {
        let (u0, v0, _) = t.at(x0, y)
        let du = t.m.0, dv = t.m.3
        let span = LinearSpan.touching(u0: u0, v0: v0, du: du, dv: dv, width: width, height: height, count: x1 - x0)
        let (k0, k1) = (span.lowerBound, span.upperBound)
        guard k0 < k1 else { return }
        // The inside: the pixels whose whole footprint lies in the rectangle.
        let inside =
            path == .fast
            ? LinearSpan.inside(u0: u0, v0: v0, du: du, dv: dv, width: width, height: height, within: span) : k1..<k1
        let (a, b) = (inside.lowerBound, inside.upperBound)
        let p = d + x0
        for k in k0..<a { blend(sample(u0 &+ k &* du, v0 &+ k &* dv), into: p + Int(k)) }
        if a < b {
            let s = opacity == 255 ? color : mulDiv255x4(color, opacity)
            let q = p + Int(a), n = Int(b - a)
            if s >> 24 == 255 {
                q.update(repeating: s, count: n)
            } else {
                let keep = 255 &- (s >> 24)
                for i in 0..<n { q[i] = s &+ mulDiv255x4(q[i], keep) }
            }
        }
        for k in b..<k1 { blend(sample(u0 &+ k &* du, v0 &+ k &* dv), into: p + Int(k)) }
    }
}
