import FixedPoint
internal import Glibc

/// The direction of a swipe, in logical space (y grows downwards: `.down` is towards
/// the bottom of the screen).
public enum SwipeDirection: Hashable, Sendable, CaseIterable {
    case left, right, up, down
}

/// A set of swipe directions.
public struct SwipeDirections: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let left = SwipeDirections(rawValue: 1)
    public static let right = SwipeDirections(rawValue: 2)
    public static let up = SwipeDirections(rawValue: 4)
    public static let down = SwipeDirections(rawValue: 8)
    public static let horizontal: SwipeDirections = [.left, .right]
    public static let vertical: SwipeDirections = [.up, .down]
    public static let all: SwipeDirections = [.horizontal, .vertical]

    public init(_ direction: SwipeDirection) {
        switch direction {
        case .left: self = .left
        case .right: self = .right
        case .up: self = .up
        case .down: self = .down
        }
    }
}

/// Recognizes a swipe: a quick straight stroke. Discrete, decided when the touch lifts:
/// recognized (`.ended`, with `direction`) when the displacement from down to up
///  - is at least `minimumDistance` along its main axis (the larger component),
///  - lies within `maximumAngle` of that axis,
///  - was covered at an average speed (main-axis distance / touch duration) of at least
///    `minimumSpeed`,
///  - and points in one of `directions`;
/// otherwise it fails. A cancel fails it.
///
/// Defaults: 50 pt, 30 degrees, 200 pt/s, all directions. (A script's
/// `swipe 700 240 100 240 0.30` is 600 pt at 2000 pt/s: a swipe left.)
///
/// A swipe is decided at the lift, so a pan on the same touch (which begins after 10 pt)
/// wins over it unless one of them allows simultaneous recognition.
public final class SwipeRecognizer: GestureRecognizer {
    public var directions: SwipeDirections
    /// Points along the main axis, at least.
    public var minimumDistance: Double = 50
    /// Points per second, on average over the touch, at least.
    public var minimumSpeed: Double = 200
    /// Degrees off the main axis, at most.
    public var maximumAngle: Double = 30

    /// Called once when the swipe is recognized (state `.ended`).
    public var action: ((SwipeRecognizer) -> Void)?

    public private(set) var state: GestureState = .possible
    public var allowsSimultaneousRecognition = false
    public var isEnabled = true {
        didSet { if !isEnabled, touch.id != nil { touch.id = nil; fail() } }
    }

    /// The recognized direction; nil unless `state` is `.ended`.
    public private(set) var direction: SwipeDirection?

    private var touch = FollowedTouch()

    public init(directions: SwipeDirections = .all, action: ((SwipeRecognizer) -> Void)? = nil) {
        self.directions = directions
        self.action = action
    }

    public var trackedTouch: TouchID? { touch.id }

    /// Where the touch went down, in logical points.
    public var startLocation: Point2D { touch.startLocation }

    /// Where the touch lifted (or is), in logical points.
    public var location: Point2D { touch.location }

    public var nextDeadline: Double? { nil }

    public func handle(_ update: TouchUpdate) {
        switch touch.take(update, canTake: isEnabled) {
        case .ignored, .moved:
            return
        case .began:
            state = .possible
            direction = nil
        case .ended:
            guard state == .possible else { return }
            guard let d = classify() else { return fail() }
            direction = d
            state = .ended
            action?(self)
        case .cancelled:
            fail()
        }
    }

    public func tick(time: Double) {}

    public func fail() {
        if state == .possible { state = .failed }
    }

    /// The direction of the stroke if it is a swipe, else nil.
    private func classify() -> SwipeDirection? {
        let v = touch.location - touch.startLocation
        let horizontal = abs(v.x) >= abs(v.y)
        let main = horizontal ? abs(v.x) : abs(v.y)
        let off = horizontal ? abs(v.y) : abs(v.x)
        guard main >= minimumDistance, main > 0 else { return nil }
        // The main axis is the larger component, so the angle is at most 45 degrees.
        if maximumAngle < 45 {
            guard off <= main * tan(max(maximumAngle, 0) * .pi / 180) else { return nil }
        }
        let duration = touch.time - touch.startTime
        if duration > 0, main / duration < minimumSpeed { return nil }
        let d: SwipeDirection = horizontal ? (v.x < 0 ? .left : .right) : (v.y < 0 ? .up : .down)
        return directions.contains(SwipeDirections(d)) ? d : nil
    }
}
