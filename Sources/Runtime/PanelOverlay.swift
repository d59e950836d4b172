import Compositor
import Raster

/// A picture drawn over a finished frame in panel space, outside the layer tree: the
/// orientation turn's old frame (`TurnTransition`) over the new layout. Drawn straight
/// onto the panel's buffer, it costs one resampling per frame and nothing else: the
/// scene under it is not composited again while it rests, and not turned into the panel
/// again either (`FramePipeline.overlay`).
public struct PanelOverlay {
    /// The picture, 32-bit.
    public let picture: Surface
    /// Picture pixels to panel pixels.
    public let homography: Homography
    /// 255: opaque; 0: not drawn.
    public let opacity: UInt8

    public init(picture: Surface, homography: Homography, opacity: UInt8) {
        self.picture = picture
        self.homography = homography
        self.opacity = opacity
    }
}
