import FixedPoint
internal import Glibc
import Compositor
import Input
import Raster

/// The built-in test scene of `vitrine render` until the show exists: a backdrop, ten
/// overlapping cards that turn, slide and fade (affine, perspective, group opacity), and
/// text. It animates for `duration` seconds and then holds still, so a run shows both
/// the cost of a busy frame and of a frame in which nothing changed.
public final class TestScene {
    /// Seconds of motion; afterwards every property keeps its last value.
    public static let duration = 2.0
    public let width: Int
    public let height: Int
    let backdrop: Layer
    let cards: [Layer]
    let title: Layer
    let caption: Layer
    /// Where touch moved each card, added to its animated position (points).
    var dragOffsets: [Point2D]
    /// Each card's zPosition boost from taps (the last tapped is on top).
    var raised: [Double]
    private var raiseCount = 0
    /// The time of the last `update`, seconds.
    public private(set) var lastTime = 0.0

    /// Builds the scene's layers under `root` (the logical screen, `width` x `height`).
    public init(root: Layer, width: Int, height: Int) {
        self.width = width
        self.height = height
        let w = Double(width), h = Double(height)
        backdrop = Layer(name: "backdrop", frame: Rect2D(x: 0, y: 0, width: w, height: h))
        backdrop.contents = .image(TestPictures.backdrop(width: width, height: height))
        root.addSublayer(backdrop)

        let cw = (w * 0.2).rounded(), ch = (h * 0.3).rounded()
        var made: [Layer] = []
        for i in 0..<10 {
            let card = Layer(name: "card\(i)", frame: Rect2D(x: 0, y: 0, width: cw, height: ch))
            card.contents = .image(TestPictures.card(width: Int(cw), height: Int(ch), hue: i))
            let label = Layer(
                name: "label\(i)", frame: Rect2D(x: cw * 0.08, y: ch * 0.35, width: cw * 0.84, height: ch * 0.5))
            label.contents = .text(
                "Card \(i + 1): layers turn, slide and fade over each other",
                TextAttributes(size: (ch * 0.1).rounded(), color: 0xff20_2430, maxLines: 3))
            card.addSublayer(label)
            // A card and its label are one picture while they don't change (Core
            // Animation's shouldRasterize): one transformed draw a frame, not two.
            card.shouldRasterize = true
            root.addSublayer(card)
            made.append(card)
        }
        cards = made
        dragOffsets = Array(repeating: .zero, count: made.count)
        raised = Array(repeating: 0, count: made.count)
        title = Layer(name: "title", frame: Rect2D(x: w * 0.05, y: h * 0.03, width: w * 0.9, height: (h * 0.08).rounded()))
        title.contents = .text(
            "Vitrine test scene", TextAttributes(size: (h * 0.06).rounded(), weight: .bold, color: 0xffff_ffff))
        caption = Layer(
            name: "caption", frame: Rect2D(x: w * 0.05, y: h * 0.9, width: w * 0.9, height: (h * 0.06).rounded()))
        caption.contents = .text(
            "Ten image layers, affine and perspective, with text; the compositor repaints only what changed.",
            TextAttributes(size: (h * 0.03).rounded(), color: 0xffdd_ddee, alignment: .center, maxLines: 1))
        title.zPosition = 100
        caption.zPosition = 100
        root.addSublayer(title)
        root.addSublayer(caption)
        update(time: 0)
    }

    /// Touch on the cards: a pan drags a card, a tap brings it to the front.
    public func attachGestures(to router: TouchRouter<LayerHitTester>) {
        for i in 0..<cards.count {
            var start = Point2D.zero
            let pan = PanRecognizer { [unowned self] pan in
                switch pan.state {
                case .began: start = self.dragOffsets[i]
                case .changed, .ended:
                    self.dragOffsets[i] = Point2D(x: start.x + pan.translation.x, y: start.y + pan.translation.y)
                default: break
                }
            }
            let tap = TapRecognizer { [unowned self] _ in
                self.raiseCount += 1
                self.raised[i] = 10 + Double(self.raiseCount)
            }
            router.attach(pan, to: LayerTarget(cards[i]))
            router.attach(tap, to: LayerTarget(cards[i]))
        }
    }

    /// Sets every layer for `time` seconds since the start (clamped to 0...duration).
    public func update(time: Double) {
        lastTime = time
        let t = Swift.min(Swift.max(time, 0), Self.duration)
        let p = t / Self.duration
        let w = Double(width), h = Double(height)
        for i in 0..<cards.count {
            let card = cards[i]
            let k = Double(i)
            // Start on a loose fan across the screen, drift along a curve as p grows.
            let phase = k * 0.63 + p * 2 * Double.pi * 0.5
            let x = w * (0.12 + 0.084 * k) + w * 0.04 * sin(phase)
            let y = h * (0.52 + 0.2 * sin(k * 1.7)) + h * 0.05 * cos(phase)
            card.position = Point2D(x: (x + dragOffsets[i].x).rounded(), y: (y + dragOffsets[i].y).rounded())
            card.zPosition = k + raised[i]
            switch i % 5 {
            case 0:
                card.transform = .identity  // an integer translation: the copy/over path
            case 1, 3:
                card.transform = .rotation(angle: (-15 + 30 * p + 7 * k) * Double.pi / 180, x: 0, y: 0, z: 1)
            case 2:
                card.transform = Transform3D.scale(x: 0.9 + 0.2 * p, y: 0.9 + 0.2 * p)
                    .rotated(angle: 0.2 * sin(phase), x: 0, y: 0, z: 1)
            default:
                // Turned in perspective about its vertical axis, like a page.
                card.transform = Transform3D.perspective(eyeDistance: 2000)
                    .rotated(angle: (20 + 40 * p) * Double.pi / 180, x: 0, y: 1, z: 0)
            }
            card.opacity = i == 7 ? 0.6 + 0.4 * p : 1
        }
    }
}
