import Compositor
import FixedPoint
import Foundation
import Motion
import Show
import Testing

@testable import Scenes

/// The tip-in numbers, each against a computation written out here: a point of the
/// content moved by the offset, then turned about the content's centre
/// (x' = x cos a - y sin a, y' = x sin a + y cos a in y-down coordinates, a < 0
/// counter-clockwise on screen), and Core Animation's interpolation (angle and the
/// matrix's translation linear in the curve's progress).
@Suite struct CardTipTests {
    /// The four corners (top-left, top-right, bottom-right, bottom-left) of a `w` x `h`
    /// content turned by `degrees` about its centre and moved by `t` (screen terms).
    static func corners(w: Double, h: Double, degrees: Double, t: (Double, Double)) -> [Point2D] {
        let a = degrees * Double.pi / 180
        let (cx, cy) = (w / 2, h / 2)
        return [(0.0, 0.0), (w, 0), (w, h), (0, h)].map { (x, y) in
            let (dx, dy) = (x - cx, y - cy)
            return Point2D(x: cx + dx * cos(a) - dy * sin(a) + t.0, y: cy + dx * sin(a) + dy * cos(a) + t.1)
        }
    }

    /// The article's start translation in screen terms: the offset (-20, -20) turned by
    /// -15°.
    static let t0: (Double, Double) = {
        let a = -15 * Double.pi / 180
        return (-20 * cos(a) + 20 * sin(a), -20 * sin(a) - 20 * cos(a))
    }()

    /// Where a layer showing a 300x100 card's content at rest puts `transform`'s corners
    /// (card coordinates: the layer's frame is (0, 0, 300, 100)).
    static func layerCorners(_ transform: Transform3D) -> [Point2D] {
        let l = Layer(name: "content", frame: Rect2D(x: 0, y: 0, width: 300, height: 100))
        l.transform = transform
        return [(0.0, 0.0), (300, 0), (300, 100), (0, 100)].map { l.localHomography.apply(Point2D(x: $0.0, y: $0.1))! }
    }

    static func close(_ a: [Point2D], _ b: [Point2D], _ tolerance: Double = 1e-9) -> Bool {
        zip(a, b).allSatisfy { abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance }
    }

    /// t = 0: the article's transform, built as the article builds it and as interpolated
    /// from progress 0, puts a 300x100 card's corners where the hand computation does;
    /// the top-left at (-32.32, 26.38).
    @Test func cornersAtTheStart() {
        #expect(abs(Self.t0.0 + 24.49) < 0.005 && abs(Self.t0.1 + 14.14) < 0.005)
        let want = Self.corners(w: 300, h: 100, degrees: -15, t: Self.t0)
        #expect(abs(want[0].x + 32.32) < 0.005 && abs(want[0].y - 26.38) < 0.005, "\(want[0])")
        let tip = CardTip.article
        #expect(Self.close(Self.layerCorners(tip.startTransform), want))
        #expect(Self.close(Self.layerCorners(tip.transform(progress: 0)), want))
        let t = tip.startTranslation
        #expect(abs(t.x - Self.t0.0) < 1e-12 && abs(t.y - Self.t0.1) < 1e-12 && t.z == 0)
        // The other corners, for the record: top-right, bottom-right, bottom-left.
        let got = Self.layerCorners(tip.startTransform)
        #expect(abs(got[1].x - 257.45) < 0.005 && abs(got[1].y + 51.26) < 0.005, "\(got[1])")
        #expect(abs(got[2].x - 283.33) < 0.005 && abs(got[2].y - 45.33) < 0.005, "\(got[2])")
        #expect(abs(got[3].x + 6.44) < 0.005 && abs(got[3].y - 122.98) < 0.005, "\(got[3])")
    }

    /// The curve's midpoint (0.2 s of 0.4, ease-in-out: progress 0.5): half the angle,
    /// half the translation; opacity 0.9.
    @Test func cornersAtTheMidpoint() {
        let tip = CardTip.article
        let p = tip.progress(elapsed: 0.2)
        #expect(abs(p - 0.5) < 1e-9)
        let want = Self.corners(w: 300, h: 100, degrees: -7.5, t: (Self.t0.0 / 2, Self.t0.1 / 2))
        #expect(Self.close(Self.layerCorners(tip.transform(progress: p)), want, 1e-6))
        #expect(abs(tip.opacity(progress: p) - 0.9) < 1e-9)
        // Ease-in-out: a quarter of the time is less than a quarter of the way.
        #expect(tip.progress(elapsed: 0.1) < 0.25 && tip.progress(elapsed: 0.1) > 0)
        #expect(tip.progress(elapsed: 0.4) == 1 && tip.transform(progress: 1).isIdentity)
        #expect(tip.opacity(progress: 0) == 0.8 && tip.opacity(progress: 1) == 1)
    }

