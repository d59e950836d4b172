import Rotation

/// Orientation changes while running: asked for at any time (`rotate` over the control
/// socket, a touch script's `rotate` line), carried out at the next frame. Touches in
/// progress are cancelled, the show is laid out anew for the new logical size (on the
/// screen it was showing), and the old frame turns into the new layout
/// (`TurnTransition`).
extension Kiosk {
    /// Asks for `request` (`auto`: the board's mount); returns the orientation the next
    /// frame will be drawn in. `by` names who asked, for the log.
    @discardableResult
    func rotate(_ request: RotationRequest, by who: String) -> Orientation {
        let wanted = OrientationChange.target(of: request, mount: settings.mount)
        if wanted != (pendingOrientation ?? orientation) {
            logger.info("\(who): rotate \(request): orientation \(pendingOrientation ?? orientation) -> \(wanted)")
        }
        pendingOrientation = wanted == orientation ? nil : wanted
        if pendingOrientation != nil { requestFrame() }
        return wanted
    }

    /// Turns to the pending orientation, if any, before the frame at `t` is drawn. A
    /// failure (no memory for the new surfaces) keeps the old orientation, logged.
    func applyPendingOrientation(at t: Double) {
        guard let wanted = pendingOrientation else { return }
        pendingOrientation = nil
        guard wanted != orientation else { return }
        let previous = orientation
        // The old frame as it was last drawn: the picture that turns (the steps shared
        // with `vitrine render`).
        let change = OrientationChange(
            from: previous, to: wanted, screen: scene.screen, pipeline: pipeline, running: transition)
        transition = nil
        orientation = wanted
        do {
            try rebuild(resume: change.resume)
        } catch {
            orientation = previous
            logger.error("rotate to \(wanted): \(error); staying at \(previous)")
            return
        }
        transition = change.turn(in: pipeline, at: t)
    }
}
