import Input

/// Reports a touch going down on its target and ending there, and never competes: it
/// recognizes nothing (it stays `.possible`) and allows simultaneous recognition, so the
/// taps and pans on the same target are neither failed nor delayed by it. What
/// `UIScrollView` does on touch-down (a finger down catches a glide) is built on it: the
/// shelf's `down` stops its glide, and its `up` settles the row if no pan took the touch.
///
/// Follows the first touch only, like every recognizer here (`GestureRecognizer`).
final class TouchDownRecognizer: GestureRecognizer {
    /// Called when the followed touch goes down (its `.began` update).
    var down: (TouchUpdate) -> Void
    /// Called when it lifts or is cancelled (its `.ended` or `.cancelled` update).
    var up: (TouchUpdate) -> Void

    private(set) var state: GestureState = .possible
    var allowsSimultaneousRecognition = true
    var isEnabled = true {
        didSet { if !isEnabled { trackedTouch = nil } }
    }
    private(set) var trackedTouch: TouchID?
    var nextDeadline: Double? { nil }

    init(down: @escaping (TouchUpdate) -> Void, up: @escaping (TouchUpdate) -> Void) {
        self.down = down
        self.up = up
    }

    func handle(_ update: TouchUpdate) {
        switch update.phase {
        case .began:
            guard isEnabled, trackedTouch == nil else { return }
            trackedTouch = update.id
            down(update)
        case .moved:
            return
        case .ended, .cancelled:
            guard update.id == trackedTouch else { return }
            trackedTouch = nil
            up(update)
        }
    }

    func tick(time: Double) {}

    /// Nothing to fail: it never recognizes.
    func fail() {}
}
