import FixedPoint

/// Recognizes a tap: a touch that lifts within `maximumDuration` of going down and never
/// strays more than `allowableMovement` from where it went down. Discrete: `possible ->
/// ended` (recognized, on the lift) or `failed`.
///
/// Defaults: 10 pt of movement, as UIKit's allowable movement (so 10 pt is still a tap
/// and 10.01 pt is not; a pan starts beyond the same 10 pt), and 0.35 s, well below
/// the long press's 0.5 s, so that a slow press that is neither does nothing rather than
/// both. Single taps only (no double tap).
public final class TapRecognizer: GestureRecognizer {
    /// The longest a tap may last, down to up, in seconds (inclusive).
    public var maximumDuration: Double = 0.35
    /// The farthest the touch may move from where it went down, in points (inclusive).
    public var allowableMovement: Double = 10

    /// Called once when the tap is recognized (state `.ended`).
    public var action: ((TapRecognizer) -> Void)?

    public private(set) var state: GestureState = .possible
    public var allowsSimultaneousRecognition = false
    public var isEnabled = true {
        didSet { if !isEnabled, touch.id != nil { touch.id = nil; fail() } }
    }

    private var touch = FollowedTouch()

    public init(action: ((TapRecognizer) -> Void)? = nil) {
        self.action = action
    }

    public var trackedTouch: TouchID? { touch.id }

    /// Where the touch went down, in logical points: the point tapped.
    public var location: Point2D { touch.startLocation }

    /// When the touch went down, in seconds.
    public var startTime: Double { touch.startTime }

    /// Taps need no tick to be recognized (only to fail early).
    public var nextDeadline: Double? { nil }

    public func handle(_ update: TouchUpdate) {
        switch touch.take(update, canTake: isEnabled) {
        case .ignored:
            return
        case .began:
            state = .possible
        case .moved:
            failIfOutOfBounds()
        case .ended:
            failIfOutOfBounds()
            guard state == .possible else { return }
            state = .ended
            action?(self)
        case .cancelled:
            fail()
        }
    }

    /// Fails the tap once its touch has been down longer than `maximumDuration`.
    public func tick(time: Double) {
        if touch.id != nil, state == .possible, time - touch.startTime > maximumDuration + timeSlack {
            state = .failed
        }
    }

    public func fail() {
        if state == .possible { state = .failed }
    }

    private func failIfOutOfBounds() {
        if touch.maximumDistance > allowableMovement + distanceSlack
            || touch.time - touch.startTime > maximumDuration + timeSlack
        {
            fail()
        }
    }
}
