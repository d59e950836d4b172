import Compositor
import Motion
import Show

/// How a card's content tips in when it is first displayed (after Ray Fix's
/// "How To Make a Table View Drop-In Card Animation"), as pure functions of the tip's
/// progress.
///
/// `rotate` (the article): the content starts at
/// `CATransform3DTranslate(CATransform3DRotate(identity, angle, 0, 0, 1), x, y, 0)`, a
/// point of the content first moved by the offset (x, y), then turned by `angle` about
/// the content's unmoved centre (its anchor point): -15° turns it counter-clockwise on
/// screen. `flip` (the article's exercise; ours: with perspective): the same with the
/// turn about the content's horizontal axis through its centre, seen with m34 = -1/2000:
/// at 90° the content stands edge-on (nothing drawn), its lower half turning towards the
/// viewer; its offset defaults to none.
///
/// Both go to identity and the opacity from `opacity` to 1 over `duration` seconds along
/// UIView's default curve, ease-in-out (`TimingCurve.easeInOut`). In between the
/// transform is interpolated as Core Animation interpolates a transform: decomposed, the
/// angle and the translation part of the matrix (the offset turned by the angle: for the
/// article's values (-24.49, -14.14) points on screen) each go linearly with the curve's
/// progress p, so at p the transform is a turn by (1 - p) * angle followed by a move of
/// (1 - p) * that translation. The perspective of a flip stays (it is the viewer's, as a
/// superlayer's `sublayerTransform` holds it; with no turn it changes nothing).
struct CardTip: Hashable {
    var kind: CardList.Tip
    /// The start angle, degrees (negative: counter-clockwise on screen for `rotate`).
    var angle: Double
    /// The start offset, points, applied before the turn.
    var offsetX: Double
    var offsetY: Double
    /// The start opacity, 0...1.
    var opacity: Double
    /// Seconds, > 0.
    var duration: Double

    /// UIView's default animation curve.
    static let curve = TimingCurve.easeInOut
    /// The flip's eye distance, points (m34 = -1/2000).
    static let eyeDistance = 2000.0

    init(kind: CardList.Tip, angle: Double, offsetX: Double, offsetY: Double, opacity: Double, duration: Double) {
        self.kind = kind
        self.angle = angle
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.opacity = opacity
        self.duration = duration
    }

    /// The tip a show's card list asks for (its `tip`, `tip_angle`, `tip_offset`,
    /// `tip_opacity`, `tip_duration`).
    init(list: CardList) {
        self.init(
            kind: list.tip, angle: list.tipAngle, offsetX: list.tipOffsetX, offsetY: list.tipOffsetY,
            opacity: list.tipOpacity, duration: list.tipDuration)
    }

    /// The article's tip: -15°, (-20, -20), 0.8, 0.4 s.
    static let article = CardTip(kind: .rotate, angle: -15, offsetX: -20, offsetY: -20, opacity: 0.8, duration: 0.4)

    /// The turn at the start, as a transform with no translation (about z for `rotate`,
    /// about x for `flip`), radians from `angle` degrees.
    private func turn(_ radians: Double) -> Transform3D {
        kind == .rotate
            ? .rotation(angle: radians, x: 0, y: 0, z: 1) : .rotation(angle: radians, x: 1, y: 0, z: 0)
    }

    /// The translation part of the start matrix: the offset turned by the start angle
    /// (row vectors, as Core Animation: (x, y, 0, 1) times the turn), points.
    var startTranslation: (x: Double, y: Double, z: Double) {
        let r = turn(angle * .pi / 180)
        return (
            offsetX * r.m11 + offsetY * r.m21, offsetX * r.m12 + offsetY * r.m22, offsetX * r.m13 + offsetY * r.m23
        )
    }

    /// The start transform, built as the article builds it:
    /// `CATransform3DTranslate(CATransform3DRotate(base, angle, axis), x, y, 0)`, base the
    /// identity (rotate) or the perspective (flip).
    var startTransform: Transform3D {
        let base: Transform3D = kind == .flip ? .perspective(eyeDistance: Self.eyeDistance) : .identity
        let axis: (Double, Double, Double) = kind == .rotate ? (0, 0, 1) : (1, 0, 0)
        return base.rotated(angle: angle * .pi / 180, x: axis.0, y: axis.1, z: axis.2)
            .translated(x: offsetX, y: offsetY)
    }

    /// The content's transform at progress `p` (0: the start, 1: identity), Core
    /// Animation's interpolation: the angle and the translation each linear in p.
    func transform(progress p: Double) -> Transform3D {
        let q = 1 - Swift.min(Swift.max(p, 0), 1)
        if q == 0 { return .identity }
        var m = turn(angle * .pi / 180 * q)
        let t = startTranslation
        (m.m41, m.m42, m.m43) = (t.x * q, t.y * q, t.z * q)
        return kind == .flip ? m.concatenating(.perspective(eyeDistance: Self.eyeDistance)) : m
    }

    /// The content's opacity at progress `p`: from `opacity` to 1, linear in p.
    func opacity(progress p: Double) -> Double {
        let c = Swift.min(Swift.max(p, 0), 1)
        return opacity + (1 - opacity) * c
    }

    /// The curve's progress `elapsed` seconds after the tip started (0 before, 1 after).
    func progress(elapsed: Double) -> Double {
        guard elapsed > 0 else { return 0 }
        guard elapsed < duration else { return 1 }
        return Self.curve.value(at: elapsed / duration)
    }

    /// Whether a tip that started `elapsed` seconds ago is over.
    func isOver(elapsed: Double) -> Bool { elapsed >= duration }
}

/// What a card does as it is displayed: the tip-in (the first time since the list was
/// opened), a fade-in (seen before, with the show's `again = "fade"`: opacity 0 to 1 over
/// the tip's duration and curve, no transform), or nothing.
enum CardEntrance: Hashable {
    case tip
    case fade

    /// The content's transform and opacity for `entrance` at progress `p`.
    static func pose(_ entrance: CardEntrance, tip: CardTip, progress p: Double) -> (
        transform: Transform3D, opacity: Double
    ) {
        switch entrance {
        case .tip: (tip.transform(progress: p), tip.opacity(progress: p))
        case .fade: (.identity, Swift.min(Swift.max(p, 0), 1))
        }
    }
}
