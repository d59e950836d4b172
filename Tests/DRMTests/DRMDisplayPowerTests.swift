import Display
import Raster
import Testing

@testable import DRM

/// Screen power on DRM: what off and on commit (atomic and legacy), frames while off,
/// a flip in flight, a hotplug while off, refusals, and close.
@Suite struct DRMDisplayPowerTests {
    typealias F = DRMDisplayFrameTests

    /// A display past two frames (a modeset, then a flip), on `card`.
    static func running(_ card: FakeCard, _ system: FakeSystem? = nil, _ lines: LogLines = LogLines()) throws
        -> DRMDisplay
    {
        let d = try DRMDisplay.open(DRMSettings(), log: lines.log, system: system ?? FakeSystem(card))
        try F.frame(d, card)
        try F.frame(d, card)
        return d
    }

    /// The non-test atomic commits after the first `since`.
    static func commits(_ card: FakeCard, since: Int) -> [AtomicRequest] {
        card.commits.dropFirst(since).filter { !$0.flags.contains(.testOnly) }.map(\.request)
    }

    // MARK: atomic

    @Test func offMakesTheCRTCInactiveAloneTestedFirst() throws {
        let card = Fixture.card()
        let lines = LogLines()
        let d = try Self.running(card, nil, lines)
        let before = card.commits.count
        try d.setScreenPower(false)
        #expect(!d.isScreenOn && !d.isFlipPending)
        #expect(card.calls.suffix(2) == ["atomic test", "atomic modeset"])
        let off = card.commits.dropFirst(before).map(\.flags)
        #expect(off == [[.testOnly, .allowModeset], [.allowModeset]])
        // ACTIVE = 0 and nothing else: the connector stays on the CRTC, the mode stays set.
        let settings = card.commits.last!.request.settings
        #expect(settings.map { "\($0.object) \($0.name) \($0.value)" } == ["34 ACTIVE 0"])
        #expect(card.crtcActive == 0)
        #expect(card.properties[35]?["CRTC_ID"]?.value == 34)
        #expect(card.properties[34]?["MODE_ID"]?.value != 0)
        #expect(lines.info.last == "drm: Virtual-1 switched off (CRTC 34 inactive)")
        // Asked again: nothing more.
        try d.setScreenPower(false)
        #expect(card.commits.count == before + 2)
    }

    @Test func aFramePresentedWhileOffIsKeptAndNothingIsQueued() throws {
        let card = Fixture.card()
        let d = try Self.running(card)
        try d.setScreenPower(false)
        let calls = card.calls.count
        let kept = try d.acquire()
        try d.present(kept, damage: [kept.surface.bounds])
        #expect(card.calls.count == calls)
        #expect(!d.isFlipPending && card.queuedFlips.isEmpty)
        #expect(d.statistics.presented == 3)
        // Handed out next, holding the newest frame.
        let again = try d.acquire()
        #expect((again.index, again.age) == (kept.index, 1))
        try d.present(again, damage: [])
        #expect(card.calls.count == calls && !d.isFlipPending)
    }

    @Test func onIsAFullModesetOfTheNewestFrameAndEveryAgeIsZero() throws {
        let card = Fixture.card()
        let lines = LogLines()
        let d = try Self.running(card, nil, lines)
        try d.setScreenPower(false)
        let kept = try d.acquire()
        try d.present(kept, damage: [])
        let modesets = d.statistics.modesets
        try d.setScreenPower(true)
        #expect(d.isScreenOn && !d.isFlipPending)
        #expect(card.calls.suffix(2) == ["atomic test", "atomic modeset"])
        #expect(d.statistics.modesets == modesets + 1)
        #expect(card.committed("ACTIVE", of: 34) == 1)
        #expect(card.committed("CRTC_ID", of: 35) == 34)
        #expect(card.modeOfBlob[UInt32(card.committed("MODE_ID", of: 34)!)]?.description == "800x480@60")
        #expect(card.crtcActive == 1)
        // The frame drawn while off is the one lit.
        let framebuffer = UInt32(card.committed("FB_ID", of: 31)!)
        #expect(card.framebuffers[framebuffer]?.handle == UInt32(kept.index + 1))
        #expect(lines.info.last == "drm: Virtual-1 switched on (mode set: 800x480@60)")
        // Every buffer repainted whole once, then flips as before.
        let next = try F.frame(d, card)
        #expect(next.age == 0 && next.index != kept.index)
        #expect(card.calls.last == "atomic flip")
        #expect(next.events.count == 1)
        #expect(try F.frame(d, card).age == 0)
        #expect(try F.frame(d, card).age == 2)
    }

