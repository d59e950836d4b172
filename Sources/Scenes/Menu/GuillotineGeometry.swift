// Where the guillotine menu's blade hangs, turns and stops on a screen.

import FixedPoint
import Motion

/// The geometry of the guillotine drop-down menu (the Yalantis article) on a
/// `width` x `height` logical screen, points, y down, angles clockwise on screen:
///
/// - The **blade** is a screen-sized rectangle that, upright (angle 0), covers the screen
///   exactly.
/// - The **hinge** is the centre of the host's menu button, a fixed point of the screen;
///   the article places it at equal distances from the screen's left edge and the bottom
///   of the host's top bar, so `barBottom = hinge.x + hinge.y`. The blade is pinned there
///   by the same point of its own (`pinLocal`).
/// - **Closed** (angle -90°, turned counter-clockwise about the hinge) the blade lies
///   above the bar's bottom: its left edge along y = `barBottom`, covering the host's bar
///   (and everything above it, off screen).
/// - The **open stop** is the screen's left edge from half its height down to the
///   bottom-left corner (the article's collision boundary): the blade's left edge strikes
///   it upright. The **close stop** is its mirror image for the way back: the line where
///   the blade's right edge lies when closed (y = `barBottom` - width), along the half of
///   that edge farther from the hinge. Neither lies in the region the blade sweeps
///   between -90° and 0, except where it comes to rest.
public struct GuillotineGeometry: Hashable, Sendable {
    /// The screen (and the blade), points.
    public let width: Double
    public let height: Double
    /// The hinge, screen points.
    public let hinge: Point2D

    /// The angle of the closed blade, radians: -90°.
    public static let closedAngle = -Double.pi / 2

    /// A blade for a `width` x `height` screen hinged at `hinge` (the menu button's
    /// centre). Sizes are 1 to 10^6 points. The hinge is held within a fifth of the
    /// shorter side from the top-left corner (the bar's bottom then lies above half the
    /// height, where the open stop begins, and the blade's centre right of and below the
    /// hinge, so the push can swing it): no screen a show runs on comes near that (its
    /// hinge is a twentieth of the shorter side in), but a bar taller than a screen of a
    /// few points would otherwise hold the blade closed for ever.
    public init(width: Double, height: Double, hinge: Point2D) {
        let w = width.isFinite ? Swift.min(Swift.max(1, width), 1e6) : 1
        let h = height.isFinite ? Swift.min(Swift.max(1, height), 1e6) : 1
        self.width = w
        self.height = h
        let most = Swift.min(w, h) / 5
        let x = hinge.x.isFinite ? Swift.min(Swift.max(hinge.x, 0), most) : 0
        let y = hinge.y.isFinite ? Swift.min(Swift.max(hinge.y, 0), most) : 0
        self.hinge = Point2D(x, y)
        // The farthest corner is the bottom-right one: the hinge lies in the top-left fifth.
        reach = Point2D(w - x, h - y).magnitude
    }

    /// The bottom of the host's top bar, points: where the closed blade's left edge lies.
    public var barBottom: Double { hinge.x + hinge.y }

    /// The pinned point in blade coordinates (an offset from the blade's centre).
    public var pinLocal: Point2D { hinge - Point2D(width / 2, height / 2) }

    /// The blade's centre at `angle` (radians, clockwise).
    public func centre(at angle: Double) -> Point2D { hinge - pinLocal.rotated(by: angle) }

    /// Where the blade's point at `local` (blade points from its top-left corner, as on
    /// the upright blade: the screen point it covers at rest) is at `angle`.
    public func screenPoint(ofBladePoint local: Point2D, at angle: Double) -> Point2D {
        hinge + (local - hinge).rotated(by: angle)
    }

    /// The blade's corners at `angle`: top-left, top-right, bottom-right, bottom-left.
    public func corners(at angle: Double) -> [Point2D] {
        [Point2D(0, 0), Point2D(width, 0), Point2D(width, height), Point2D(0, height)].map {
            screenPoint(ofBladePoint: $0, at: angle)
        }
    }

    /// The open stop: the screen's left edge from half its height to the bottom-left
    /// corner, and on below it, off screen, by half the screen's height, so that the
    /// blade's bottom-left corner strikes the middle of the segment, never its end (a
    /// corner arriving exactly on a segment's end is where the contact solver is weakest:
    /// a 2000 x 300 blade went through it and gained energy).
    public var openStop: (from: Point2D, to: Point2D) { (Point2D(0, height / 2), Point2D(0, height * 1.5)) }

    /// The close stop: along y = barBottom - width, over the half of the closed blade's
    /// right edge farther from the hinge, and on beyond its end by half the screen's
    /// height (as the open stop).
    public var closeStop: (from: Point2D, to: Point2D) {
        let y = barBottom - width
        let x0 = hinge.x - hinge.y
        return (Point2D(x0 + height / 2, y), Point2D(x0 + height * 1.5, y))
    }

    /// The distance from the hinge to the blade's farthest corner, points: how far a
    /// turn of one radian moves the blade's farthest point.
    public let reach: Double

    /// The menu button's turn for a blade at `angle`: 90° - |angle| (the published code's
    /// display link), radians: 0 closed, a quarter turn upright.
    public static func buttonTurn(forBladeAngle angle: Double) -> Double {
        Double.pi / 2 - Swift.abs(angle)
    }
}
