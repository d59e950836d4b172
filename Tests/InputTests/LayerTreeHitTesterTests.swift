import FixedPoint
import Glibc
import Testing
@testable import Input

/// A layer as the compositor would adapt it: bounds in layer space and an affine map from
/// layer space to logical space (the compositor's is a 3x3 homography; an affine one is
/// enough to show the walk honours it).
final class TestLayer: HitTestNode {
    let name: String
    var width: Double, height: Double
    /// Layer to logical: (x, y) -> (a x + c y + tx, b x + d y + ty).
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0
    var isHidden = false
    var takesTouches = true
    var clipsHitTestingToBounds = false
    weak var parent: TestLayer?
    var children: [TestLayer] = []

    init(_ name: String, _ width: Double, _ height: Double, at x: Double = 0, _ y: Double = 0) {
        self.name = name
        self.width = width
        self.height = height
        tx = x
        ty = y
    }

    func add(_ child: TestLayer) {
        child.parent = self
        children.append(child)
    }

    /// Turns the layer by `degrees` (clockwise on screen, y down) about its centre.
    func rotate(_ degrees: Double) {
        let r = degrees * .pi / 180
        let (cx, cy) = (tx + width / 2, ty + height / 2)
        a = cos(r)
        b = sin(r)
        c = -sin(r)
        d = cos(r)
        tx = cx - (a * width / 2 + c * height / 2)
        ty = cy - (b * width / 2 + d * height / 2)
    }

    var hitTestParent: TestLayer? { parent }
    var hitTestChildren: [TestLayer] { children }
    var isHitTestVisible: Bool { !isHidden }

    func containsForHitTesting(_ p: Point2D) -> Bool {
        let det = a * d - b * c
        guard det != 0 else { return false }
        let (x, y) = (p.x - tx, p.y - ty)
        let u = (d * x - c * y) / det
        let v = (-b * x + a * y) / det
        return u >= 0 && u < width && v >= 0 && v < height
    }

    static func == (l: TestLayer, r: TestLayer) -> Bool { l === r }
    func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

@Suite struct LayerTreeHitTesterTests {
    /// root (800x480) > back (0,0 400x400), front (200,0 400x400) > button (300,100 100x100)
    func tree() -> (TestLayer, [String: TestLayer]) {
        let root = TestLayer("root", 800, 480)
        let back = TestLayer("back", 400, 400)
        let front = TestLayer("front", 400, 400, at: 200, 0)
        let button = TestLayer("button", 100, 100, at: 300, 100)
        root.add(back)
        root.add(front)
        front.add(button)
        return (root, ["root": root, "back": back, "front": front, "button": button])
    }

    func hit(_ root: TestLayer, _ x: Double, _ y: Double) -> String? {
        LayerTreeHitTester(root: root).hitTest(Point2D(x: x, y: y))?.name
    }

    @Test func theFrontMostDeepestLayerIsHit() {
        let (root, _) = tree()
        #expect(hit(root, 100, 100) == "back")
        #expect(hit(root, 250, 100) == "front")  // front is painted after back
        #expect(hit(root, 350, 150) == "button")
        #expect(hit(root, 700, 450) == "root")
        #expect(hit(root, 900, 100) == nil)
        #expect(hit(root, .nan, 100) == nil)
    }

    @Test func hiddenLayersAndTheirSublayersTakeNoTouches() {
        let (root, l) = tree()
        l["button"]!.isHidden = true
        #expect(hit(root, 350, 150) == "front")
        l["button"]!.isHidden = false
        l["front"]!.isHidden = true
        #expect(hit(root, 350, 150) == "back")
        #expect(hit(root, 500, 150) == "root")
    }

    @Test func transformsAreHonoured() {
        let (root, l) = tree()
        // The button turned 45 degrees about its centre (350, 150): a diamond reaching
        // 70.7 pt from the centre along the axes.
        l["button"]!.rotate(45)
        #expect(hit(root, 305, 105) == "front", "the unturned corner is no longer the button")
        #expect(hit(root, 350, 85) == "button", "the diamond's top tip reaches above the old top edge")
        #expect(hit(root, 350, 150) == "button")
        // Scaled 2x about the origin of logical space: 600...800 x 200...400.
        let b = l["button"]!
        (b.a, b.b, b.c, b.d, b.tx, b.ty) = (2, 0, 0, 2, 0, 0)
        b.width = 100
        b.height = 100
        #expect(hit(root, 190, 150) == "button")
        #expect(hit(root, 210, 150) == "front")
    }

    @Test func aClippingLayerHidesSublayersOutsideIt() {
        let (root, l) = tree()
        let overflow = TestLayer("overflow", 100, 100, at: 550, 350)  // pokes out below front
        l["front"]!.add(overflow)
        #expect(hit(root, 575, 425) == "overflow")
        l["front"]!.clipsHitTestingToBounds = true
        #expect(hit(root, 575, 425) == "root")
        #expect(hit(root, 575, 375) == "overflow")
    }

    @Test func aLayerThatTakesNoTouchesLetsThemThrough() {
        let (root, l) = tree()
        let shadow = TestLayer("shadow", 800, 480)
        shadow.takesTouches = false
        root.add(shadow)
        #expect(hit(root, 350, 150) == "button")
        l["front"]!.takesTouches = false
        #expect(hit(root, 250, 100) == "back")
    }

    @Test func aCycleInABrokenTreeEndsTheWalk() {
        let a = TestLayer("a", 10, 10)
        let b = TestLayer("b", 10, 10)
        a.add(b)
        b.children = [a]  // broken: a is its own grandchild
        #expect(LayerTreeHitTester(root: a).hitTest(Point2D(x: 5, y: 5)) != nil)
        b.parent = a
        a.parent = b
        let router = TouchRouter(hitTester: LayerTreeHitTester(root: a))
        router.attach(TapRecognizer(), to: a)
        let f = Finger()
        router.handle(f.down(5, 5, at: 0))
        router.handle(f.up(at: 0.1))
        #expect(router.activeTouchCount == 0)
    }

    @Test func theRouterWalksUpThroughHitTestParent() {
        let (root, l) = tree()
        let router = TouchRouter(hitTester: LayerTreeHitTester(root: root))
        var tapped: [String] = []
        router.attach(TapRecognizer { _ in tapped.append("front") }, to: l["front"]!)
        router.attach(TapRecognizer { _ in tapped.append("root") }, to: root)
        for (i, p) in [(350.0, 150.0), (100.0, 100.0)].enumerated() {
            let f = Finger(UInt64(i + 1))
            router.handle(f.down(p.0, p.1, at: Double(i)))
            router.handle(f.up(at: Double(i) + 0.1))
        }
        #expect(tapped == ["front", "root"])
    }
}
