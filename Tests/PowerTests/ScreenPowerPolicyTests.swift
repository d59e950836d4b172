import Power
import Testing

/// `ScreenPowerPolicy` on a manual clock (both clocks stepped together, UTC): each rule.
struct ScreenPowerPolicyTests {
    /// 2024-01-10 12:00 UTC, monotonic 1000 s.
    static let noon = PowerClockReading(monotonic: 1000, unixTime: Double(RuleZone.unix(2024, 1, 10, 12, 0)))

    static func policy(_ settings: ScreenPowerPolicy.Settings, at start: PowerClockReading = noon)
        -> ScreenPowerPolicy
    {
        ScreenPowerPolicy(settings: settings, zone: RuleZone.utc, now: start)
    }

    static func hours(_ text: String) throws -> ScreenHours { ScreenHours([try DailyRange.parse(text)]) }

    @Test func defaultsStayOnWithNothingToWaitFor() {
        var p = Self.policy(.init())
        #expect(p.output == .init(state: .on, level: 1, nextChange: nil))
        #expect(p.advance(to: Self.noon.advanced(by: 86400 * 3)).state == .on)
        #expect(p.touchDown(at: Self.noon.advanced(by: 86400 * 3)) == .pass)
    }

    @Test func dimsThenTurnsOff() {
        var p = Self.policy(.init(onLevel: 0.8, dimAfter: 60, dimLevel: 0.2, offAfter: 300))
        #expect(p.output == .init(state: .on, level: 0.8, nextChange: 1060))
        #expect(p.advance(to: Self.noon.advanced(by: 59.9)).state == .on)
        #expect(p.advance(to: Self.noon.advanced(by: 60)) == .init(state: .dim, level: 0.2, nextChange: 1300))
        #expect(p.advance(to: Self.noon.advanced(by: 300)) == .init(state: .off, level: 0, nextChange: nil))
    }

    @Test func aTouchPostponesDimming() {
        var p = Self.policy(.init(dimAfter: 60, offAfter: 300))
        #expect(p.touchDown(at: Self.noon.advanced(by: 50)) == .pass)
        #expect(p.touchUp(at: Self.noon.advanced(by: 51)) == .pass)
        #expect(p.output.nextChange == 1111)
        #expect(p.advance(to: Self.noon.advanced(by: 110)).state == .on)
        #expect(p.advance(to: Self.noon.advanced(by: 111)).state == .dim)
    }

    @Test func aDimAfterNotBelowOffAfterNeverDims() {
        var p = Self.policy(.init(dimAfter: 300, offAfter: 300))
        #expect(p.output.nextChange == 1300)
        #expect(p.advance(to: Self.noon.advanced(by: 299)).state == .on)
        #expect(p.advance(to: Self.noon.advanced(by: 300)).state == .off)
    }

    @Test func aHeldFingerKeepsTheScreenOn() {
        var p = Self.policy(.init(dimAfter: 60, offAfter: 300))
        #expect(p.touchDown(at: Self.noon.advanced(by: 10)) == .pass)
        #expect(p.output.nextChange == nil)
        #expect(p.advance(to: Self.noon.advanced(by: 500)).state == .on)
        #expect(p.touchUp(at: Self.noon.advanced(by: 500)) == .pass)
        #expect(p.output.nextChange == 1560)
    }

    /// The waking gesture is swallowed from its first finger down to its last finger up,
    /// from dim and from off; the next gesture passes.
    @Test func theWakingGestureIsSwallowedWhole() {
        for idle in [60.0, 300.0] {
            var p = Self.policy(.init(dimAfter: 60, offAfter: 300))
            let t = Self.noon.advanced(by: idle)
            #expect(p.advance(to: t).state == (idle < 300 ? .dim : .off))
            #expect(p.touchDown(at: t) == .swallow)
            #expect(p.output.state == .on && p.output.level == 1)
            #expect(p.touchMoved(at: t.advanced(by: 0.1)) == .swallow)
            #expect(p.touchDown(at: t.advanced(by: 0.2)) == .swallow)  // a second finger
            #expect(p.touchUp(at: t.advanced(by: 0.3)) == .swallow)
            #expect(p.touchUp(at: t.advanced(by: 0.4)) == .swallow)
            #expect(p.touchDown(at: t.advanced(by: 1)) == .pass)
            #expect(p.touchUp(at: t.advanced(by: 1.1)) == .pass)
        }
    }

