import Compositor
import Raster

/// A picture drawn over a finished frame, outside the layer tree, in the space of the
/// display's buffers (the panel's; the logical one when the display turns on scanout):
/// the orientation turn's old frame (`TurnTransition`) over the new layout. Drawn
/// straight into the buffer, it costs one resampling per frame and nothing else: the
/// scene under it is not composited again while it rests, nor turned into the panel
/// again (`FramePipeline.overlay`).
public struct FrameOverlay {
    /// The picture, 32-bit.
    public let picture: Surface
    /// Picture pixels to buffer pixels.
    public let homography: Homography
    /// 255: opaque; 0: not drawn.
    public let opacity: UInt8

    public init(picture: Surface, homography: Homography, opacity: UInt8) {
        self.picture = picture
        self.homography = homography
        self.opacity = opacity
    }
}
