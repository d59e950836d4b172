import Testing

@testable import Motion

@Suite("Clocks")
struct ClockTests {
    @Test func manualClockMovesOnlyWhenTold() {
        let clock = ManualClock()
        #expect(clock.now == 0)
        clock.advance(by: 0.25)
        #expect(clock.now == 0.25)
        clock.set(to: 2)
        #expect(clock.now == 2)
        clock.set(to: 2)  // standing still is fine
        #expect(ManualClock(now: 7.5).now == 7.5)
    }

    @Test func monotonicClockNeverGoesBack() {
        let clock = MonotonicClock()
        var last = clock.now
        #expect(last > 0)
        for _ in 0..<1000 {
            let now = clock.now
            #expect(now >= last)
            last = now
        }
    }

    @Test func clocksAreInterchangeable() {
        let clocks: [any Clock] = [ManualClock(now: 3), MonotonicClock()]
        #expect(clocks[0].now == 3)
        #expect(clocks[1].now > 0)
    }
}
