import Compositor
import FixedPoint
import Display
import Glibc
import Raster
import Rotation
import Scenes
import Testing

@testable import Runtime

/// `FramePipeline.overlay`: a picture over the finished frame, in the buffers' space (the
/// orientation turn's old frame). Each frame with it shows the scene as a pipeline
/// without it shows it, with the picture drawn over; once it is gone, every buffer of the
/// swap chain shows the scene again, whatever its age.
@Suite struct FrameOverlayTests {
    /// A headless panel that turns the picture on scanout (as a DRM plane with rotation
    /// does: buffers of the turned size), and may prefer a shadow (slow-to-read memory).
    final class TurningDisplay: DisplayBackend {
        private(set) var inner: HeadlessDisplay
        let width: Int
        let height: Int
        let turns: Bool
        let prefersShadow: Bool
        init(width: Int, height: Int, format: PixelFormat, turns: Bool, prefersShadow: Bool) throws {
            self.width = width
            self.height = height
            self.turns = turns
            self.prefersShadow = prefersShadow
            inner = try HeadlessDisplay(width: width, height: height, format: format, buffers: 3)
        }
        var format: PixelFormat { inner.format }
        var name: String { "turning \(width)x\(height)" }
        var front: Surface? { inner.front }
        func setScanoutTurn(_ turn: QuarterTurn?) -> Bool {
            guard turns || turn == nil else { return false }
            let (w, h) = turn?.turnedSize(width: width, height: height) ?? (width, height)
            inner = try! HeadlessDisplay(width: w, height: h, format: inner.format, buffers: 3)
            return true
        }
        func acquire() throws(DisplayError) -> DisplayBuffer { try inner.acquire() }
        func present(_ buffer: DisplayBuffer, damage: [PixelRect]) throws(DisplayError) {
            try inner.present(buffer, damage: damage)
        }
    }

    struct Setup: CustomStringConvertible, Sendable {
        let orientation: Orientation
        let format: PixelFormat
        let turnsOnScanout: Bool
        let prefersShadow: Bool
        var description: String {
            "\(orientation) \(format)\(turnsOnScanout ? " turned on scanout" : "")\(prefersShadow ? " shadow" : "")"
        }
    }

    static let setups: [Setup] =
        Orientation.allCases.map { Setup(orientation: $0, format: .xrgb8888, turnsOnScanout: false, prefersShadow: false) }
        + [
            Setup(orientation: .clockwise90, format: .xrgb8888, turnsOnScanout: true, prefersShadow: false),
            Setup(orientation: .upsideDown, format: .xrgb8888, turnsOnScanout: false, prefersShadow: true),
            Setup(orientation: .clockwise270, format: .rgb565, turnsOnScanout: false, prefersShadow: false),
            Setup(orientation: .upright, format: .rgb565, turnsOnScanout: false, prefersShadow: false),
        ]

    func make(_ s: Setup) throws -> (TurningDisplay, FramePipeline, TestScene) {
        let display = try TurningDisplay(
            width: 96, height: 64, format: s.format, turns: s.turnsOnScanout, prefersShadow: s.prefersShadow)
        let pipeline = try FramePipeline(display: display, orientation: s.orientation, paintThreads: 1)
        let scene = TestScene(root: pipeline.compositor.root, width: pipeline.logicalWidth, height: pipeline.logicalHeight)
        return (display, pipeline, scene)
    }

    /// A picture with a diagonal so a wrong turn shows.
    static func picture() throws -> Surface {
        let s = try Surface(width: 40, height: 30, format: .xrgb8888)
        for y in 0..<30 {
            for x in 0..<40 { s[x, y] = x == y ? 0xffff_ffff : 0xff00_0000 | UInt32(x * 6) << 16 | UInt32(y * 8) }
        }
        return s
    }

    /// The same size, format and pixel bytes.
    static func sameBytes(_ a: Surface, _ b: Surface) -> Bool {
        guard a.width == b.width, a.height == b.height, a.format == b.format else { return false }
        let n = a.width * a.format.bytesPerPixel
        for y in 0..<a.height where memcmp(a.row(y, as: UInt8.self), b.row(y, as: UInt8.self), n) != 0 { return false }
        return true
    }