    @Test func onWithoutAFrameYetWaitsForTheFirst() throws {
        let card = Fixture.card()
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
        // Off before anything was shown: the console's CRTC goes dark.
        try d.setScreenPower(false)
        #expect(card.crtcActive == 0)
        let calls = card.calls.count
        try d.setScreenPower(true)
        #expect(d.isScreenOn && card.calls.count == calls)
        // The first frame's modeset lights it.
        try F.frame(d, card)
        #expect(card.committed("ACTIVE", of: 34) == 1)
        #expect(card.crtcActive == 1)
    }

    @Test func aFlipInFlightCompletesBeforeOffAndCountsAsShown() throws {
        let card = Fixture.card()
        let d = try Self.running(card)
        let b = try d.acquire()
        try d.present(b, damage: [])
        #expect(d.isFlipPending)
        card.completeFlips()
        try d.setScreenPower(false)
        #expect(!d.isFlipPending)
        // Its event was read: nothing comes later.
        #expect(card.events.isEmpty)
        var events: [DisplayEvent] = []
        try d.handleEvents(on: card.descriptor) { events.append($0) }
        #expect(events.isEmpty)
        // It is the frame shown: on lights it again.
        try d.setScreenPower(true)
        let framebuffer = UInt32(card.committed("FB_ID", of: 31)!)
        #expect(card.framebuffers[framebuffer]?.handle == UInt32(b.index + 1))
    }

    @Test func aFlipWhoseEventNeverComesDoesNotHoldOffBack() throws {
        let card = Fixture.card()
        let d = try Self.running(card)
        let b = try d.acquire()
        try d.present(b, damage: [])
        // The flip never completes (the panel gone dark under it).
        try d.setScreenPower(false)
        #expect(!d.isFlipPending && card.crtcActive == 0)
        // A late event finds nothing pending.
        card.completeFlips()
        var events: [DisplayEvent] = []
        try d.handleEvents(on: card.descriptor) { events.append($0) }
        #expect(events.isEmpty && !d.isFlipPending)
        #expect(try d.acquire().index != b.index)
    }

    @Test func aHotplugWhileOffKeepsItOff() throws {
        let card = Fixture.card()
        let system = FakeSystem(card)
        let d = try Self.running(card, system)
        try d.setScreenPower(false)
        let offCommits = card.commits.count

        card.connectors[0].connection = .disconnected
        card.connectors[0].modes = []
        system.hotplug.plugEvent()
        var events: [DisplayEvent] = []
        try d.handleEvents(on: system.hotplug.descriptor) { events.append($0) }
        card.connectors[0].connection = .connected
        card.connectors[0].modes = [Fixture.mode(1024, 768, 60, preferred: true)]
        system.hotplug.plugEvent()
        try d.handleEvents(on: system.hotplug.descriptor) { events.append($0) }
        #expect(events == [.outputLost("Virtual-1 disconnected"), .outputBack("Virtual-1 connected: 1024x768@60")])
        #expect(!d.isScreenOn && d.isOutputAvailable)

        // The loop draws for the new size: kept, nothing committed, the CRTC still inactive.
        let b = try d.acquire()
        #expect((b.surface.width, b.surface.height, b.age) == (1024, 768, 0))
        try d.present(b, damage: [])
        #expect(card.commits.count == offCommits)
        #expect(card.crtcActive == 0 && !d.isFlipPending)

        // On: the new mode, with the frame drawn while off.
        try d.setScreenPower(true)
        #expect(card.committed("ACTIVE", of: 34) == 1)
        #expect(card.modeOfBlob[UInt32(card.committed("MODE_ID", of: 34)!)]?.description == "1024x768@60")
        #expect(card.committed("SRC_W", of: 31) == 1024 << 16)
    }

    @Test func offWhileUnpluggedIsCommittedSoAReplugStaysDark() throws {
        let card = Fixture.card()
        let system = FakeSystem(card)
        let d = try Self.running(card, system)
        card.connectors[0].connection = .disconnected
        system.hotplug.plugEvent()
        try d.handleEvents(on: system.hotplug.descriptor) { _ in }
        #expect(!d.isOutputAvailable)
        try d.setScreenPower(false)
        #expect(card.crtcActive == 0)
        // On while still unplugged: nothing to show on; the modeset waits for the output.
        let calls = card.calls.count
        try d.setScreenPower(true)
        #expect(d.isScreenOn && card.calls.count == calls)
    }

