import Assets
import Compositor
import Show
import ShowDemo
import Testing
import VitrineTestSupport

@testable import Scenes

/// Golden pictures of the shelf with the demo show (three 400x600 covers) on an 800x480
/// panel mounted at 0 and 90 degrees, at three scroll offsets: 0 (the first cover
/// centred), half a pitch, one pitch (the second centred). Logical space (800x480 for r0,
/// 480x800 for r90), text drawn; each cover rounded on its soft shadow. Recorded with
/// VITRINE_RECORD=1 and looked at; each also asserts the covers' frames against
/// `ShelfLayout`.
@Suite struct ShelfGoldenTests {
    static let golden = GoldenImage.directory()

    @Test(arguments: [0, 90], [0, 50, 100]) func shelf(mount: Int, percent: Int) throws {
        let h = try ShowHarness(
            show: DemoShow.show, assets: ShowAssets.demo(), panelWidth: 800, panelHeight: 480, mount: mount,
            start: .shelf, text: true)
        let s = try #require(h.scene.screen as? ShelfScreen)
        let x = (s.layout.pitch * Double(percent) / 100).rounded()
        s.scroll(to: x)
        let surface = try h.render()
        // Each cover shown (its layer less the shadow's margin) is its slot scaled by the
        // article's factor about its centre (within a point: pictures are whole points),
        // the hidden ones off screen.
        for i in s.covers.indices where !s.covers[i].isHidden {
            let want = s.layout.frame(i, offset: x)
            let got = s.shownFrame(i)
            #expect(abs(got.minX - want.minX) <= 1 && abs(got.width - want.width) <= 1, "cover \(i)")
            #expect(abs(got.minY - want.minY) <= 1 && abs(got.height - want.height) <= 1, "cover \(i)")
        }
        // The middle of the screen shows a cover's picture (not the background) at 0 and
        // 100%; at 50% the gap between two covers is background.
        let mid = surface[h.scene.width / 2, h.scene.height / 2]
        if percent == 50 && mount == 0 {
            #expect(mid == ScreenColors.background)
        } else if percent != 50 {
            #expect(mid != ScreenColors.background)
        }
        try assertGolden(surface, named: "shelf_800x480_r\(mount)_o\(percent)", in: Self.golden)
    }
}
