import Board
import Display
import FixedPoint
import Input
import Logging
import Power

/// Screen power in the loop (the Board file reference, `[power]`): every touch goes
/// through the policy before it is routed, a touch that wakes a dim or dark screen is
/// swallowed whole, the power timer wakes the loop at the policy's next change (dim,
/// off, the hours), and each change is carried out at once: the backlight's level, the
/// display's switch, and while dark no frame at all (0% CPU but the watchdog's pings),
/// the whole screen repainted as it wakes.
extension Kiosk {
    /// The switch that turns `display`'s picture on and off: the one place a display
    /// backend's own switch plugs in (`DisplayScreenSwitch`: DPMS, FBIOBLANK).
    static func screenSwitch(for display: any DisplayBackend) -> any ScreenSwitch {
        DisplayScreenSwitch(display: display)
    }

    /// Screen power for `settings`: the backlight chosen (one log line when it cannot
    /// be used, or there is none to pick and the board relies on one), its level read,
    /// the policy started at the clocks' reading now.
    static func makeScreenPower(settings: KioskSettings, display: any DisplayBackend, logger: Logger) -> ScreenPower {
        let choice = BacklightChoice.open(
            settings.power.backlight, sysfsRoot: settings.sysfsRoot, relied: settings.power != PowerSettings())
        if let message = choice.message { logger.log(level: message.level, "\(message.text)") }
        if let b = choice.backlight {
            logger.debug("power: backlight \(b.directory), max_brightness \(b.maxBrightness)")
        }
        return ScreenPower(
            settings: settings.power, choice: choice, screenSwitch: screenSwitch(for: display),
            clock: settings.powerClock, zone: settings.powerZone)
    }

    /// After the first frame: the policy's state at start carried out (the backlight set
    /// to the board's `brightness`; dark at once outside the hours), the timer armed.
    func startPower() {
        power.advance()
        powerChanged()
    }

    /// The power timer fired: the policy reads the clocks.
    func powerTimerFired() {
        power.timerDue = nil
        power.advance()
        powerChanged()
    }

    /// Whether `update` reaches the scene: the policy hears of every touch first, and a
    /// touch that wakes a dim or dark screen is swallowed with its whole gesture (it must
    /// not tap what is under it). Swallowed touches are not counted in `status`'s
    /// `touch_*` keys.
    func powerLets(_ update: TouchUpdate) -> Bool {
        let verdict = power.touch(update.phase)
        powerChanged(heardAt: update.time)
        return verdict == .pass
    }

    /// `display on|off` or `brightness L` from the control socket; the reply.
    func powerCommand(_ command: ScreenPowerPolicy.Command) -> String {
        power.apply(command)
        powerChanged()
        switch command {
        case .displayOn, .displayOff:
            logger.info("control: display \(command == .displayOn ? "on" : "off")")
            return "ok display=\(power.output.state.rawValue)"
        case .brightness(let level):
            logger.info("control: brightness \(ScreenPower.levelText(level))")
            return "ok brightness=\(ScreenPower.levelText(level))"
        }
    }

    /// `status`'s power keys: the screen's state, the backlight's level now, the backlight,
    /// and the last wake's time to its first frame on screen (`WakeLatency`).
    var powerStatus: [String] {
        [
            "display=\(power.output.state.rawValue)",
            "brightness=\(ScreenPower.levelText(power.output.level))",
            "backlight=\(power.backlight?.directory ?? "none")",
            "wake_ms=\(wakeLatency.text)",
        ]
    }

    /// Carries out the policy's output after it heard something, and arms the timer for
    /// its next change. Going dark stops the frames; waking repaints the whole screen,
    /// at once (one frame period at most). `heardAt`: when what it heard happened (a
    /// touch's own time, scene seconds); nil: now.
    func powerChanged(heardAt time: Double? = nil) {
        if let change = power.carryOut(logger: logger) {
            logger.info(
                "screen \(change.now.rawValue)",
                metadata: ["was": "\(change.was.rawValue)", "brightness": "\(ScreenPower.levelText(power.output.level))"])
            if change.now == .off {
                goDark()
            } else if change.was == .off {
                wake(at: time ?? now)
            }
        }
        armPower()
    }

    /// Arms the power timer for the policy's next change unless it fires sooner already
    /// (a touch only ever moves the change later: the timer is set again when it fires
    /// early, not at every finger's move).
    func armPower() {
        guard let next = power.output.nextChange else { return }
        if let due = power.timerDue, due <= next { return }
        powerTimer.arm(at: next)
        power.timerDue = next
    }

    /// No frame while dark, and no accelerometer sample either (`rotation.source =
    /// "iio"`): the process sleeps until a touch, a command, a signal, the watchdog or
    /// the policy's next change.
    private func goDark() {
        screenDark = true
        frameTimer.disarm()
        frameDeadline = nil
        frameRequestedAt = nil
        frameWanted = false
        if rotation.source == .iio { orientationTimer.disarm() }
    }

    /// The whole screen repainted at once; the accelerometer sampled again, so a panel
    /// turned while dark turns the picture as soon as the samples agree. `time`: when
    /// what woke it happened, for `wake_ms`.
    private func wake(at time: Double) {
        wakeLatency.woke(at: time)
        screenDark = false
        pipeline.compositor.invalidateTargets()
        forceNext = true
        requestFrame()
        if rotation.source == .iio { armOrientation() }
    }
}
