import Display
import FixedPoint
import Raster

extension FramePipeline {
    /// How the frame last presented was made: where `panelPicture` finds it whole.
    enum PresentedFrame {
        /// The scene alone: in the shadow (logical space) when there is one, else in the
        /// display's buffer.
        case scene
        /// The scene with the overlay over it, composed whole in this 32-bit surface (the
        /// buffers' space), or straight in the display's buffer when nil.
        case overlaid(composedIn: Surface?)
    }

    /// The frame last presented as the panel shows it, for a screenshot: the panel's size
    /// and orientation (the logical frame turned as the software or the scanout turns it)
    /// in the display's format (an rgb565 panel's colours exactly).
    ///
    /// Read from memory the pipeline keeps anyway: its shadow when it has one (so never
    /// DRM's dumb buffers, slow to read), else the display's buffer presented last
    /// (`DisplayBackend.front`: headless, a Wayland window, fbdev's one buffer). Turned
    /// (Raster's quarter-turn kernel) and converted into a new surface when the panel
    /// needs it; otherwise the surface returned is the pipeline's own, to be read before
    /// the next frame is drawn.
    /// - Throws: `.noFrame` before the first frame of this pipeline (or of the display's
    ///   current buffers), `.unreadable` when the display can't hand its buffer back,
    ///   `.picture` when the copy can't be made (out of memory).
    func panelPicture() throws(ScreenshotError) -> Surface {
        guard let presented else { throw .noFrame }
        let source: Surface
        let turn: QuarterTurn?
        switch presented {
        case .overlaid(let composed?):
            (source, turn) = (composed, bufferTurn)
        case .scene where lastFrame != nil:
            (source, turn) = (lastFrame!, transform.scanoutTurn)
        case .scene, .overlaid(nil):
            guard let front = display.front else { throw .unreadable(display: display.name) }
            (source, turn) = (front, bufferTurn)
        }
        let (w, h) = turn?.turnedSize(width: source.width, height: source.height) ?? (source.width, source.height)
        // Buffers of another size: the display changed mode since this pipeline's last frame.
        guard w == panelWidth, h == panelHeight else { throw .noFrame }
        if turn == nil && source.format == display.format { return source }
        do {
            let picture = try Surface(width: w, height: h, format: display.format)
            let staging =
                turn != nil && display.format != .xrgb8888 ? try Surface(width: w, height: h, format: .xrgb8888) : nil
            try compositor.transfer(from: source, into: picture, turn: turn, staging: staging, region: picture.bounds)
            return picture
        } catch {
            throw .picture("\(w)x\(h) \(display.format): \(error)")
        }
    }
}
