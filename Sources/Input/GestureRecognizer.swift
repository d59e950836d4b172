import FixedPoint

/// A gesture recognizer: a small state machine fed the touch sequences of one target (by
/// `TouchRouter`, or directly in a test), in logical points with times in seconds.
///
/// Every recognizer here follows the *first touch only* rule: it takes the first touch
/// that begins while it has none, follows that touch to its end, and ignores every other
/// touch meanwhile (a second finger neither helps nor confuses it). When it takes a new
/// touch it resets to `.possible`.
///
/// Time-driven recognizers (long press) also need `tick(time:)` while a touch is down;
/// `nextDeadline` says when, so that the event loop can sleep in poll() until then.
///
/// Conflicts (several recognizers following one touch) are resolved by `TouchRouter`:
/// the first to recognize wins, and the others still `.possible` on that touch fail.
/// Scenes may write their own recognizers by conforming to this protocol.
public protocol GestureRecognizer: AnyObject {
    /// The current state (see `GestureState`).
    var state: GestureState { get }

    /// The touch being followed, nil when none.
    var trackedTouch: TouchID? { get }

    /// A disabled recognizer takes no new touch; disabling it while it follows one
    /// cancels the gesture (if it had begun) or fails it.
    var isEnabled: Bool { get set }

    /// When true, the recognizer neither fails the others on its touch when it
    /// recognizes, nor is failed by them (UIKit's `shouldRecognizeSimultaneously`).
    var allowsSimultaneousRecognition: Bool { get set }

    /// The next time (seconds) at which `tick(time:)` would change something, nil for
    /// none.
    var nextDeadline: Double? { get }

    /// Takes one touch update (of any touch: others than the tracked one are ignored).
    func handle(_ update: TouchUpdate)

    /// Lets time pass without an event: at `time`, with no touch change since the last
    /// update.
    func tick(time: Double)

    /// Fails the gesture if it is still `.possible` (another recognizer won the touch);
    /// it keeps following the touch, ignoring it, until the touch ends. No action is
    /// called.
    func fail()
}

/// Slack in comparisons against the inclusive limits of recognizers (1 ns, 1e-9 pt), so
/// that a tap lasting exactly 0.35 s or moving exactly 10 pt is not failed by rounding
/// (1 + 0.35 - 1 is 0.3500000000000001 in Double).
let timeSlack = 1e-9
let distanceSlack = 1e-9

/// The part every single-touch recognizer shares: which touch it follows, where that
/// touch began and is, and when.
struct FollowedTouch {
    /// The touch followed, nil when none.
    var id: TouchID?
    var startLocation = Point2D.zero
    var startTime = 0.0
    var location = Point2D.zero
    var time = 0.0
    /// The largest distance from the start so far, in points.
    var maximumDistance = 0.0

    /// What `update` means for the recognizer.
    enum Step {
        /// Not for this recognizer.
        case ignored
        /// A new touch was taken: reset and start.
        case began
        case moved
        case ended
        case cancelled
    }

    /// Follows `update` when it is the tracked touch's, or takes it as the new touch when
    /// none is tracked and `canTake`; records position, time and distance.
    mutating func take(_ update: TouchUpdate, canTake: Bool) -> Step {
        if update.phase == .began {
            guard id == nil, canTake else { return .ignored }
            id = update.id
            startLocation = update.location
            startTime = update.time
            location = update.location
            time = update.time
            maximumDistance = 0
            return .began
        }
        guard update.id == id else { return .ignored }
        location = update.location
        time = max(time, update.time)
        maximumDistance = max(maximumDistance, location.distance(to: startLocation))
        switch update.phase {
        case .began, .moved: return .moved
        case .ended:
            id = nil
            return .ended
        case .cancelled:
            id = nil
            return .cancelled
        }
    }
}
