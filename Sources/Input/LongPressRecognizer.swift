import FixedPoint

/// Recognizes a long press, as UIKit's `UILongPressGestureRecognizer`: a touch held for
/// `minimumDuration` without moving more than `allowableMovement` from where it went
/// down. Continuous: `began` when the time is up (on a `tick(time:)`, or on the touch's
/// next move or lift if no tick came in time), then `changed` on every move (any distance),
/// `ended` on the lift, `cancelled` on a cancel. Lifting or moving too far before the
/// time fails it.
///
/// Defaults: 0.5 s and 10 pt, as UIKit.
public final class LongPressRecognizer: GestureRecognizer {
    /// How long the touch must be held, in seconds.
    public var minimumDuration: Double = 0.5
    /// The farthest the touch may move before the press is recognized, in points
    /// (inclusive).
    public var allowableMovement: Double = 10

    /// Called on every change to `.began`, `.changed`, `.ended` and `.cancelled`.
    public var action: ((LongPressRecognizer) -> Void)?

    public private(set) var state: GestureState = .possible
    public var allowsSimultaneousRecognition = false
    public var isEnabled = true {
        didSet {
            guard !isEnabled, touch.id != nil else { return }
            touch.id = nil
            if state.isActive { transition(to: .cancelled) } else { fail() }
        }
    }

    private var touch = FollowedTouch()

    public init(action: ((LongPressRecognizer) -> Void)? = nil) {
        self.action = action
    }

    public var trackedTouch: TouchID? { touch.id }

    /// Where the touch went down, in logical points.
    public var startLocation: Point2D { touch.startLocation }

    /// Where the touch is now (or last was), in logical points.
    public var location: Point2D { touch.location }

    /// When the press is (or was) due: down time + `minimumDuration`, in seconds.
    public var recognitionTime: Double { touch.startTime + minimumDuration }

    public var nextDeadline: Double? {
        touch.id != nil && state == .possible ? recognitionTime : nil
    }

    public func handle(_ update: TouchUpdate) {
        // A press that came due before this move or lift (no tick in time) is recognized
        // first, where the touch was until now. A cancel just fails it.
        if update.phase == .moved || update.phase == .ended, update.id == touch.id, state == .possible, update.time >= recognitionTime - timeSlack {
            transition(to: .began)
        }
        switch touch.take(update, canTake: isEnabled) {
        case .ignored:
            return
        case .began:
            state = .possible
        case .moved:
            if state == .possible {
                if touch.maximumDistance > allowableMovement + distanceSlack { fail() }
            } else if state.isActive {
                transition(to: .changed)
            }
        case .ended:
            if state == .possible { fail() } else if state.isActive { transition(to: .ended) }
        case .cancelled:
            if state == .possible { fail() } else if state.isActive { transition(to: .cancelled) }
        }
    }

    public func tick(time: Double) {
        if touch.id != nil, state == .possible, time >= recognitionTime - timeSlack {
            transition(to: .began)
        }
    }

    public func fail() {
        if state == .possible { state = .failed }
    }

    private func transition(to new: GestureState) {
        state = new
        action?(self)
    }
}
