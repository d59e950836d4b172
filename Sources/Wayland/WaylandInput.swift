import Input

/// What a Wayland seat reports, in buffer pixels (the window's "panel"), on
/// CLOCK_MONOTONIC-like seconds (the compositor's millisecond event times): the kiosk
/// feeds it to the same tracker as libinput's events.
public enum WaylandInput: Equatable, Sendable {
    case touch(TouchEvent)
    case pointer(PointerEvent)
    /// The pointer left the window, or its seat lost the pointer: a press in progress
    /// is cancelled.
    case pointerCancelled(time: Double)
    /// A seat came or went, or its capabilities changed (for the log).
    case seat(String)
}
