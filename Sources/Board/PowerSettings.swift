import Power

/// `[power]`: the backlight, dimming and turning the screen off without touch, and the
/// hours the screen may be on. Without the section (or with any key left out) the screen
/// stays as it is today: on, at the level the backlight already has.
public struct PowerSettings: Hashable, Sendable {
    /// Which backlight `backlight` names.
    public enum Backlight: Hashable, Sendable {
        /// Not given: the only backlight in /sys/class/backlight, if there is exactly one;
        /// else none.
        case automatic
        /// `"none"`: no backlight; off is DPMS alone, and dim is not seen.
        case none
        /// A backlight's directory ("/sys/class/backlight/10-0045"), as given. Not checked
        /// here: a path that is not a backlight is one warning at run time.
        case path(String)
    }

    /// `backlight`; default `.automatic`.
    public var backlight: Backlight
    /// `brightness`: the backlight level while on, 0...1. nil: the level the backlight
    /// has when the kiosk starts.
    public var brightness: Double?
    /// `dim_after`: seconds without a touch before the backlight dims to `dimBrightness`;
    /// 0 (default): never.
    public var dimAfter: Double
    /// `dim_brightness`: the level while dim, 0...1; default 0.2.
    public var dimBrightness: Double
    /// `screen_off_after`: seconds without a touch before the screen turns off; 0
    /// (default): never.
    public var screenOffAfter: Double
    /// `hours`: the local times the screen may be on; nil (default): always.
    public var hours: ScreenHours?

    /// `dim_brightness` when the board gives none.
    public static let defaultDimBrightness = 0.2
    /// The word `backlight` takes for no backlight.
    public static let noBacklight = "none"

    public init(
        backlight: Backlight = .automatic, brightness: Double? = nil, dimAfter: Double = 0,
        dimBrightness: Double = PowerSettings.defaultDimBrightness, screenOffAfter: Double = 0,
        hours: ScreenHours? = nil
    ) {
        self.backlight = backlight
        self.brightness = brightness
        self.dimAfter = dimAfter
        self.dimBrightness = dimBrightness
        self.screenOffAfter = screenOffAfter
        self.hours = hours
    }

    /// The policy's settings, with `startLevel` (the backlight's level at start, 0...1)
    /// as the level while on when `brightness` is not given.
    public func policySettings(startLevel: Double) -> ScreenPowerPolicy.Settings {
        ScreenPowerPolicy.Settings(
            onLevel: brightness ?? startLevel, dimAfter: dimAfter, dimLevel: dimBrightness,
            offAfter: screenOffAfter, hours: hours)
    }
}
