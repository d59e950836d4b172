import ConfigFile
import Power
import Testing

@testable import Board

/// `[power]`: defaults that change nothing, every key read, and each mistake as one
/// `file:line: key: what` line.
struct PowerSettingsTests {
    static let drm = "name = \"Test\"\n[display]\nbackend = \"drm\"\n[power]\n"

    static func parse(_ power: String) throws(ConfigError) -> PowerSettings {
        try Board.parse(text: drm + power, path: "p.toml").power
    }

    static func message(_ power: String) -> String {
        do {
            _ = try parse(power)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func withoutTheSectionNothingChanges() throws {
        let board = try Board.parse(text: "name = \"t\"\n[display]\nbackend = \"drm\"\n", path: "p.toml")
        #expect(board.power == PowerSettings())
        #expect(board.power.backlight == .automatic && board.power.brightness == nil)
        #expect(board.power.dimAfter == 0 && board.power.screenOffAfter == 0 && board.power.hours == nil)
        let policy = board.power.policySettings(startLevel: 0.4)
        #expect(policy == ScreenPowerPolicy.Settings(onLevel: 0.4, dimAfter: 0, dimLevel: 0.2, offAfter: 0))
    }

    @Test func readsEveryKey() throws {
        let power = try Self.parse(
            """
            backlight = "/sys/class/backlight/10-0045"
            brightness = 0.9
            dim_after = 60
            dim_brightness = 0.25
            screen_off_after = 300.5
            hours = ["07:30-22:00", "23:00-01:00", "00:00-24:00"]
            """)
        #expect(power.backlight == .path("/sys/class/backlight/10-0045"))
        #expect(power.brightness == 0.9 && power.dimAfter == 60 && power.dimBrightness == 0.25)
        #expect(power.screenOffAfter == 300.5)
        #expect(power.hours?.ranges.map(\.description) == ["07:30-22:00", "23:00-01:00", "00:00-24:00"])
        #expect(try Self.parse("backlight = \"none\"").backlight == .none)
        #expect(try Self.parse("brightness = 0\ndim_brightness = 1").brightness == 0)
    }

    @Test func refusesBadValues() {
        let cases: [(String, String)] = [
            ("brightnes = 1", #"p.toml:5: power.brightnes: unknown key (did you mean "brightness"?)"#),
            ("brightness = 1.5", "p.toml:5: power.brightness: must be from 0 to 1, found 1.5"),
            ("dim_brightness = -0.1", "p.toml:5: power.dim_brightness: must be from 0 to 1, found -0.1"),
            ("brightness = nan", "p.toml:5: power.brightness: must be a finite number"),
            ("dim_after = -1", "p.toml:5: power.dim_after: must be 0 or more seconds (0: never), found -1.0"),
            ("screen_off_after = inf", "p.toml:5: power.screen_off_after: must be a finite number"),
            ("screen_off_after = \"5m\"", "p.toml:5: power.screen_off_after: expected a number, found a string"),
            ("backlight = \"\"", "p.toml:5: power.backlight: must not be empty"),
            ("hours = \"07:30-22:00\"", "p.toml:5: power.hours: expected an array, found a string"),
            ("hours = []", "p.toml:5: power.hours: must name at least one range (leave hours out for always)"),
            ("hours = [\"07:30-22:00\",\n  \"7:30-8:00\"]",
                #"p.toml:6: power.hours[1]: "7:30-8:00": must be HH:MM-HH:MM (like "07:30-22:00")"#),
            ("hours = [\"08:00-08:00\"]",
                #"p.toml:5: power.hours[0]: "08:00-08:00": starts and ends at 08:00 (for the whole day use "00:00-24:00")"#),
            ("hours = [\"22:00-24:30\"]",
                #"p.toml:5: power.hours[0]: "22:00-24:30": 24:30 is not a time of day (00:00 to 24:00)"#),
            ("hours = [\"24:00-06:00\"]", #"p.toml:5: power.hours[0]: "24:00-06:00": cannot start at 24:00 (use 00:00)"#),
            ("hours = [7]", "p.toml:5: power.hours[0]: expected a string, found an integer"),
        ]
        for (text, message) in cases {
            #expect(Self.message(text) == message, "\(text)")
        }
    }
}
