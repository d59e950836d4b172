/// Modal capture: while a modal is active (an open folder), a touch that starts on the
/// modal target or inside it goes to the recognizers of that subtree only (up to and
/// including the modal target, never its ancestors), and a touch that starts anywhere
/// else goes to the modal's outside recognizers and handler only (a tap outside closes
/// the folder), never to what is underneath.
///
/// Modals nest: `beginModal` pushes, `endModal` pops, and the innermost one decides.
/// Touches already in flight keep going where they were routed when they began (ending
/// the modal from the outside tap's own action is fine).
extension TouchRouter {
    /// A modal target and what happens to touches outside it.
    struct Modal {
        var target: Target
        var outside: [any GestureRecognizer]
        var onOutsideTouch: ((TouchUpdate) -> Void)?
    }

    /// Makes `target` modal.
    ///
    /// - Parameters:
    ///   - outside: recognizers fed the touches that start outside the target (with the
    ///     usual conflict rule and ticks), e.g. a `TapRecognizer` that closes the folder.
    ///   - onOutsideTouch: called with every update of every touch that starts outside
    ///     (after the recognizers), e.g. to close on touch-down.
    public func beginModal(
        _ target: Target, outside: [any GestureRecognizer] = [],
        onOutsideTouch: ((TouchUpdate) -> Void)? = nil
    ) {
        modals.append(Modal(target: target, outside: outside, onOutsideTouch: onOutsideTouch))
    }

    /// Ends the innermost modal; no-op when none is active.
    public func endModal() {
        _ = modals.popLast()
    }

    /// The innermost modal target, nil when none is active.
    public var modalTarget: Target? { modals.last?.target }
}
