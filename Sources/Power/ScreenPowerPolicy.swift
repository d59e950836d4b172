/// When the screen is on, dim or off, and at what backlight level, from touches, control
/// commands and time passing: a pure state machine, driven by readings of the clocks
/// (`PowerClockReading`) the caller passes in, so that tests run it on a manual clock.
///
/// The rules:
/// - `dimAfter` seconds without a touch dims the screen to `dimLevel`, `offAfter`
///   seconds turns it off (0: never, for either; a `dimAfter` not below `offAfter` never
///   dims);
/// - outside `hours` the screen is off; a touch there wakes it for `outsideHoursWake`
///   seconds (dimming as usual), and the hours' end turns it off whoever touched it last;
///   the hours' start turns it on, its idle timers counting from there;
/// - `display off` keeps it off until a touch, `display on`, or the next start of the
///   hours; `display on` counts as a touch;
/// - a touch that lands on a dim or dark screen wakes it, and its whole gesture (from
///   the first finger down to the last finger up) is swallowed;
/// - while a finger is down the screen neither dims nor goes off by itself.
///
/// After each call `output` says the state, the level to write, and the monotonic time
/// of the next change without input, which the loop sleeps until.
public struct ScreenPowerPolicy: Sendable {
    /// The board's `[power]` values the policy uses, in seconds and 0...1 levels.
    public struct Settings: Hashable, Sendable {
        /// The backlight level while on, 0...1.
        public var onLevel: Double
        /// Seconds without a touch before dimming; 0: never.
        public var dimAfter: Double
        /// The backlight level while dim, 0...1 (never above `onLevel`).
        public var dimLevel: Double
        /// Seconds without a touch before turning off; 0: never.
        public var offAfter: Double
        /// When the screen may be on; nil: always.
        public var hours: ScreenHours?

        public init(
            onLevel: Double = 1, dimAfter: Double = 0, dimLevel: Double = 0.2, offAfter: Double = 0,
            hours: ScreenHours? = nil
        ) {
            self.onLevel = onLevel
            self.dimAfter = dimAfter
            self.dimLevel = dimLevel
            self.offAfter = offAfter
            self.hours = hours
        }

        /// Seconds a touch outside the hours keeps the screen awake: `offAfter`, or
        /// `defaultOutsideHoursWake` when the screen never goes off by itself.
        public var outsideHoursWake: Double { offAfter > 0 ? offAfter : ScreenPowerPolicy.defaultOutsideHoursWake }
    }

    /// A control command (`vitrine ctl display on|off`, `vitrine ctl brightness L`).
    public enum Command: Hashable, Sendable {
        case displayOn
        case displayOff
        /// The level while on from now, 0...1 (clamped).
        case brightness(Double)
    }

    /// What the screen should be now.
    public struct Output: Hashable, Sendable {
        public var state: ScreenState
        /// The backlight level, 0...1: `onLevel` on, the dim level dim, 0 off.
        public var level: Double
        /// The monotonic time (seconds) of the next change without input; nil: none.
        public var nextChange: Double?

        public init(state: ScreenState, level: Double, nextChange: Double?) {
            self.state = state
            self.level = level
            self.nextChange = nextChange
        }
    }

    /// Seconds a touch outside the hours wakes the screen for when `offAfter` is 0.
    public static let defaultOutsideHoursWake = 300.0
    /// The longest wait before the wall clock is looked at again while `hours` are set,
    /// seconds: a clock set by NTP after boot (a panel without a real-time clock) moves
    /// the hours' next change, which the monotonic wait computed before cannot know.
    public static let wallClockRecheck = 60.0

    public private(set) var settings: Settings
    public let zone: any LocalTimeConverter
    /// The state and level at the last reading, and the next change.
    public private(set) var output: Output
    /// The last reading passed in.
    public private(set) var now: PowerClockReading

    /// The monotonic time of the last touch event or `display on` (the start counts as one).
    private var lastActivity: Double
    private var fingersDown = 0
    private var swallowing = false
    private var forcedOff = false
    /// A touch (or `display on`) since the hours last ended.
    private var wokenOutsideHours = false
    /// Whether the hours were open at the last reading.
    private var wasOpen: Bool