    @Test(arguments: setups) func overlaidFramesAndTheFramesAfter(setup: Setup) throws {
        let (display, pipeline, scene) = try make(setup)
        let (plainDisplay, plain, plainScene) = try make(setup)
        #expect(pipeline.turnsOnScanout == setup.turnsOnScanout)
        let picture = try Self.picture()
        let (bw, bh) = (pipeline.bufferWidth, pipeline.bufferHeight)
        for frame in 0..<14 {
            // The scene moves under the picture, then rests: what the buffers still hold
            // of the picture shows unless it is repaired.
            let t = 0.2 + 0.13 * Double(min(frame, 5))
            scene.update(time: t)
            plainScene.update(time: t)
            let shown = (3..<8).contains(frame)
            var overlay: FrameOverlay? = nil
            if shown {
                let angle = 0.35 * Double(frame - 3) - 0.2
                let (c, s) = (cos(angle), sin(angle))
                let h = Homography.translation(x: Double(bw) / 2, y: Double(bh) / 2)
                    * Homography(a: c, b: -s, c: 0, d: s, e: c, f: 0, g: 0, h: 0, i: 1)
                    * Homography.translation(x: -20, y: -15)
                overlay = FrameOverlay(picture: picture, homography: h, opacity: UInt8(255 - 40 * (frame - 3)))
            }
            pipeline.overlay = overlay
            #expect(pipeline.needsDisplay || !shown)
            try pipeline.drawFrame()
            try plain.drawFrame()
            let got = try #require(display.front)
            let scene = try #require(plainDisplay.front)
            #expect(got.width == bw && got.height == bh)
            if let overlay, setup.format == .xrgb8888 {
                let want = scene.copy()
                let m = try #require(overlay.homography.destinationToSource(over: want.bounds))
                try want.draw(picture, destinationToSource: m, opacity: overlay.opacity, path: .reference)
                #expect(Self.sameBytes(got, want), "\(setup) frame \(frame): the scene with the picture over it")
            } else if overlay != nil {
                #expect(!Self.sameBytes(got, scene), "\(setup) frame \(frame): the picture shows")
            } else {
                #expect(Self.sameBytes(got, scene), "\(setup) frame \(frame): the scene alone")
            }
        }
        #expect(!pipeline.needsDisplay || pipeline.compositor.needsDisplay, "nothing left to draw for the overlay")
    }

    /// A turn's first frame: a picture that covers the buffer whole, opaque, exact
    /// (`hidesScene`). That frame is the picture alone, written before the scene under it
    /// is composited; the scene is composited by `prepareUnderOverlay` between frames (or,
    /// when nobody called it, by the next frame itself), and the frames that fade the
    /// picture out show the scene under it as a pipeline that composited it at once does.
    @Test(arguments: setups) func aPictureThatHidesTheSceneIsDrawnBeforeTheSceneUnderIt(setup: Setup) throws {
        for prepared in [true, false] {
            let (display, pipeline, scene) = try make(setup)
            let (plainDisplay, plain, plainScene) = try make(setup)
            let (bw, bh) = (pipeline.bufferWidth, pipeline.bufferHeight)
            // The whole buffer in one picture, a diagonal so a wrong placement shows.
            let picture = try Surface(width: bw, height: bh, format: .xrgb8888)
            for y in 0..<bh {
                for x in 0..<bw { picture[x, y] = x == y ? 0xffff_ffff : 0xff00_0000 | UInt32(x * 2) << 16 | UInt32(y * 3) }
            }
            for frame in 0..<4 {
                let t = 0.2 + 0.13 * Double(frame)
                scene.update(time: t)
                plainScene.update(time: t)
                let opacity = UInt8(255 - 60 * frame)
                pipeline.overlay = FrameOverlay(
                    picture: picture, homography: .identity, opacity: opacity, hidesScene: frame == 0)
                try pipeline.drawFrame()
                try plain.drawFrame()
                let got = try #require(display.front)
                if frame == 0 {
                    #expect(pipeline.needsUnderOverlay, "\(setup): the scene under the first frame waits")
                    if setup.format == .xrgb8888 {
                        #expect(Self.sameBytes(got, picture), "\(setup): the first frame is the picture alone")
                    }
                    if prepared { try pipeline.prepareUnderOverlay() }
                    #expect(pipeline.needsUnderOverlay == !prepared)
                    continue
                }
                #expect(!pipeline.needsUnderOverlay)
                guard setup.format == .xrgb8888 else { continue }
                let want = try #require(plainDisplay.front).copy()
                let m = try #require(Homography.identity.destinationToSource(over: want.bounds))
                try want.draw(picture, destinationToSource: m, opacity: opacity, path: .reference)
                #expect(
                    Self.sameBytes(got, want),
                    "\(setup) frame \(frame)\(prepared ? "" : ", not prepared"): the scene under the fading picture")
            }
        }
    }

    /// An orientation asked for again right after a turn's first frame, before the scene
    /// under it was composited: the old frame the next turn starts from is the picture
    /// the panel shows, not an empty surface.
    @Test func theOldFrameRightAfterAHiddenFirstFrame() throws {
        let setup = Setup(orientation: .clockwise90, format: .xrgb8888, turnsOnScanout: false, prefersShadow: false)
        let (display, pipeline, scene) = try make(setup)
        scene.update(time: 0.2)
        let picture = try Surface(width: pipeline.bufferWidth, height: pipeline.bufferHeight, format: .xrgb8888)
        picture.fill(0xff12_3456)
        pipeline.overlay = FrameOverlay(picture: picture, homography: .identity, opacity: 255, hidesScene: true)
        try pipeline.drawFrame()
        let old = try pipeline.oldFrame()
        #expect(Self.sameBytes(old.picture, try #require(display.front)))
        #expect(!pipeline.needsUnderOverlay)
    }
}
