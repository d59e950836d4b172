import FixedPoint

/// Recognizes a pan (a drag): a touch that moves more than `minimumDistance` (the touch
/// slop) from where it went down. Continuous: `began` on the move that passes the slop,
/// `changed` on each later move, `ended` on the lift (with the release velocity, for
/// flings and paging), `cancelled` on a cancel. Lifting before the slop fails it.
///
/// Translation is measured from where the touch went down, not from where the pan
/// began, so that content dragged by it stays under the finger (the 10 pt slop shows as
/// a small jump at `began`). Velocity comes from `VelocityEstimator`: a least-squares
/// fit over the last 0.1 s, zero if the finger rested 0.05 s before lifting.
///
/// Default slop: 10 pt, the same as the tap's allowable movement, so every touch is at
/// most one of the two.
public final class PanRecognizer: GestureRecognizer {
    /// The touch slop: the pan begins when the touch is farther than this from where it
    /// went down, in points.
    public var minimumDistance: Double = 10

    /// Called on every change to `.began`, `.changed`, `.ended` and `.cancelled`.
    public var action: ((PanRecognizer) -> Void)?

    public private(set) var state: GestureState = .possible
    public var allowsSimultaneousRecognition = false
    public var isEnabled = true {
        didSet {
            guard !isEnabled, touch.id != nil else { return }
            touch.id = nil
            if state.isActive { transition(to: .cancelled) } else { fail() }
        }
    }

    /// The velocity in points per second: while panning, at the latest move; after
    /// `.ended`, at the lift (the release velocity); zero after `.cancelled`.
    public private(set) var velocity: Point2D = .zero

    private var touch = FollowedTouch()
    private var estimator = VelocityEstimator()

    public init(action: ((PanRecognizer) -> Void)? = nil) {
        self.action = action
    }

    public var trackedTouch: TouchID? { touch.id }

    /// Where the touch went down, in logical points.
    public var startLocation: Point2D { touch.startLocation }

    /// Where the touch is now (or last was), in logical points.
    public var location: Point2D { touch.location }

    /// The touch's displacement since it went down, in points.
    public var translation: Point2D { touch.location - touch.startLocation }

    /// The time of the latest update, in seconds.
    public var time: Double { touch.time }

    public var nextDeadline: Double? { nil }

    /// The velocity estimator's window and stop time (see `VelocityEstimator`).
    public var velocityWindow: Double {
        get { estimator.window }
        set { estimator.window = newValue }
    }

    public func handle(_ update: TouchUpdate) {
        switch touch.take(update, canTake: isEnabled) {
        case .ignored:
            return
        case .began:
            state = .possible
            velocity = .zero
            estimator.reset()
            estimator.add(touch.location, time: touch.time)
        case .moved:
            estimator.add(touch.location, time: touch.time)
            if state == .possible, touch.maximumDistance > minimumDistance + distanceSlack {
                velocity = estimator.velocity(at: touch.time)
                transition(to: .began)
            } else if state.isActive {
                velocity = estimator.velocity(at: touch.time)
                transition(to: .changed)
            }
        case .ended:
            if state.isActive {
                velocity = estimator.velocity(at: touch.time)
                transition(to: .ended)
            } else {
                fail()
            }
        case .cancelled:
            if state.isActive {
                velocity = .zero
                transition(to: .cancelled)
            } else {
                fail()
            }
        }
    }

    public func tick(time: Double) {}

    public func fail() {
        if state == .possible { state = .failed }
    }

    private func transition(to new: GestureState) {
        state = new
        action?(self)
    }
}
