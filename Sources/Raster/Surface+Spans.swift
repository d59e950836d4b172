import FixedPoint

/// A run of pixels of one row: columns `x0 ..< x1` of row `y`. What a caller that knows
/// which parts of a rectangle are hidden (the compositor's occlusion) hands the kernels
/// instead of a clip rectangle.
public struct RowSpan: Sendable, Equatable {
    public var y: Int32
    public var x0: Int32
    public var x1: Int32

    public init(y: Int, x0: Int, x1: Int) {
        self.y = Int32(truncatingIfNeeded: y)
        self.x0 = Int32(truncatingIfNeeded: x0)
        self.x1 = Int32(truncatingIfNeeded: x1)
    }

    /// Pixels in the span (0 when empty).
    public var count: Int { Swift.max(0, Int(x1) - Int(x0)) }
}

/// The kernels on spans: each does to every pixel of every span exactly what it does to
/// that pixel with a clip rectangle holding it (every kernel computes a pixel from its
/// own position alone), and nothing elsewhere. Spans may come in any order; parts
/// outside the surface are cut off, as a clip is.
extension Surface {
    /// The span as a one-row clip rectangle, cut to the surface (empty when outside).
    @inline(__always)
    func clipped(_ s: RowSpan) -> (y: Int, x0: Int, x1: Int)? {
        let y = Int(s.y)
        guard y >= 0, y < height else { return nil }
        let x0 = Swift.max(0, Int(s.x0)), x1 = Swift.min(width, Int(s.x1))
        return x0 < x1 ? (y, x0, x1) : nil
    }

    /// `fill(_:clip:)` on each span.
    public func fill(_ color: UInt32, spans: UnsafeBufferPointer<RowSpan>, path: KernelPath = .fast) {
        for s in spans {
            guard let c = clipped(s) else { continue }
            fill(color, clip: PixelRect(x: c.x0, y: c.y, width: c.x1 - c.x0, height: 1), path: path)
        }
    }

    /// `blend(_:clip:)` on each span.
    public func blend(_ color: UInt32, spans: UnsafeBufferPointer<RowSpan>, path: KernelPath = .fast)
        throws(RasterError)
    {
        for s in spans {
            guard let c = clipped(s) else { continue }
            try blend(color, clip: PixelRect(x: c.x0, y: c.y, width: c.x1 - c.x0, height: 1), path: path)
        }
    }

    /// `copy(from:x:y:clip:)` on each span.
    public func copy(
        from source: Surface, x: Int = 0, y: Int = 0, spans: UnsafeBufferPointer<RowSpan>, path: KernelPath = .fast
    ) throws(RasterError) {
        for s in spans {
            guard let c = clipped(s) else { continue }
            let clip = PixelRect(x: c.x0, y: c.y, width: c.x1 - c.x0, height: 1)
            try copy(from: source, x: x, y: y, clip: clip, path: path)
        }
    }

    /// `over(_:x:y:opacity:clip:)` on each span.
    public func over(
        _ source: Surface, x: Int = 0, y: Int = 0, opacity: UInt8 = 255, spans: UnsafeBufferPointer<RowSpan>,
        path: KernelPath = .fast
    ) throws(RasterError) {
        for s in spans {
            guard let c = clipped(s) else { continue }
            try over(
                source, x: x, y: y, opacity: opacity, clip: PixelRect(x: c.x0, y: c.y, width: c.x1 - c.x0, height: 1),
                path: path)
        }
    }

    /// `draw(_:destinationToSource:filter:opacity:clip:)` on each span: the row
    /// functions called on the span's columns directly (the matrix is prepared once for
    /// all spans).
    public func draw(
        _ source: Surface, destinationToSource m: Matrix3, filter: SampleFilter = .bilinear, opacity: UInt8 = 255,
        spans: UnsafeBufferPointer<RowSpan>, path: KernelPath = .fast
    ) throws(RasterError) {
        try require32Bit("transformed draw destination")
        try source.require32Bit("transformed draw source")
        guard opacity > 0 else { return }
        let t = HomogeneousStepper(m)
        let job = TransformJob(src: SampleSource(source), filter: filter, opacity: UInt32(opacity))
        for s in spans {
            guard let c = clipped(s) else { continue }
            let d = row(c.y, as: UInt32.self)
            switch (path, t.isAffine) {
            case (.reference, _): job.referenceRow(d, y: c.y, x0: c.x0, x1: c.x1, t)
            case (.fast, true): job.affineRow(d, y: c.y, x0: c.x0, x1: c.x1, t)
            case (.fast, false): job.projectiveRow(d, y: c.y, x0: c.x0, x1: c.x1, t)
            }
        }
    }
}
