import Input

extension TouchTracker {
    /// Hands one of `InputTranslator`'s actions to the tracker: the path every libinput
    /// event takes into the show (the kiosk's input loop, and the touch-stream fuzz
    /// target), in one place.
    ///
    /// Touch and pointer events go to `handle`, a pointer press whose device went away to
    /// `cancelPointer`. A device arriving or leaving is not the tracker's business (the
    /// caller logs it; the translator has already cancelled what it held down).
    /// - Returns: whether the action was touch or pointer input (it wakes an idle kiosk).
    @discardableResult
    public func take(_ action: InputAction, emit: (TouchUpdate) -> Void) -> Bool {
        switch action {
        case .touch(let e): handle(e, emit: emit)
        case .pointer(let e): handle(e, emit: emit)
        case .pointerCancelled(let time): cancelPointer(time: time, emit: emit)
        case .deviceAdded, .deviceRemoved: return false
        }
        return true
    }
}
