/// A recognizer's state, as UIKit's `UIGestureRecognizer.State`.
///
/// Continuous gestures (pan, long press) go `possible -> began -> changed... -> ended`
/// (or `cancelled`); discrete ones (tap, swipe) go `possible -> ended` (`recognized`).
/// Either may go `possible -> failed`. The final state stays until the recognizer takes
/// its next touch, when it is `possible` again.
public enum GestureState: Hashable, Sendable {
    case possible
    case began
    case changed
    case ended
    case cancelled
    case failed

    /// A discrete gesture's success: the same as `.ended`, as in UIKit.
    public static var recognized: GestureState { .ended }

    /// Whether the gesture has been recognized and is still going (began or changed).
    public var isActive: Bool { self == .began || self == .changed }
}
