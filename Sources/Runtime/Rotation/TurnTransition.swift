import Compositor
import Motion
import Raster
import Rotation

/// The change of orientation as the panel shows it: the old frame, as it was last drawn,
/// turning by the angle between the two orientations while it fades out over the new
/// layout, in `duration` seconds (ease-in-out).
///
/// Drawn in the new orientation's logical space, over the new scene: at its start the
/// picture on the panel is exactly the old one (the old logical frame turned by `new - old`
/// degrees clockwise lands on the same panel pixels), and at its end it is the new layout
/// alone, upright for whoever holds the panel the new way. So the first frame of the new
/// orientation shows no jump, and no frame shows a half-laid-out screen: the new scene is
/// whole before the first frame, and the old one is only a picture.
final class TurnTransition {
    /// Seconds the turn takes.
    static let duration = 0.3

    let layer: Layer
    /// The clockwise angle the old frame starts turned by, radians (-π/2, π/2 or π).
    let startAngle: Double
    /// Scene seconds at which the turn started.
    let start: Double

    /// - Parameters:
    ///   - snapshot: the old logical frame (`FramePipeline.snapshot()`).
    ///   - compositor: the new orientation's compositor; the picture goes on top of its root.
    init(snapshot: Surface, from old: Orientation, to new: Orientation, in compositor: Compositor, at time: Double) {
        var degrees = new.degrees - old.degrees
        if degrees > 180 { degrees -= 360 }
        if degrees <= -180 { degrees += 360 }
        startAngle = Double(degrees) * .pi / 180
        start = time
        layer = Layer(
            name: "orientation turn",
            frame: Rect2D(
                x: (Double(compositor.width) - Double(snapshot.width)) / 2,
                y: (Double(compositor.height) - Double(snapshot.height)) / 2,
                width: Double(snapshot.width), height: Double(snapshot.height)))
        layer.contents = .image(snapshot)
        layer.allowsHitTesting = false
        layer.zPosition = Self.onTop
        compositor.root.addSublayer(layer)
        set(progress: 0)
    }

    /// Above every scene's layers.
    static let onTop = 1_000_000.0

    /// Sets the picture for `time`; false once the turn is over (the picture is gone).
    func update(time: Double) -> Bool {
        let p = Swift.min(1, Swift.max(0, (time - start) / Self.duration))
        if p >= 1 {
            layer.removeFromSuperlayer()
            return false
        }
        set(progress: TimingCurve.easeInOut.value(at: p))
        return true
    }

    private func set(progress e: Double) {
        layer.transform = Transform3D.rotation(angle: startAngle * (1 - e), x: 0, y: 0, z: 1)
        layer.opacity = 1 - e
    }

    /// Ends it at once (another turn, a reload): the picture is gone.
    func cancel() { layer.removeFromSuperlayer() }
}

extension FramePipeline {
    /// The logical frame as last drawn: the old picture a `TurnTransition` turns. A
    /// pipeline that draws through a shadow (a turned panel, rgb565, slow scanout memory)
    /// hands its shadow over, which holds exactly that frame (the pipeline must not draw
    /// again afterwards: it is being replaced); otherwise the tree is drawn whole into a
    /// new surface, one full composite.
    func snapshot() throws(CompositorError) -> Surface {
        if let shadow = lastFrame { return shadow }
        let s: Surface
        do {
            s = try Surface(width: logicalWidth, height: logicalHeight, format: .xrgb8888)
        } catch {
            throw .raster(error)
        }
        _ = try compositor.render(into: s, bufferAge: 0)
        return s
    }
}
