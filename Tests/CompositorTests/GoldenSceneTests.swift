import FixedPoint
import Raster
import Testing
import VitrineTestSupport

@testable import Compositor

/// The compositor's pictures, checked by eye once and by golden image since
/// (the Testing article): a backdrop, a card turned about z, a page turned in perspective about
/// its spine, a faded group of overlapping squares, a translucent colour and a masked
/// layer. 160x120, small enough for a debug build.
@Suite struct GoldenSceneTests {
    static let golden = GoldenImage.directory()

    func scene() -> Compositor {
        let c = Compositor(width: 160, height: 120, clearColor: 0xff10_1018)
        let backdrop = Layer(name: "backdrop", frame: Rect2D(x: 0, y: 0, width: 160, height: 120))
        backdrop.contents = .image(TestImages.gradient(width: 160, height: 120, blue: 0x40))
        c.root.addSublayer(backdrop)

        let card = Layer(name: "card", frame: Rect2D(x: 12, y: 14, width: 48, height: 36))
        card.contents = .image(TestImages.gradient(width: 48, height: 36, blue: 0xff))
        card.transform = .rotation(angle: -15 * Double.pi / 180, x: 0, y: 0, z: 1)
        c.root.addSublayer(card)

        let page = Layer(name: "page", bounds: Rect2D(x: 0, y: 0, width: 60, height: 50), position: Point2D(x: 80, y: 40))
        page.anchorPoint = Point2D(x: 0, y: 0.5)
        page.contents = .color(0xfff0_f0e8)
        let line = Layer(name: "line", frame: Rect2D(x: 6, y: 10, width: 48, height: 4), contents: .color(0xff30_3040))
        page.addSublayer(line)
        page.transform = Transform3D.perspective(eyeDistance: 300).rotated(angle: 50 * Double.pi / 180, x: 0, y: 1, z: 0)
        c.root.addSublayer(page)

        let group = Layer(name: "group", frame: Rect2D(x: 20, y: 66, width: 50, height: 44))
        group.opacity = 0.6
        group.addSublayer(Layer(frame: Rect2D(x: 0, y: 0, width: 32, height: 30), contents: .color(0xffe0_4030)))
        group.addSublayer(Layer(frame: Rect2D(x: 18, y: 14, width: 32, height: 30), contents: .color(0xff30_60e0)))
        c.root.addSublayer(group)

        let glass = Layer(name: "glass", frame: Rect2D(x: 90, y: 72, width: 56, height: 36))
        glass.contents = .color(Color.premultiplied(0x80ff_ffff))
        glass.masksToBounds = true
        let disc = Layer(name: "disc", frame: Rect2D(x: 36, y: 16, width: 32, height: 32), contents: .image(TestImages.disc(size: 32)))
        glass.addSublayer(disc)
        c.root.addSublayer(glass)
        return c
    }

    @Test func layersOfEveryKind() throws {
        let c = scene()
        let target = TestImages.target(width: 160, height: 120)
        _ = try c.render(into: target, bufferAge: 0)
        try assertGolden(target, named: "layers_160x120", in: Self.golden)
    }

    @Test func afterMovesTheDamagedFrameMatchesItsGolden() throws {
        // The same scene after a few changes, drawn by damage repair only.
        let c = scene()
        let target = TestImages.target(width: 160, height: 120)
        _ = try c.render(into: target, bufferAge: 0)
        let layers = c.root.sublayers
        layers[1].transform = .rotation(angle: 20 * Double.pi / 180, x: 0, y: 0, z: 1)
        layers[2].transform = Transform3D.perspective(eyeDistance: 300).rotated(angle: 70 * Double.pi / 180, x: 0, y: 1, z: 0)
        layers[3].position.x += 30
        layers[4].sublayers[0].position.x -= 20
        let stats = try c.render(into: target, bufferAge: 1)
        #expect(!stats.fullRepaint)
        try assertGolden(target, named: "layers_160x120_moved", in: Self.golden)
    }
}
