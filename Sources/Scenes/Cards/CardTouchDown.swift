import Input

/// Tells a scrolling view when a finger goes down on it and when that finger lifts,
/// before any pan or tap is recognized: a fling or a bounce stops under a finger the
/// moment it touches, as on a phone. It never recognizes anything and lets the other
/// recognizers of its touch work (simultaneous recognition), following the first touch
/// only, as Input's recognizers do.
final class CardTouchDown: GestureRecognizer {
    /// Called with the touch's update when it goes down (`.began`) and when it ends
    /// (`.ended` or `.cancelled`).
    var action: (TouchUpdate) -> Void

    private(set) var state: GestureState = .possible
    var allowsSimultaneousRecognition = true
    var isEnabled = true {
        didSet {
            guard !isEnabled, var last, trackedTouch != nil else { return }
            trackedTouch = nil
            last.phase = .cancelled
            action(last)
        }
    }
    private(set) var trackedTouch: TouchID?
    private var last: TouchUpdate?
    var nextDeadline: Double? { nil }

    init(action: @escaping (TouchUpdate) -> Void) {
        self.action = action
    }

    func handle(_ update: TouchUpdate) {
        switch update.phase {
        case .began:
            guard trackedTouch == nil, isEnabled else { return }
            trackedTouch = update.id
            state = .possible
            last = update
            action(update)
        case .moved:
            if update.id == trackedTouch { last = update }
        case .ended, .cancelled:
            guard update.id == trackedTouch else { return }
            trackedTouch = nil
            last = nil
            action(update)
        }
    }

    func tick(time: Double) {}

    /// Never fails: it only watches.
    func fail() {}
}
