import Input
import Raster
import Rotation
import Scenes

@testable import Runtime

/// `vitrine render` of the demo show for the rotation tests: the panel's pictures at the
/// requested times (copies), the orientation each was drawn in, and the renderer.
struct RotationRender {
    var frames: [Surface]
    var orientations: [Orientation]
    var renderer: HeadlessRenderer

    /// Renders `scene` on a `width` x `height` panel turned `rotation`, playing `script`
    /// (checked as the runtime loads one), with text; nothing is written to disk.
    init(
        _ scene: String, width: Int, height: Int, rotation: Orientation = .upright, script: String? = nil,
        times: RenderRequest.Times
    ) throws {
        var request = RenderRequest(
            width: width, height: height, rotation: rotation, scene: scene, times: times, outPath: "/nonexistent")
        request.timingOnly = true
        if let script {
            request.touchScript = try TouchScript.parseValidated(
                script, path: "turn.touch", panel: PanelSize(width: width, height: height))
        }
        let renderer = try HeadlessRenderer(
            request, program: try ShowPlayback.load(folder: nil), textRasterizer: AssetsTextRasterizer())
        var frames: [Surface] = []
        var orientations: [Orientation] = []
        _ = try renderer.run { _ in
            if let front = renderer.display?.front { frames.append(front.copy()) }
            orientations.append(renderer.orientation)
        }
        self.frames = frames
        self.orientations = orientations
        self.renderer = renderer
    }

    /// The one frame of a render at one time.
    static func frame(
        _ scene: String, width: Int, height: Int, rotation: Orientation = .upright, script: String? = nil, at t: Double
    ) throws -> Surface {
        let r = try RotationRender(scene, width: width, height: height, rotation: rotation, script: script, times: .at([t]))
        guard let f = r.frames.first else { throw RotationRenderError.noFrame }
        return f
    }
}

enum RotationRenderError: Error { case noFrame }

/// Pixels of `a` and `b` (same size) whose colour differs at all: 0 for the same picture.
func differingPixels(_ a: Surface, _ b: Surface) -> Int {
    guard a.width == b.width, a.height == b.height else { return Int.max }
    var n = 0
    for y in 0..<a.height {
        for x in 0..<a.width where a[x, y] & 0xff_ffff != b[x, y] & 0xff_ffff { n += 1 }
    }
    return n
}

/// The 8-bit channels (red, green, blue) of an xrgb8888 pixel.
func channels(_ p: UInt32) -> [Int] { [Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff)] }