    /// Every frame of a tip, at 1/60 s steps: the corners follow the interpolation (not
    /// a matrix blend, which would shrink the card mid-way).
    @Test func everyFrameFollowsTheInterpolation() {
        let tip = CardTip.article
        for k in 0...24 {
            let p = tip.progress(elapsed: Double(k) / 60)
            let want = Self.corners(w: 300, h: 100, degrees: -15 * (1 - p), t: (Self.t0.0 * (1 - p), Self.t0.1 * (1 - p)))
            #expect(Self.close(Self.layerCorners(tip.transform(progress: p)), want, 1e-6), "frame \(k)")
            // The content keeps its size: the top edge stays 300 long.
            let c = Self.layerCorners(tip.transform(progress: p))
            #expect(abs(hypot(c[1].x - c[0].x, c[1].y - c[0].y) - 300) < 1e-6)
        }
    }

    /// The flip: about the horizontal axis through the centre with m34 = -1/2000, from
    /// 90° (edge-on: the corners' heights collapse onto the axis) to 0; at 45° a point
    /// (x, y) from the centre lands at (x, y cos a) / (1 - y sin a / 2000).
    @Test func flip() {
        let list = CardList(id: "f", title: "F", items: [], tip: .flip)
        let tip = CardTip(list: list)
        #expect(tip.angle == 90 && tip.offsetX == 0 && tip.offsetY == 0)
        let start = Self.layerCorners(tip.transform(progress: 0))
        // Edge-on: the flattened plane has no area; its points all lie on the axis y = 50.
        let l = Layer(name: "c", frame: Rect2D(x: 0, y: 0, width: 300, height: 100))
        l.transform = tip.transform(progress: 0)
        #expect(abs(l.localHomography.determinant) < 1e-9)
        #expect(start.allSatisfy { abs($0.y - 50) < 1e-9 })
        #expect(Self.close(Self.layerCorners(tip.startTransform), start, 1e-9))
        let p = 0.5  // 45°
        let a = Double.pi / 4
        let got = Self.layerCorners(tip.transform(progress: p))
        for (k, (x, y)) in [(-150.0, -50.0), (150, -50), (150, 50), (-150, 50)].enumerated() {
            let w = 1 - y * sin(a) / 2000
            #expect(abs(got[k].x - (150 + x / w)) < 1e-9 && abs(got[k].y - (50 + y * cos(a) / w)) < 1e-9, "\(k)")
        }
        #expect(tip.transform(progress: 1).isIdentity)
    }

    /// The show's settings reach the tip; a fade is opacity only.
    @Test func settingsAndFade() {
        let list = CardList(
            id: "x", title: "X", items: [], tip: .rotate, tipAngle: 30, tipOffsetX: 5, tipOffsetY: -7, tipOpacity: 0.25,
            tipDuration: 1.5, again: .fade)
        let tip = CardTip(list: list)
        #expect(tip == CardTip(kind: .rotate, angle: 30, offsetX: 5, offsetY: -7, opacity: 0.25, duration: 1.5))
        #expect(abs(tip.progress(elapsed: 0.75) - 0.5) < 1e-9)
        let want = Self.corners(
            w: 300, h: 100, degrees: 30,
            t: (5 * cos(Double.pi / 6) + 7 * sin(Double.pi / 6), 5 * sin(Double.pi / 6) - 7 * cos(Double.pi / 6)))
        #expect(Self.close(Self.layerCorners(tip.startTransform), want))
        let fade = CardEntrance.pose(.fade, tip: tip, progress: 0.5)
        #expect(fade.transform.isIdentity && fade.opacity == 0.5)
        let start = CardEntrance.pose(.tip, tip: tip, progress: 0)
        #expect(start.opacity == 0.25 && start.transform == tip.startTransform)
    }
}