    /// The policy at the kiosk's start, `now`: on (within the hours), as after a touch.
    public init(settings: Settings, zone: any LocalTimeConverter = SystemLocalTime(), now: PowerClockReading) {
        self.settings = settings
        self.zone = zone
        self.now = now
        lastActivity = now.monotonic
        wasOpen = true
        output = Output(state: .on, level: settings.onLevel, nextChange: nil)
        wasOpen = hoursOpen(at: now)
        output = evaluate()
    }

    /// Time has passed to `reading` (the loop woke): the output for it.
    @discardableResult
    public mutating func advance(to reading: PowerClockReading) -> Output {
        now = reading
        let open = hoursOpen(at: reading)
        if open != wasOpen {
            if open {
                forcedOff = false
                lastActivity = reading.monotonic
            } else {
                wokenOutsideHours = false
            }
            wasOpen = open
        }
        output = evaluate()
        return output
    }

    /// A finger (or the pointer's button) went down at `reading`. Swallowed when the
    /// screen was dim or off, with the rest of its gesture.
    public mutating func touchDown(at reading: PowerClockReading) -> TouchVerdict {
        advance(to: reading)
        if fingersDown == 0 { swallowing = output.state != .on }
        fingersDown += 1
        wake(at: reading)
        return swallowing ? .swallow : .pass
    }

    /// A finger moved at `reading`: activity, in the gesture's verdict.
    public mutating func touchMoved(at reading: PowerClockReading) -> TouchVerdict {
        advance(to: reading)
        lastActivity = reading.monotonic
        output = evaluate()
        return swallowing ? .swallow : .pass
    }

    /// A finger went up (or was cancelled) at `reading`; the last one up ends the gesture.
    public mutating func touchUp(at reading: PowerClockReading) -> TouchVerdict {
        advance(to: reading)
        let verdict: TouchVerdict = swallowing ? .swallow : .pass
        fingersDown = max(0, fingersDown - 1)
        if fingersDown == 0 { swallowing = false }
        lastActivity = reading.monotonic
        output = evaluate()
        return verdict
    }

    /// A control command at `reading`.
    @discardableResult
    public mutating func apply(_ command: Command, at reading: PowerClockReading) -> Output {
        advance(to: reading)
        switch command {
        case .displayOn: wake(at: reading)
        case .displayOff: forcedOff = true
        case .brightness(let level): settings.onLevel = min(max(level, 0), 1)
        }
        output = evaluate()
        return output
    }

    // MARK: - Rules

    private mutating func wake(at reading: PowerClockReading) {
        lastActivity = reading.monotonic
        forcedOff = false
        if !wasOpen { wokenOutsideHours = true }
        output = evaluate()
    }

    private func hoursOpen(at reading: PowerClockReading) -> Bool {
        guard let hours = settings.hours else { return true }
        return hours.isOpen(at: Int64(reading.unixTime.rounded(.down)), in: zone)
    }

    /// The output at `now` from the state variables.
    private func evaluate() -> Output {
        let t = now.monotonic
        let idle = fingersDown > 0 ? 0 : t - lastActivity
        let offAfter = wasOpen ? settings.offAfter : settings.outsideHoursWake
        let dims = settings.dimAfter > 0 && (offAfter == 0 || settings.dimAfter < offAfter)
        let state: ScreenState
        var next: Double? = nil
        if forcedOff || (!wasOpen && !wokenOutsideHours) || (offAfter > 0 && idle >= offAfter) {
            state = .off
        } else if dims && idle >= settings.dimAfter {
            state = .dim
        } else {
            state = .on
        }
        if fingersDown == 0 && state != .off && !forcedOff {
            if state == .on && dims { next = lastActivity + settings.dimAfter }
            if offAfter > 0 { next = min(next ?? .infinity, lastActivity + offAfter) }
        }
        if let hours = settings.hours {
            var wait = ScreenPowerPolicy.wallClockRecheck
            if let change = hours.nextChange(after: Int64(now.unixTime.rounded(.down)), in: zone) {
                wait = min(wait, Double(change) - now.unixTime)
            }
            next = min(next ?? .infinity, t + max(wait, 0))
        }
        let level: Double =
            switch state {
            case .on: settings.onLevel
            case .dim: min(settings.dimLevel, settings.onLevel)
            case .off: 0
            }
        return Output(state: state, level: level, nextChange: next)
    }
}
