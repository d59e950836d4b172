import Compositor
import Raster
import Show
import Testing

@testable import Scenes

/// Every scene, at the smallest supported panel (120x120) and at the sizes the review
/// crashed on (1x1, 2x2, 1x2000, 8192x1: `Board` refuses them, but a size that reaches
/// the scenes anyway must never trap), builds, animates and renders. Sizes stay small:
/// debug builds are slow.
@Suite struct TinyPanelTests {
    static let sizes: [(Int, Int)] = [(120, 120), (1, 1), (2, 2), (1, 2000), (8192, 1)]
    static let starts: [ShowTarget?] = [nil, .home, .folder("books"), .shelf, .book("atlas"), .cards("team"), .menu]

    @Test(arguments: 0..<sizes.count) func everyShowSceneRenders(size: Int) throws {
        let (w, h) = Self.sizes[size]
        for start in Self.starts {
            for mount in [0, 90] {
                let harness = try ShowHarness(panelWidth: w, panelHeight: h, mount: mount, start: start, text: true)
                harness.frame(at: 0)
                try harness.render()
                harness.run(until: 3, step: 0.25) { _ in _ = try? harness.render() }
                let out = try harness.render()
                #expect(out.width * out.height == w * h, "\(w)x\(h) \(start?.description ?? "launch") at \(mount)")
            }
        }
    }

    /// The built-in test scene (`--scene test`), whose cards are 20% x 30% of the screen:
    /// 0 pixels wide on the panels of the review, where it trapped in a `try!`.
    @Test(arguments: 0..<sizes.count) func theTestSceneRenders(size: Int) throws {
        let (w, h) = Self.sizes[size]
        let compositor = Compositor(width: w, height: h, paintThreads: 0)
        compositor.textRasterizer = AssetsTextRasterizer()
        let scene = TestScene(root: compositor.root, width: w, height: h)
        let target = try Surface(width: w, height: h, format: .xrgb8888)
        for t in [0.0, 0.5, 1.0, 2.0, 3.0] {
            scene.update(time: t)
            _ = try compositor.render(into: target, bufferAge: 1)
        }
        #expect(scene.cards.count == 10)
    }

    /// The pictures themselves: any size asked for, at least 1 x 1 made.
    @Test func testPicturesClampToOnePixel() {
        let card = TestPictures.card(width: 0, height: -3, hue: 2)
        #expect((card.width, card.height) == (1, 1))
        let backdrop = TestPictures.backdrop(width: 0, height: 5)
        #expect((backdrop.width, backdrop.height) == (1, 5))
    }
}
