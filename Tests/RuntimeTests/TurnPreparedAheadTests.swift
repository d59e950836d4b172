import Input
import Raster
import Rotation
import Testing

@testable import Runtime
@testable import Scenes

/// The frame that asks for a turn does not resample a picture: home's pictures for the
/// other orientation (the wallpaper above all: 117 M of the 122 M instructions that
/// frame took at 1920x1080) are made ahead, once the show first rests (here after its
/// first frame), outside any frame, as the kiosk does (`Kiosk.prepareTurn`). Counted by the show's
/// picture cache (`ShowPictures.made`), not by a clock: deterministic.
@Suite struct TurnPreparedAheadTests {
    /// Pictures made by the end of each frame of `vitrine render` (the render's own
    /// preparation at rest included, which runs after the frame is drawn), the
    /// orientation each frame was drawn in, and the frames' pictures.
    static func render(_ script: String?, frames: Int) throws -> (made: [Int], orientations: [Orientation]) {
        var request = RenderRequest(
            width: 320, height: 192, rotation: .upright, scene: "home", times: .frames(count: frames, fps: 60),
            outPath: "/nonexistent")
        request.timingOnly = true
        if let script {
            request.touchScript = try TouchScript.parseValidated(
                script, path: "turn.touch", panel: PanelSize(width: 320, height: 192))
        }
        let show = try ShowPlayback.load(folder: nil)
        let renderer = try HeadlessRenderer(request, program: show, textRasterizer: AssetsTextRasterizer())
        var made: [Int] = []
        var orientations: [Orientation] = []
        _ = try renderer.run { _ in
            made.append(show.pictures.made)
            orientations.append(renderer.orientation)
        }
        return (made, orientations)
    }

    @Test func theRequestFrameFindsHomesPicturesMade() throws {
        // Frame 6 (t = 0.1) asks for the turn; frames 1-5 draw home at rest.
        let r = try Self.render("0.100 rotate 90\n", frames: 10)
        let still = try Self.render(nil, frames: 6)
        #expect(r.orientations[5] == .upright && r.orientations[6] == .clockwise90)
        let ahead = r.made[5] - still.made[5]
        #expect(ahead > 0, "home's pictures for 192x320 made ahead, at rest, before the turn")
        #expect(r.made[6] == r.made[5], "the request frame resampled \(r.made[6] - r.made[5]) pictures")
        #expect(r.made[9] == r.made[5], "nor the turn's frames after it")
    }

    /// Without a turn in the script nothing is made ahead (a panel that never turns
    /// keeps one orientation's pictures, as the kiosk with a fixed source).
    @Test func withoutATurnNothingIsMadeAhead() throws {
        let r = try Self.render(nil, frames: 10)
        #expect(r.made.allSatisfy { $0 == r.made[0] })
    }
}
