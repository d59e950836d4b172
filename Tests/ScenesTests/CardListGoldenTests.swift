import Assets
import Compositor
import FixedPoint
import Foundation
import Show
import ShowDemo
import Testing
import VitrineTestSupport

@testable import Scenes

/// Golden pictures of the demo show's card list "team" (24 people) mid-tip on an 800x480
/// panel mounted at 0 and 90 degrees, at three scroll positions: 35 %, the middle
/// and the end of the list. At each the list, opened at the top (its first cards at
/// rest), jumps there at t = 0, so the cards displayed there tip in from 0, and is drawn
/// at t = 0.2 s: half way (-7.5°, half the translation, opacity 0.9), each on its
/// shadow at half strength. Logical space (800x480 for r0, 480x800 for r90), text
/// drawn. Recorded with VITRINE_RECORD=1 and looked at; each asserts every displayed
/// card's corners against the tip computed in `CardTipTests`.
@Suite struct CardListGoldenTests {
    static let golden = GoldenImage.directory()

    @Test(arguments: [0, 90], [35, 50, 100]) func midTip(mount: Int, percent: Int) throws {
        let h = try ShowHarness(
            show: DemoShow.show, assets: ShowAssets.demo(), panelWidth: 800, panelHeight: 480, mount: mount,
            start: .cards("team"), text: true)
        let s = try #require(h.scene.screen as? CardListScreen)
        let y = (s.layout.maxOffset * Double(percent) / 100).rounded()
        s.scroll(to: y)
        h.frame(at: 0.2)
        let visible = s.layout.visible(offset: y)
        #expect(visible.count >= 3)
        #expect(Set(s.state.entrances.keys) == Set(visible))
        for i in visible {
            let f = s.layout.frame(i, offset: y)
            let want = CardTipTests.corners(
                w: f.width, h: f.height, degrees: -7.5, t: (CardTipTests.t0.0 / 2, CardTipTests.t0.1 / 2)
            ).map { Point2D(x: $0.x + f.minX, y: $0.y + f.minY) }
            #expect(CardTipTests.close(try CardListScreenTests.corners(s, i), want, 1e-6), "card \(i)")
            #expect(abs(s.views[i]!.layer.opacity - 0.9) < 1e-9)
        }
        let surface = try h.render()
        // The bar's left end is the menu button (dark), the list's background shows
        // beside the cards at the right edge's middle only where no card overhangs.
        #expect(surface[2, 2] != ScreenColors.bar)
        try assertGolden(surface, named: "cards_800x480_r\(mount)_s\(percent)_t0200", in: Self.golden)
    }
}
