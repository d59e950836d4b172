import Board
import Logging
import Power

/// The backlight the kiosk sets, chosen once at start from the board's `power.backlight`
/// (the Board file reference, `[power]`), with its level then and what the log should
/// say about the choice.
///
/// A backlight that cannot be used is never fatal: the kiosk runs without one, and the
/// screen still goes dark through the display's switch (`ScreenSwitch`).
struct BacklightChoice {
    /// The backlight, opened; nil: none.
    var backlight: Backlight?
    /// Its level at start, 0...1 (the level while on when the board gives no
    /// `brightness`); nil without a backlight.
    var startLevel: Double?
    /// One line for the log, or nil: a warning when a backlight the board named, or the
    /// only one while the board's `[power]` dims or sets a level, cannot be used; a note
    /// when there is none to pick.
    var message: (level: Logger.Level, text: String)?

    /// Opens the backlight `setting` names under `sysfsRoot` ("" for the real /sys; nil:
    /// none is looked for, as in tests that do not ask for one). `relied`: whether the
    /// board's `[power]` asks for anything a backlight does (a section with every key
    /// left out does not, and keeps the log as it was without it).
    static func open(_ setting: PowerSettings.Backlight, sysfsRoot: String?, relied: Bool) -> BacklightChoice {
        guard let root = sysfsRoot else { return BacklightChoice() }
        let directory: String
        let named: Bool
        switch setting {
        case .none:
            return BacklightChoice()
        case .path(let path):
            directory = Backlight.rooted(path, under: root)
            named = true
        case .automatic:
            do throws(BacklightError) {
                directory = try Backlight.onlyOne(under: root)
            } catch {
                let text = "power: no backlight to set (\(error)); the screen goes dark by the display alone"
                return BacklightChoice(message: (relied ? .info : .debug, text))
            }
            named = false
        }
        do throws(BacklightError) {
            var backlight = try Backlight(directory: directory)
            let level = try backlight.readLevel()
            return BacklightChoice(backlight: backlight, startLevel: level)
        } catch {
            let text = "power: backlight \(error): not used; the screen goes dark by the display alone, and dimming is not seen"
            return BacklightChoice(message: (named || relied ? .warning : .debug, text))
        }
    }
}
