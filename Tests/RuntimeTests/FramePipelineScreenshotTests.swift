import Compositor
import Display
import FixedPoint
import Raster
import Rotation
import Testing

@testable import Runtime

/// `FramePipeline.panelPicture`: the frame last presented as the panel shows it, whatever
/// the pipeline does to get it there: the scanout buffer turned as the display turns it
/// on scanout (what a screendump of the scanout shows), for every orientation, both
/// formats, a shadow or none, a turn on scanout, and frames with an overlay over them.
@Suite struct FramePipelineScreenshotTests {
    typealias Setup = FrameOverlayTests.Setup

    /// What the panel shows: the front buffer, turned by the display's scanout turn.
    static func scannedOut(_ display: FrameOverlayTests.TurningDisplay, turn: QuarterTurn?) throws -> Surface {
        let front = try #require(display.front)
        guard let turn else { return front }
        let (w, h) = turn.turnedSize(width: front.width, height: front.height)
        let panel = try Surface(width: w, height: h, format: front.format)
        try panel.rotate(from: front, turn: turn)
        return panel
    }

    @Test(arguments: FrameOverlayTests.setups) func thePictureIsWhatThePanelShows(setup: Setup) throws {
        let (display, pipeline, scene) = try FrameOverlayTests().make(setup)
        #expect(throws: ScreenshotError.noFrame) { try pipeline.panelPicture() }
        let picture = try FrameOverlayTests.picture()
        for frame in 0..<8 {
            scene.update(time: 0.2 + 0.13 * Double(frame))
            pipeline.overlay =
                (2..<5).contains(frame)
                ? FrameOverlay(
                    picture: picture, homography: .translation(x: Double(frame), y: 3), opacity: UInt8(200 - 30 * frame))
                : nil
            try pipeline.drawFrame()
            let got = try pipeline.panelPicture()
            #expect(got.width == display.width && got.height == display.height, "\(setup) frame \(frame)")
            #expect(got.format == display.format)
            let want = try Self.scannedOut(display, turn: pipeline.bufferTurn)
            #expect(FrameOverlayTests.sameBytes(got, want), "\(setup) frame \(frame)")
        }
    }
}
