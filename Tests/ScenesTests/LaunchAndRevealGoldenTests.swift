import Assets
import Compositor
import Motion
import Raster
import Show
import ShowDemo
import Testing
import VitrineTestSupport

@testable import Scenes

/// Golden pictures of the launch and reveal effects with the demo show on an 800x480
/// panel mounted at 0 and at 90 degrees: the launch doors at 0, 0.3, 0.6, 0.9 and 1.2 s
/// after the hold, and the Books folder's reveal at 0, 0.125, 0.25 and 0.5 s after its
/// start (`--scene folder:books`). The pictures are the scene's logical screen (800x480
/// for r0, 480x800 for r90), before the frame pipeline turns them into the panel's space
/// (tested in RuntimeTests). Text drawn with the default font. Recorded with
/// VITRINE_RECORD=1 and looked at; each also asserts its numbers.
@Suite struct LaunchAndRevealGoldenTests {
    static let golden = GoldenImage.directory()

    static func harness(mount: Int, start: ShowTarget?) throws -> ShowHarness {
        try ShowHarness(
            show: DemoShow.show, assets: ShowAssets.demo(), panelWidth: 800, panelHeight: 480, mount: mount,
            start: start, text: true)
    }

    static func name(_ scene: String, mount: Int, at t: Double) -> String {
        let ms = String(Int((t * 1000).rounded()))
        return "\(scene)_800x480_r\(mount)_t" + String(repeating: "0", count: max(0, 4 - ms.count)) + ms
    }

    /// The launch `after` seconds after the hold: the doors' inner edges at
    /// W/2 -+ p * max(W, H) within 1 px (p: ease-in-out of after / 1.2), the home screen
    /// between them; at 1.2 s the doors are gone.
    @Test(arguments: [0, 90], [0, 0.3, 0.6, 0.9, 1.2]) func launch(mount: Int, after: Double) throws {
        let h = try Self.harness(mount: mount, start: nil)
        let launch = DemoShow.show.launch!
        let t = launch.hold + after
        h.scene.update(time: 0)
        _ = try h.render()
        h.scene.update(time: t)
        let surface = try h.render()
        let w = Double(h.scene.width)
        let height = Double(h.scene.height)
        let p = launch.curve.value(at: after / launch.duration)
        if after < launch.duration {
            let doors = try #require(h.scene.launch)
            #expect(abs(doors.leftDoor.frame.maxX - (w / 2 - p * max(w, height))) <= 1)
            #expect(abs(doors.rightDoor.frame.minX - (w / 2 + p * max(w, height))) <= 1)
        } else {
            #expect(h.scene.launch == nil)
        }
        try assertGolden(surface, named: Self.name("launch", mount: mount, at: after), in: Self.golden)
    }

    /// The reveal `after` seconds after it starts: the lower part's top edge at
    /// split + p * (panel height - rise) within 1 px (p: ease-out of after / 0.5), the
    /// upper part at -p * rise.
    @Test(arguments: [0, 90], [0, 0.125, 0.25, 0.5]) func reveal(mount: Int, after: Double) throws {
        let h = try Self.harness(mount: mount, start: .folder("books"))
        if after > 0 {
            _ = try h.render()  // the capture frame at t = 0
            h.scene.update(time: after)
        }
        let surface = try h.render()
        let r = try #require(h.scene.reveal)
        let L = r.layout
        let p = FolderReveal.curve.value(at: after / FolderReveal.duration)
        #expect(abs(r.lower.frame.minY - (L.split + p * (L.panelHeight - L.rise))) <= 1)
        #expect(abs(r.upper.frame.minY + p * L.rise) <= 1)
        try assertGolden(surface, named: Self.name("folder", mount: mount, at: after), in: Self.golden)
    }
}
