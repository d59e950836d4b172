import Display
import Runtime
import Synchronization
import Testing

/// The kiosk's wait for a display that isn't there yet (the DRM card missing at boot for
/// 20 s, its driver loaded late): attempts, pauses, log lines and limit, on a fake clock
/// that each pause advances.
@Suite struct DisplayWaitTests {
    /// A fake world: the display appears at `appearsAt` seconds; `wakesAt` is when a
    /// kernel event wakes the pause (nil: none ever comes).
    final class World {
        var now = 0.0
        var appearsAt: Double
        var wakesAt: Double?
        var pauses: [Double] = []
        var attempts = 0
        init(appearsAt: Double, wakesAt: Double?) {
            self.appearsAt = appearsAt
            self.wakesAt = wakesAt
        }
        func attempt() throws(KioskError) -> String {
            attempts += 1
            guard now >= appearsAt else { throw .unavailable("no DRM card: looked at /dev/dri (no card* nodes)") }
            return "card0"
        }
        func pause(_ seconds: Double) -> Bool {
            pauses.append(seconds)
            if let wake = wakesAt, wake > now, wake <= now + seconds {
                now = wake
                return true
            }
            now += seconds
            return false
        }
    }

    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var log: DisplayLog {
            DisplayLog(info: { line in self.lines.withLock { $0.append(line) } }, warning: { line in self.lines.withLock { $0.append("W " + line) } })
        }
        var all: [String] { lines.withLock { $0 } }
    }

    /// What `body` threw, or nil.
    func thrown(_ body: () throws(KioskError) -> Void) -> KioskError? {
        do { try body() } catch { return error }
        return nil
    }

    /// The text of an `.unavailable`, or nil.
    func unavailable(_ error: KioskError?) -> String? {
        if case .unavailable(let text) = error { return text }
        return nil
    }

    @Test func noLimitWaitsUntilTheCardAppearsAndSaysSoTwice() throws {
        // The card appears 20 s in with no uevent seen (a lost event): found by the
        // once-a-second retry, within a second of appearing.
        let world = World(appearsAt: 20, wakesAt: nil)
        let lines = Lines()
        var told: [Double] = []
        let card = try DisplayWait(limit: nil).run(
            attempt: world.attempt, pause: world.pause, clock: { world.now }, log: lines.log,
            waiting: { _, waited in told.append(waited) })
        #expect(card == "card0")
        #expect(world.now >= 20 && world.now < 21)
        #expect(world.pauses.allSatisfy { $0 == 1.0 })
        #expect(lines.all.count == 2)
        #expect(lines.all.first == "display: not there yet (no DRM card: looked at /dev/dri (no card* nodes)); waiting until it appears, woken by udev's device events")
        #expect(lines.all.last?.hasPrefix("display: there after waiting 20.0 s (21 attempts, 0 woken by device events)") == true)
        #expect(told.count == 20 && told.first == 0)
    }

    @Test func aDeviceEventWakesItAndItRetriesQuicklyForAWhile() throws {
        // The kernel's event at 20.3 s, the node usable (udev's group) 0.25 s later.
        let world = World(appearsAt: 20.55, wakesAt: 20.3)
        let lines = Lines()
        let card = try DisplayWait(limit: nil).run(
            attempt: world.attempt, pause: world.pause, clock: { world.now }, log: lines.log)
        #expect(card == "card0")
        #expect(world.now >= 20.55 && world.now < 20.7)
        // Idle pauses of 1 s until the event, then 0.1 s ones.
        #expect(world.pauses.prefix(21).allSatisfy { $0 == 1.0 })
        #expect(world.pauses.dropFirst(21).allSatisfy { abs($0 - 0.1) < 1e-9 })
        #expect(lines.all.last?.contains("1 woken by device events") == true)
    }

    @Test func theBurstEndsAndIdlePausesResume() throws {
        // An event that is not our card (it appears much later): 2 s of quick retries,
        // then back to 1 s.
        let world = World(appearsAt: 10, wakesAt: 3.5)
        _ = try DisplayWait(limit: nil).run(
            attempt: world.attempt, pause: world.pause, clock: { world.now }, log: Lines().log)
        let quick = world.pauses.filter { abs($0 - 0.1) < 1e-9 }.count
        #expect(quick >= 19 && quick <= 21)
        #expect(world.pauses.last == 1.0)
    }

    @Test func aLimitEndsTheWaitAsUnavailableNamingTheProblemAndTheTime() {
        let world = World(appearsAt: 100, wakesAt: nil)
        let lines = Lines()
        let error = thrown { () throws(KioskError) in
            _ = try DisplayWait(limit: 10).run(
                attempt: world.attempt, pause: world.pause, clock: { world.now }, log: lines.log)
        }
        #expect(unavailable(error) == "no DRM card: looked at /dev/dri (no card* nodes) (after waiting 10.0 s)")
        #expect(world.now == 10)
        #expect(lines.all == ["display: not there yet (no DRM card: looked at /dev/dri (no card* nodes)); waiting up to 10.0 s, woken by udev's device events"])
    }

    @Test func noWaitFailsAtOnceWithoutALogLine() {
        let world = World(appearsAt: 1, wakesAt: nil)
        let lines = Lines()
        let error = thrown { () throws(KioskError) in
            _ = try DisplayWait(limit: 0).run(
                attempt: world.attempt, pause: world.pause, clock: { world.now }, log: lines.log)
        }
        #expect(unavailable(error) == "no DRM card: looked at /dev/dri (no card* nodes)")
        #expect(world.attempts == 1 && world.pauses.isEmpty && lines.all.isEmpty)
    }

    @Test func otherFailuresEndTheWaitAtOnce() {
        var attempts = 0
        let error = thrown { () throws(KioskError) in
            _ = try DisplayWait(limit: nil).run(
                attempt: { () throws(KioskError) -> Int in
                    attempts += 1
                    throw .busy("drm: another DRM master")
                }, pause: { _ in false }, clock: { 0 }, log: Lines().log)
        }
        if case .busy(let text) = error { #expect(text == "drm: another DRM master") } else { Issue.record("not busy: \(String(describing: error))") }
        #expect(attempts == 1)
    }

    @Test func theNoticeTellsSystemdWhyAndHoldsTheStartTimeoutOff() {
        let message = DisplayWaitNotice.message(problem: "no DRM card:\nlooked at /dev/dri", waited: 12.4)
        #expect(message == "STATUS=waiting for the display (12 s): no DRM card: looked at /dev/dri\nEXTEND_TIMEOUT_USEC=30000000")
    }
}