    @Test func outsideTheHoursItIsOffAndATouchWakesIt() throws {
        // 12:00 UTC, hours 07:30-11:00: closed until 07:30 tomorrow.
        var p = Self.policy(.init(dimAfter: 60, offAfter: 300, hours: try Self.hours("07:30-11:00")))
        #expect(p.output.state == .off)
        // Waits no longer than the wall-clock recheck.
        #expect(p.output.nextChange == 1000 + ScreenPowerPolicy.wallClockRecheck)
        let t = Self.noon.advanced(by: 600)
        #expect(p.touchDown(at: t) == .swallow)
        #expect(p.touchUp(at: t.advanced(by: 0.1)) == .swallow)
        #expect(p.output.state == .on)
        #expect(p.advance(to: t.advanced(by: 60.1)).state == .dim)
        #expect(p.advance(to: t.advanced(by: 300.1)).state == .off)
        // 07:30 the next morning: on, with the idle timers counting from there.
        let opening = PowerClockReading(monotonic: 1000 + 19.5 * 3600, unixTime: Double(RuleZone.unix(2024, 1, 11, 7, 30)))
        let waiting = p.advance(to: opening.advanced(by: -1))
        #expect(waiting.state == .off && waiting.nextChange == opening.monotonic)
        #expect(p.advance(to: opening) == .init(state: .on, level: 1, nextChange: opening.monotonic + 60))
        #expect(p.touchDown(at: opening.advanced(by: 1)) == .pass)
    }

    @Test func theHoursTurnTheScreenOnAtTheirStartAndOffAtTheirEnd() throws {
        // From 06:00 UTC, hours 07:00-08:00, no idle timers.
        let six = PowerClockReading(monotonic: 0, unixTime: Double(RuleZone.unix(2024, 1, 10, 6, 0)))
        var p = Self.policy(.init(hours: try Self.hours("07:00-08:00")), at: six)
        #expect(p.output.state == .off)
        #expect(p.advance(to: six.advanced(by: 3600)).state == .on)
        #expect(p.output.nextChange == 3600 + ScreenPowerPolicy.wallClockRecheck)
        #expect(p.touchDown(at: six.advanced(by: 7199)) == .pass)
        #expect(p.touchUp(at: six.advanced(by: 7199.5)) == .pass)
        #expect(p.advance(to: six.advanced(by: 7170 + 30)).state == .off)  // 08:00, touched 1 s before
        // A touch wakes it for the default time when screen_off_after is 0.
        #expect(p.touchDown(at: six.advanced(by: 8000)) == .swallow)
        #expect(p.touchUp(at: six.advanced(by: 8000)) == .swallow)
        #expect(p.advance(to: six.advanced(by: 8000 + ScreenPowerPolicy.defaultOutsideHoursWake - 1)).state == .on)
        #expect(p.advance(to: six.advanced(by: 8000 + ScreenPowerPolicy.defaultOutsideHoursWake)).state == .off)
    }

    @Test func displayOffLastsUntilATouch() {
        var p = Self.policy(.init())
        #expect(p.apply(.displayOff, at: Self.noon.advanced(by: 1)) == .init(state: .off, level: 0, nextChange: nil))
        #expect(p.advance(to: Self.noon.advanced(by: 86400)).state == .off)
        #expect(p.touchDown(at: Self.noon.advanced(by: 86400)) == .swallow)
        #expect(p.output.state == .on)
        #expect(p.touchUp(at: Self.noon.advanced(by: 86400)) == .swallow)
    }

    @Test func displayOffLastsUntilDisplayOn() {
        var p = Self.policy(.init(dimAfter: 60))
        p.apply(.displayOff, at: Self.noon)
        #expect(p.apply(.displayOn, at: Self.noon.advanced(by: 500)) == .init(state: .on, level: 1, nextChange: 1560))
        #expect(p.touchDown(at: Self.noon.advanced(by: 501)) == .pass)
    }

    @Test func displayOffLastsUntilTheHoursStart() throws {
        let six = PowerClockReading(monotonic: 0, unixTime: Double(RuleZone.unix(2024, 1, 10, 6, 0)))
        var p = Self.policy(.init(hours: try Self.hours("07:00-08:00")), at: six)
        p.apply(.displayOff, at: six)
        #expect(p.advance(to: six.advanced(by: 3599)).state == .off)
        #expect(p.advance(to: six.advanced(by: 3600)).state == .on)
    }

    @Test func displayOnWakesOutsideTheHours() throws {
        var p = Self.policy(.init(offAfter: 120, hours: try Self.hours("07:30-11:00")))
        #expect(p.output.state == .off)
        #expect(p.apply(.displayOn, at: Self.noon.advanced(by: 10)).state == .on)
        #expect(p.advance(to: Self.noon.advanced(by: 130)).state == .off)
    }

    @Test func brightnessSetsTheLevelWhileOnAndDimNeverBrightens() {
        var p = Self.policy(.init(onLevel: 1, dimAfter: 60, dimLevel: 0.3))
        #expect(p.apply(.brightness(0.5), at: Self.noon).level == 0.5)
        #expect(p.apply(.brightness(1.5), at: Self.noon).level == 1)
        #expect(p.apply(.brightness(0.1), at: Self.noon).level == 0.1)
        #expect(p.advance(to: Self.noon.advanced(by: 60)) == .init(state: .dim, level: 0.1, nextChange: nil))
    }
}
