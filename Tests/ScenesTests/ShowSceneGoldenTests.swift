import Assets
import Compositor
import Motion
import Raster
import Show
import ShowDemo
import Testing
import VitrineTestSupport

@testable import Scenes

/// Golden pictures of the demo show's screens at 240x144 (logical space, rotation 0),
/// text drawn with the default font. Recorded with VITRINE_RECORD=1 and looked at.
@Suite struct ShowSceneGoldenTests {
    static let golden = GoldenImage.directory()

    static func render(_ start: ShowTarget?, at time: Double) throws -> (ShowHarness, Surface) {
        let h = try ShowHarness(show: DemoShow.show, assets: ShowAssets.demo(), start: start, text: true)
        h.scene.update(time: time)
        return (h, try h.render())
    }

    /// Home: the wallpaper, the tiles centred, the translucent top bar with the show's title
    /// and the menu button at its left.
    @Test func home() throws {
        let (h, surface) = try Self.render(.home, at: 0)
        // The menu button's middle bar is white.
        let m = h.home.menuButton
        #expect(surface[Int(m.centre.x), Int(m.centre.y)] == 0xffff_ffff)
        try assertGolden(surface, named: "show_home_240x144_r0", in: Self.golden)
    }

    /// The first folder as a plain screen (opened from a screen other than home): the
    /// bar with the menu button, "‹ Home" and the title, its tiles.
    @Test func folder() throws {
        let id = try #require(DemoShow.show.folders.first).id
        let h = try ShowHarness(show: DemoShow.show, assets: ShowAssets.demo(), start: .shelf, text: true)
        h.scene.open(.folder(id), time: 0)
        h.scene.update(time: 0.3)
        #expect(h.scene.screen is FolderScreen)
        let surface = try h.render()
        // The bar's colour at its middle bottom row, the background under it.
        #expect(surface[120, Int(h.metrics.barHeight) - 1] == ScreenColors.bar)
        #expect(surface[2, Int(h.metrics.barHeight) + 2] == ScreenColors.background)
        try assertGolden(surface, named: "show_folder_240x144_r0", in: Self.golden)
    }

    /// The launch a quarter of the way through the opening (t = 0.8 s): the doors have
    /// moved round(240 * p) px each, p = ease-in-out(0.25); the home screen shows
    /// between them (the background has faded out over the opening's first quarter).
    @Test func launchOpening() throws {
        let (h, surface) = try Self.render(nil, at: 0.8)
        let doors = try #require(h.scene.launch)
        let d = (240 * TimingCurve.easeInOut.value(at: 0.25)).rounded()
        #expect(d == 31)
        #expect(doors.leftDoor.frame.maxX == 120 - d && doors.rightDoor.frame.minX == 120 + d)
        #expect(doors.background.isHidden)
        try assertGolden(surface, named: "show_launch_240x144_r0_t0800", in: Self.golden)
    }
}
