import Raster

/// What one `Compositor.render` did.
public struct FrameStats: Sendable, Equatable {
    /// Pixels repainted (the repaint region's area: this frame's damage plus what the
    /// back buffer missed since it was last shown).
    public var repaintedPixels = 0
    /// Rectangles repainted.
    public var repaintedRects = 0
    /// Pixels that changed in this frame alone.
    public var damagedPixels = 0
    /// Whether the whole screen was repainted (first frame, unknown buffer age).
    public var fullRepaint = false
    /// Drawing operations in the frame's list (layers with something to draw).
    public var drawItems = 0
    /// Groups whose offscreen picture was redrawn this frame.
    public var groupsRedrawn = 0
    /// Snapshots drawn this frame (`Layer.showSnapshot(of:in:)`).
    public var snapshots = 0
    /// Pixels of operations' rectangles (and of the background) not drawn because the
    /// opaque pixels of operations above them, transformed pictures included, hide them
    /// (row-by-row occlusion, `Compositor.occlusion`). Rectangle area, not
    /// kernel work: a transformed picture's rectangle holds pixels its quad never reaches.
    public var occludedPixels = 0

    public init() {}
}

/// What can go wrong composing a frame.
public enum CompositorError: Error, Equatable, CustomStringConvertible {
    /// The target surface's size isn't the compositor's.
    case targetSize(expected: PixelRect, got: PixelRect)
    /// The target isn't a 32-bit surface.
    case targetFormat(PixelFormat)
    /// A kernel refused its input (a bug: the compositor should never ask).
    case raster(RasterError)

    public var description: String {
        switch self {
        case .targetSize(let e, let g): "compositor: target surface is \(g.width)x\(g.height), expected \(e.width)x\(e.height)"
        case .targetFormat(let f): "compositor: target surface format \(f) is not 32-bit (xrgb8888 or argb8888)"
        case .raster(let e): "compositor: \(e)"
        }
    }
}
