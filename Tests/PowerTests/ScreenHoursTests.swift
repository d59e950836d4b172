import Power
import Testing

/// `DailyRange`'s text and `ScreenHours`: open minutes, ranges across midnight, and the
/// next change through a time zone, DST changes included (`RuleZone`).
struct ScreenHoursTests {
    static func hours(_ texts: String...) throws -> ScreenHours {
        ScreenHours(try texts.map { (t) throws -> DailyRange in try DailyRange.parse(t) })
    }

    @Test func readsRanges() throws {
        let day = try DailyRange.parse("07:30-22:00")
        #expect(day.start == 450 && day.end == 1320 && !day.crossesMidnight)
        #expect(day.description == "07:30-22:00")
        let night = try DailyRange.parse("22:00-06:00")
        #expect(night.crossesMidnight && night.contains(minute: 23 * 60) && night.contains(minute: 0))
        #expect(!night.contains(minute: 6 * 60) && night.contains(minute: 6 * 60 - 1))
        let whole = try DailyRange.parse("00:00-24:00")
        #expect(whole.start == 0 && whole.end == 1440 && whole.contains(minute: 1439))
        #expect(try DailyRange.parse("20:00-00:00").contains(minute: 1439))
    }

    @Test func refusesBadRanges() {
        #expect(throws: DailyRange.ParseFailure.malformed) { try DailyRange.parse("7:30-22:00") }
        #expect(throws: DailyRange.ParseFailure.malformed) { try DailyRange.parse("07:30 - 22:00") }
        #expect(throws: DailyRange.ParseFailure.malformed) { try DailyRange.parse("07h30-22:00") }
        #expect(throws: DailyRange.ParseFailure.outOfRange("24:30")) { try DailyRange.parse("07:30-24:30") }
        #expect(throws: DailyRange.ParseFailure.outOfRange("07:60")) { try DailyRange.parse("07:60-22:00") }
        #expect(throws: DailyRange.ParseFailure.startsAtEndOfDay) { try DailyRange.parse("24:00-06:00") }
        #expect(throws: DailyRange.ParseFailure.empty("08:00")) { try DailyRange.parse("08:00-08:00") }
        #expect(throws: DailyRange.ParseFailure.empty("00:00")) { try DailyRange.parse("00:00-00:00") }
        #expect(DailyRange.ParseFailure.malformed.message == "must be HH:MM-HH:MM (like \"07:30-22:00\")")
    }

    @Test func unionAcrossMidnightAndOverlaps() throws {
        let h = try Self.hours("22:00-02:00", "01:00-03:00", "12:00-13:00")
        #expect(h.changeMinutes == [3 * 60, 12 * 60, 13 * 60, 22 * 60])
        #expect(h.isOpen(minute: 0) && h.isOpen(minute: 150) && !h.isOpen(minute: 180) && h.isOpen(minute: 750))
        #expect(try Self.hours("00:00-24:00").changeMinutes == [])
        #expect(try Self.hours("06:00-18:00", "18:00-06:00").changeMinutes == [])
    }

    @Test func nextChangeAcrossMidnight() throws {
        let h = try Self.hours("22:00-06:00")
        let evening = RuleZone.unix(2024, 1, 10, 21, 15)
        #expect(!h.isOpen(at: evening, in: RuleZone.utc))
        #expect(h.nextChange(after: evening, in: RuleZone.utc) == RuleZone.unix(2024, 1, 10, 22, 0))
        let night = RuleZone.unix(2024, 1, 10, 23, 0)
        #expect(h.isOpen(at: night, in: RuleZone.utc))
        #expect(h.nextChange(after: night, in: RuleZone.utc) == RuleZone.unix(2024, 1, 11, 6, 0))
        // Exactly at a change: the next one.
        let open = RuleZone.unix(2024, 1, 10, 22, 0)
        #expect(h.nextChange(after: open, in: RuleZone.utc) == RuleZone.unix(2024, 1, 11, 6, 0))
        #expect(try Self.hours("00:00-24:00").nextChange(after: open, in: RuleZone.utc) == nil)
        // Month and year ends.
        #expect(h.nextChange(after: RuleZone.unix(2024, 12, 31, 23, 0), in: RuleZone.utc) == RuleZone.unix(2025, 1, 1, 6, 0))
    }

    @Test func nextChangeFollowsTheWallClockOverDSTChanges() throws {
        let h = try Self.hours("07:30-22:00")
        // Spring: midnight local (+1 h) to 07:30 local (+2 h): 6.5 h on the wall, 5.5 h real.
        let springMidnight = RuleZone.unix(2024, 3, 30, 23, 0)
        #expect(h.nextChange(after: springMidnight, in: RuleZone.berlinSpring) == RuleZone.unix(2024, 3, 31, 5, 30))
        // Autumn: midnight local (+2 h) to 07:30 local (+1 h).
        let autumnMidnight = RuleZone.unix(2024, 10, 26, 22, 0)
        #expect(h.nextChange(after: autumnMidnight, in: RuleZone.berlinAutumn) == RuleZone.unix(2024, 10, 27, 6, 30))
        // An end inside the skipped hour (02:30 does not exist that night): 03:30 local.
        let early = try Self.hours("01:00-02:30")
        let opened = RuleZone.unix(2024, 3, 31, 0, 0)  // 01:00 local (+1 h)
        #expect(early.isOpen(at: opened, in: RuleZone.berlinSpring))
        #expect(early.nextChange(after: opened, in: RuleZone.berlinSpring) == RuleZone.unix(2024, 3, 31, 1, 30))
    }

    /// The C library's zone, whichever it is here: local time and back agree away from
    /// DST changes (mid-November and mid-July have none anywhere).
    @Test func systemLocalTimeRoundTrips() {
        let zone = SystemLocalTime()
        for t in [RuleZone.unix(2023, 11, 14, 12, 7), RuleZone.unix(2024, 7, 15, 3, 59)] {
            let local = zone.localTime(t)
            #expect((0..<86400).contains(local.secondOfDay))
            #expect(
                zone.unixTime(year: local.year, month: local.month, day: local.day, dayOffset: 0,
                    secondOfDay: local.secondOfDay) == t)
            let tomorrow = zone.unixTime(
                year: local.year, month: local.month, day: local.day, dayOffset: 1, secondOfDay: local.secondOfDay)
            #expect(tomorrow == t + 86400)
        }
    }
}
