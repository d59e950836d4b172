import Board
import Display
import FixedPoint
import Input
import Logging
import Power

/// Screen power at run time: the policy (`ScreenPowerPolicy`), fed the kiosk's touches,
/// control commands and clock readings, and what carries out its output, the backlight's
/// level and the display's switch, each set only when it changes: an idle kiosk writes
/// nothing, and a board without `[power]` has the policy say "on at the level the
/// backlight has" for good, so nothing is ever written.
struct ScreenPower {
    private(set) var policy: ScreenPowerPolicy
    /// The backlight set; nil: none (or let go after a write to it failed).
    private(set) var backlight: Backlight?
    var screenSwitch: any ScreenSwitch
    /// Reads both clocks: the system's, or one a test moves ahead.
    let clock: () -> PowerClockReading
    /// The state last carried out (the screen is on when the kiosk starts).
    private(set) var shown = ScreenState.on
    /// The monotonic time (seconds) the loop's power timer is armed for; nil: disarmed.
    var timerDue: Double?

    /// The policy at `clock()`'s reading, as at a touch, with `settings` (the board's
    /// `[power]`) and the level while on: the board's `brightness`, else the backlight's
    /// level at start, else full.
    init(
        settings: PowerSettings, choice: BacklightChoice, screenSwitch: any ScreenSwitch,
        clock: @escaping () -> PowerClockReading, zone: any LocalTimeConverter
    ) {
        policy = ScreenPowerPolicy(
            settings: settings.policySettings(startLevel: choice.startLevel ?? 1), zone: zone, now: clock())
        backlight = choice.backlight
        self.screenSwitch = screenSwitch
        self.clock = clock
    }

    /// The policy's output now.
    var output: ScreenPowerPolicy.Output { policy.output }

    /// Time has passed (the power timer fired): the policy reads the clocks.
    mutating func advance() { policy.advance(to: clock()) }

    /// A touch update from the tracker, in the policy's words; whether it reaches the
    /// scene (`.swallow`: it belongs to a gesture that woke the screen).
    mutating func touch(_ phase: TouchPhase) -> TouchVerdict {
        let now = clock()
        switch phase {
        case .began: return policy.touchDown(at: now)
        case .moved: return policy.touchMoved(at: now)
        case .ended, .cancelled: return policy.touchUp(at: now)
        }
    }

    /// A control command (`display on|off`, `brightness L`).
    mutating func apply(_ command: ScreenPowerPolicy.Command) { policy.apply(command, at: clock()) }

    /// Carries out the policy's output: going dark, the backlight to 0 and powered down,
    /// then the display switched off; waking, the display switched on and the backlight
    /// powered up; lit, the backlight at the output's level (written only when its raw
    /// level changes). Returns the state it was and is when that changed.
    mutating func carryOut(logger: Logger) -> (was: ScreenState, now: ScreenState)? {
        let out = policy.output
        let was = shown
        if out.state == .off {
            if was != .off {
                setBacklight(logger) { b throws(BacklightError) in
                    try b.set(level: 0)
                    try b.setPowered(false)
                }
                switchScreen(on: false, logger)
            }
        } else {
            if was == .off {
                switchScreen(on: true, logger)
                setBacklight(logger) { b throws(BacklightError) in try b.setPowered(true) }
            }
            setBacklight(logger) { b throws(BacklightError) in try b.set(level: out.level) }
        }
        shown = out.state
        return was == out.state ? nil : (was, out.state)
    }

    /// Runs `change` on the backlight; a failure is one warning and the backlight is let
    /// go (a write that failed once, for want of permission, fails every time).
    private mutating func setBacklight(
        _ logger: Logger, _ change: (inout Backlight) throws(BacklightError) -> Void
    ) {
        guard var b = backlight else { return }
        do throws(BacklightError) {
            try change(&b)
            backlight = b
        } catch {
            backlight = nil
            logger.warning("power: backlight \(error): not used any more; the screen goes dark by the display alone")
        }
    }

    private func switchScreen(on: Bool, _ logger: Logger) {
        do throws(DisplayError) {
            try screenSwitch.setScreenPower(on)
        } catch {
            logger.warning("power: the display did not switch \(on ? "on" : "off"): \(error)")
        }
    }

    /// A level as `status` and the replies give it: up to 3 decimals, "0.2", "1".
    static func levelText(_ level: Double) -> String {
        var text = Decimal.format(level, places: 3)
        while text.contains("."), text.hasSuffix("0") || text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
