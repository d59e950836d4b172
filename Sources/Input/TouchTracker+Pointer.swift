/// The pointer as one finger (`pointer_as_touch`): the primary button held down is a
/// touch on `TouchSource.pointer` at the cursor, feeding the same recognizers as a
/// finger on the digitizer.
///
/// The cursor lives in panel space, like the digitizer, so that the one rotation map
/// serves both: an absolute pointer (a tablet, QEMU's usb-tablet) reports panel
/// positions; a relative mouse moves the cursor in panel axes (on a panel mounted at 90
/// degrees, "right" on the mouse is "down" on the logical screen: a mouse on a kiosk is
/// a service tool, and this keeps one source of truth for orientation). The cursor
/// starts at the panel's centre and is clamped to its pixels, `0...W-1 x 0...H-1`.
///
/// Pointer events are not framed: each is handed on at once (after any finger updates
/// still waiting for a frame, so that time stays in order).
extension TouchTracker {
    /// Where the pointer is, in panel pixels.
    public var cursor: PanelPoint { pointerCursor }

    /// Whether the primary button is held.
    public var isPointerPressed: Bool { pointerPressed }

    /// Takes in one pointer event; calls `emit` with the touch update it makes, if any.
    /// Non-finite motion or positions are ignored; a press while pressed, or a release
    /// while released, is ignored.
    public func handle(_ event: PointerEvent, emit: (TouchUpdate) -> Void) {
        let time = normalize(event.time)
        flush(emit)
        switch event.kind {
        case .motion(let dx, let dy):
            guard dx.isFinite, dy.isFinite else { return }
            moveCursor(to: PanelPoint(x: pointerCursor.x + dx, y: pointerCursor.y + dy), time, emit)
        case .absolute(let p):
            guard p.isFinite else { return }
            moveCursor(to: p, time, emit)
        case .button(let pressed):
            guard pressed != pointerPressed else { return }
            pointerPressed = pressed
            if pressed {
                guard pointerAsTouch else { return }
                let touch = ActiveTouch(id: takeID(), location: toLogical(pointerCursor))
                pointerTouch = touch
                emit(update(touch, .pointer, .began, time))
            } else if let touch = pointerTouch {
                pointerTouch = nil
                emit(update(touch, .pointer, .ended, time))
            }
        }
    }

    /// Cancels the pointer's touch, if the button is held (its device went away): the
    /// touch ends as `.cancelled`, not as a tap. The button counts as released.
    public func cancelPointer(time: Double, emit: (TouchUpdate) -> Void) {
        let time = normalize(time)
        flush(emit)
        pointerPressed = false
        guard let touch = pointerTouch else { return }
        pointerTouch = nil
        emit(update(touch, .pointer, .cancelled, time))
    }

    private func moveCursor(to p: PanelPoint, _ time: Double, _ emit: (TouchUpdate) -> Void) {
        let clamped = panelSize.clamp(p)
        guard clamped != pointerCursor else { return }
        pointerCursor = clamped
        guard var touch = pointerTouch else { return }
        touch.location = toLogical(clamped)
        pointerTouch = touch
        emit(update(touch, .pointer, .moved, time))
    }
}
