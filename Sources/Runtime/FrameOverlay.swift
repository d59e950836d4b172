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
    /// The picture covers every pixel of the buffer, opaque and unresampled (a turn's
    /// first frame: the old frame as it was): the scene under it is not seen, so the
    /// frame need not composite it (`FramePipeline.prepareUnderOverlay` does that after
    /// the frame is handed over, for the frames that fade it in).
    public let hidesScene: Bool

    public init(picture: Surface, homography: Homography, opacity: UInt8, hidesScene: Bool = false) {
        self.picture = picture
        self.homography = homography
        self.opacity = opacity
        self.hidesScene = hidesScene
    }
}
