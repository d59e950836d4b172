import FixedPoint
import Raster

extension Compositor {
    /// Writes `region` of `target` (target pixels) from a finished frame `source`, turned
    /// by `turn` (nil: not turned) and converted to `target`'s format: the step from a
    /// logical-space shadow into a panel's scanout buffer (the Architecture article, "One frame"). Large regions
    /// are cut into bands for the paint threads, like a repaint.
    ///
    /// - Parameter staging: a 32-bit surface of `target`'s size, needed when the frame is
    ///   both turned and converted (to rgb565): turned into it first, then converted.
    public func transfer(
        from source: Surface, into target: Surface, turn: QuarterTurn?, staging: Surface?, region: PixelRect
    ) throws(CompositorError) {
        do {
            try pool.transfer(from: source, into: target, turn: turn, staging: staging, region: region)
        } catch {
            throw .raster(error)
        }
    }

    /// One band of `transfer`, on the calling thread.
    static func transfer(
        from source: Surface, into target: Surface, turn: QuarterTurn?, staging: Surface?, region: PixelRect
    ) throws(RasterError) {
        guard let turn else { return try target.convert(from: source, clip: region) }
        if let staging {
            try staging.rotate(from: source, turn: turn, clip: region)
            try target.convert(from: staging, clip: region)
        } else {
            try target.rotate(from: source, turn: turn, clip: region)
        }
    }
}
