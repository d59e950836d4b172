/// One raw event from a pointing device, in panel space: a mouse (relative motion), an
/// absolute pointer (a tablet, QEMU's usb-tablet, a touchscreen driven as a pointer),
/// and the primary button. With `pointer_as_touch` (board file `[touch]`),
/// `TouchTracker` turns the button held down into one finger, so pointers drive the
/// same recognizers as touch.
public struct PointerEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// Relative motion of a mouse, in panel pixels (libinput's accelerated dx, dy).
        /// The cursor moves by it and stays on the panel.
        case motion(dx: Double, dy: Double)
        /// An absolute position already scaled to the panel (libinput's
        /// `get_absolute_x/y_transformed` with the panel's width and height).
        case absolute(PanelPoint)
        /// The primary button (BTN_LEFT, or a stylus tip) went down (`true`) or up.
        /// Other buttons are not forwarded by the edge.
        case button(pressed: Bool)
    }

    /// Seconds, on the same clock as `TouchEvent.time`.
    public var time: Double
    public var kind: Kind

    @inlinable
    public init(time: Double, _ kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