    /// EINVAL: the test commit refused, a system error; ENODEV: the card gone, unavailable.
    @Test(arguments: [22, 19] as [Int32]) func aRefusedOffLeavesTheDisplayOn(errno: Int32) throws {
        let card = Fixture.card()
        let d = try Self.running(card)
        card.fail("drmModeAtomicCommit test", with: errno)
        let expected = DRMError(call: "drmModeAtomicCommit test", device: "/dev/dri/card0", errno: errno).displayError
        #expect(throws: expected) { try d.setScreenPower(false) }
        #expect(d.isScreenOn && card.crtcActive == 1)
        if errno == 22 {
            let f = try F.frame(d, card)
            #expect(card.calls.last == "atomic flip" && f.events.count == 1)
        }
    }

    @Test func aRefusedOnStaysOffAndCanBeAskedAgain() throws {
        let card = Fixture.card()
        let d = try Self.running(card)
        try d.setScreenPower(false)
        card.fail("drmModeAtomicCommit", with: 13)
        #expect(throws: DisplayError.self) { try d.setScreenPower(true) }
        #expect(!d.isScreenOn && card.crtcActive == 0)
        try d.setScreenPower(true)
        #expect(d.isScreenOn && card.crtcActive == 1)
    }

    @Test func closeWhileOffPutsTheConsoleBackLit() throws {
        let card = Fixture.card()
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
        try d.setScreenPower(false)
        d.close()
        #expect(card.committed("ACTIVE", of: 34) == 1)
        #expect(card.committed("FB_ID", of: 31) == 50)
        #expect(card.crtcActive == 1)
    }

    // MARK: legacy

    static func legacy(_ card: FakeCard) throws -> DRMDisplay {
        card.atomicSupported = false
        let d = try Self.running(card)
        #expect(d.kmsInterface == "legacy")
        return d
    }

    @Test func legacyOffSetsDPMSOffAndOnSetsTheCRTCThenDPMSOn() throws {
        let card = Fixture.card()
        let d = try Self.legacy(card)
        try d.setScreenPower(false)
        #expect(card.calls.last == "setConnectorProperty 35 DPMS 3")
        #expect(card.properties[35]?["DPMS"]?.value == 3)
        #expect(card.setCRTCs.count == 1)
        // Frames while off: no flip, no SetCrtc.
        let calls = card.calls.count
        let kept = try d.acquire()
        try d.present(kept, damage: [])
        #expect(card.calls.count == calls && !d.isFlipPending)

        try d.setScreenPower(true)
        let fb = card.setCRTCs.last!.framebuffer
        #expect(card.calls.suffix(2) == ["setCRTC 34 fb \(fb) 800x480@60", "setConnectorProperty 35 DPMS 0"])
        #expect(card.framebuffers[fb]?.handle == UInt32(kept.index + 1))
        #expect(card.connectorSettings.map { "\($0.connector) \($0.name) \($0.value)" } == ["35 DPMS 3", "35 DPMS 0"])
        let next = try F.frame(d, card)
        #expect(next.age == 0 && card.calls.last!.hasPrefix("pageFlip 34"))
        // DPMS on is set once, not with every modeset after.
        #expect(card.connectorSettings.count == 2)
    }

    @Test func legacyRefusedOffLeavesItOn() throws {
        let card = Fixture.card()
        let d = try Self.legacy(card)
        card.fail("drmModeConnectorSetProperty", with: 13)
        #expect(throws: DisplayError.self) { try d.setScreenPower(false) }
        #expect(d.isScreenOn)
        try F.frame(d, card)
        #expect(card.calls.last!.hasPrefix("pageFlip 34"))
        // Refused when lighting again: still off, and the next try sets DPMS on.
        try d.setScreenPower(false)
        card.fail("drmModeConnectorSetProperty", with: 5)
        #expect(throws: DisplayError.self) { try d.setScreenPower(true) }
        #expect(!d.isScreenOn)
        try d.setScreenPower(true)
        #expect(d.isScreenOn && card.properties[35]?["DPMS"]?.value == 0)
    }

    @Test func legacyWithoutADPMSPropertyNamesTheConnector() throws {
        let card = Fixture.card()
        card.properties[35] = PropertySet(card.properties[35]!.all.filter { $0.name != "DPMS" })
        let d = try Self.legacy(card)
        #expect(
            throws: DisplayError.system(
                device: "/dev/dri/card0", call: "drmModeConnectorSetProperty (no property DPMS on connector 35)",
                errno: 22, message: DRMError(call: "", device: "", errno: 22).message)
        ) {
            try d.setScreenPower(false)
        }
        #expect(d.isScreenOn)
    }

    @Test func legacyCloseWhileOffRestoresTheConsoleAndDPMS() throws {
        let card = Fixture.card()
        let d = try Self.legacy(card)
        try d.setScreenPower(false)
        d.close()
        #expect(card.setCRTCs.last!.framebuffer == 50)
        #expect(card.properties[35]?["DPMS"]?.value == 0)
    }
}
