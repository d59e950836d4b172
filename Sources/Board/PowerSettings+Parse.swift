import ConfigFile
import MessageText
import Power

extension PowerSettings {
    static let knownKeys = ["backlight", "brightness", "dim_after", "dim_brightness", "screen_off_after", "hours"]

    /// Validates `[power]`: levels from 0 to 1, times in seconds from 0, `hours` a
    /// non-empty array of "HH:MM-HH:MM" (each element's mistake named `power.hours[i]`).
    init(table: ConfigTable) throws(ConfigError) {
        try table.requireKnownKeys(PowerSettings.knownKeys)
        var backlight = Backlight.automatic
        if let given = try table.optionalNonEmptyString("backlight") {
            backlight = given == PowerSettings.noBacklight ? .none : .path(given)
        }
        let brightness = try table.level("brightness")
        let dimAfter = try table.seconds("dim_after") ?? 0
        let dimBrightness = try table.level("dim_brightness") ?? PowerSettings.defaultDimBrightness
        let screenOffAfter = try table.seconds("screen_off_after") ?? 0
        var hours: ScreenHours?
        if let texts = try table.optionalStringArray("hours") {
            guard !texts.isEmpty else {
                throw table.error("hours", "must name at least one range (leave hours out for always)")
            }
            var ranges: [DailyRange] = []
            for (i, text) in texts.enumerated() {
                do throws(DailyRange.ParseFailure) {
                    ranges.append(try DailyRange.parse(text))
                } catch {
                    throw table.error("hours[\(i)]", "\"\(shortened(text))\": \(error.message)")
                }
            }
            hours = ScreenHours(ranges)
        }
        self.init(
            backlight: backlight, brightness: brightness, dimAfter: dimAfter, dimBrightness: dimBrightness,
            screenOffAfter: screenOffAfter, hours: hours)
    }
}

extension ConfigTable {
    /// An optional level, a number from 0 to 1: "must be from 0 to 1, found 1.5".
    fileprivate func level(_ key: String) throws(ConfigError) -> Double? {
        guard let value = try optionalDouble(key) else { return nil }
        guard (0...1).contains(value) else { throw error(key, "must be from 0 to 1, found \(value)") }
        return value
    }

    /// An optional duration, seconds from 0 (0: never): "must be 0 or more seconds, found -1.0".
    fileprivate func seconds(_ key: String) throws(ConfigError) -> Double? {
        guard let value = try optionalDouble(key) else { return nil }
        guard value >= 0 else { throw error(key, "must be 0 or more seconds (0: never), found \(value)") }
        return value
    }
}
