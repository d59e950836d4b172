import Display

/// Turns the display's picture on and off for screen power: off when the screen goes
/// dark (after the backlight), on when it wakes (before the repaint that follows). On a
/// panel this is DPMS, which also stops scanout; the backlight alone leaves the panel
/// lit on boards without one (`power.backlight = "none"`).
///
/// The seam between the kiosk and the display backends: `Kiosk.screenSwitch(for:)` is
/// the one place that picks the switch for a display, so a backend's own switch plugs in
/// there: `DisplayScreenSwitch`, the backend's own. Tests put a recording switch in its
/// place.
protocol ScreenSwitch {
    /// Switches the picture on (`true`) or off. A failure is logged by the kiosk as a
    /// warning; the backlight is still set.
    func setScreenPower(_ on: Bool) throws(DisplayError)
}

/// A display without a screen switch: does nothing.
struct NoScreenSwitch: ScreenSwitch {
    func setScreenPower(_ on: Bool) throws(DisplayError) {}
}

/// The display backend's own switch (`DisplayBackend.setScreenPower`): DPMS on DRM,
/// FBIOBLANK on fbdev, the state alone on Wayland and headless.
struct DisplayScreenSwitch: ScreenSwitch {
    let display: any DisplayBackend

    func setScreenPower(_ on: Bool) throws(DisplayError) { try display.setScreenPower(on) }
}
