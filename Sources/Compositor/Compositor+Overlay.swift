import FixedPoint
import Raster

extension Compositor {
    /// Writes all of `target` as `under` with `picture` drawn over it through
    /// `homography` (picture pixels to target pixels) at `opacity`, across the paint
    /// threads: a finished frame with one more picture on top, drawn in the target's own
    /// space (the orientation turn's old frame over the new layout, in panel space). The
    /// picture is drawn as a layer would be: a copy or over at a whole-pixel offset (where
    /// it is opaque, `under` is not copied first), else bilinear, blended from `under` in
    /// the same pass (no copy of the frame first: one read and one write a pixel); an
    /// opaque picture turned a whole quarter onto the whole target is turned by the
    /// quarter-turn kernel.
    ///
    /// - Parameters:
    ///   - under: the frame below, 32-bit, `target`'s size; may be `target` itself.
    ///   - target: a 32-bit surface.
    public func paintOverlay(
        _ picture: Surface, homography: Homography, opacity: UInt8, over under: Surface, into target: Surface
    ) throws(CompositorError) {
        guard under.width == target.width, under.height == target.height else {
            throw .targetSize(expected: under.bounds, got: target.bounds)
        }
        guard target.format.bytesPerPixel == 4 else { throw .targetFormat(target.format) }
        guard under.format.bytesPerPixel == 4 else { throw .targetFormat(under.format) }
        let all = target.bounds
        if opacity == 255, picture.format == .xrgb8888, target.format == .xrgb8888,
            let turn = homography.quarterTurn(width: picture.width, height: picture.height),
            turn.turnedSize(width: picture.width, height: picture.height) == (target.width, target.height)
        {
            // An opaque picture turned a whole quarter onto all of the target: the
            // quarter-turn kernel, not a resampling.
            return try transfer(from: picture, into: target, turn: turn, staging: nil, region: all)
        }
        overlayItems.removeAll(keepingCapacity: true)
        let item = opacity > 0 ? imageItem(picture, homography: homography, opacity: opacity, clip: all) : nil
        if let item, case .transformed(let s, let m, let o) = item.operation, homography.isAffine {
            // Resampled: the frame below read once, in the same pass.
            overlayItems.append(DrawItem(operation: .transformedOver(s, m, opacity: o, below: under), rect: all, opaque: all))
        } else {
            // `under` may be the target itself (what it holds is the frame below).
            if under !== target {
                overlayItems.append(DrawItem(operation: .copy(under, x: 0, y: 0), rect: all, opaque: all))
            }
            if let item { overlayItems.append(item) }
        }
        do {
            try pool.paint(overlayItems, into: target, region: all, background: nil, occlusion: occlusion)
        } catch {
            throw .raster(error)
        }
    }
}
