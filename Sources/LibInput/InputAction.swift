import Input

/// What the kiosk does with one translated event.
public enum InputAction: Hashable, Sendable {
    /// A digitizer event in panel pixels, inside the panel, for `TouchTracker`.
    case touch(TouchEvent)
    /// A pointer event in panel pixels, for `TouchTracker` (`pointer_as_touch`).
    case pointer(PointerEvent)
    /// The pointer's press ended without a release (its device went away): the touch it
    /// drives must be cancelled, not completed as a tap.
    case pointerCancelled(time: Double)
    /// A device appeared; `selected`: whether it drives the show.
    case deviceAdded(InputDeviceInfo, selected: Bool)
    /// A device went away; `selected`: whether it drove the show.
    case deviceRemoved(InputDeviceInfo, selected: Bool)
}
