import Display
import Raster
import Testing

@testable import DRM

@Suite struct DRMDisplayFrameTests {
    /// Presents a frame and, when a flip was queued, completes it; returns the events.
    @discardableResult
    static func frame(_ d: DRMDisplay, _ card: FakeCard, damage: [PixelRect]? = nil) throws -> (
        age: Int, index: Int, events: [DisplayEvent]
    ) {
        let b = try d.acquire()
        try d.present(b, damage: damage ?? [b.surface.bounds])
        card.completeFlips()
        var events: [DisplayEvent] = []
        if d.isFlipPending { try d.handleEvents(on: card.descriptor) { events.append($0) } }
        return (b.age, b.index, events)
    }

    @Test func theFirstFrameIsAModesetThenFlipsArePacedByTheirEvents() throws {
        let card = Fixture.card()
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
        let first = try d.acquire()
        #expect((first.age, first.index) == (0, 0))
        #expect((first.surface.width, first.surface.height, first.surface.format) == (800, 480, .xrgb8888))
        first.surface.fill(0xff11_2233)
        try d.present(first, damage: [first.surface.bounds])
        // Test-only, then the blocking modeset: shown, nothing pending.
        #expect(card.calls.filter { $0.hasPrefix("atomic") } == ["atomic test", "atomic test", "atomic modeset"])
        #expect(!d.isFlipPending)
        let fb0 = card.committed("FB_ID", of: 31)!
        #expect(card.committed("ACTIVE", of: 34) == 1)
        #expect(card.committed("CRTC_ID", of: 35) == 34)
        #expect(card.committed("SRC_W", of: 31) == 800 << 16)
        #expect(card.committed("CRTC_H", of: 31) == 480)
        #expect(card.modeOfBlob[UInt32(card.committed("MODE_ID", of: 34)!)]?.description == "800x480@60")

        let second = try d.acquire()
        #expect((second.age, second.index) == (0, 1))
        try d.present(second, damage: [second.surface.bounds])
        #expect(card.calls.last == "atomic flip")
        #expect(card.commits.last!.flags == [.nonblock, .pageFlipEvent])
        #expect(card.committed("FB_ID", of: 31) != fb0)
        #expect(d.isFlipPending)
        // Double buffering: nothing to draw into until the flip is done.
        #expect(
            throws: DisplayError.unsupported(
                "/dev/dri/card0: no free buffer while a page flip is in flight (wait for the flip's event)")
        ) {
            try d.acquire()
        }
        // No event yet: handling the descriptor reports nothing and keeps it pending.
        var events: [DisplayEvent] = []
        try d.handleEvents(on: card.descriptor) { events.append($0) }
        #expect(events.isEmpty && d.isFlipPending)
        card.completeFlips()
        try d.handleEvents(on: card.descriptor) { events.append($0) }
        #expect(events == [.frameShown(vblank: card.clock)])
        #expect(!d.isFlipPending)

        // Then the buffers alternate, each two frames old.
        var ages: [Int] = []
        var indices: [Int] = []
        for _ in 0..<4 {
            let f = try Self.frame(d, card)
            ages.append(f.age)
            indices.append(f.index)
            #expect(f.events.count == 1)
        }
        #expect(ages == [2, 2, 2, 2])
        #expect(indices == [0, 1, 0, 1])
        #expect(d.statistics.presented == 6 && d.statistics.modesets == 1)
    }

    @Test func tripleBufferingAgesAndDrawingWhileAFlipIsInFlight() throws {
        let card = Fixture.card()
        let d = try DRMDisplay.open(DRMSettings(buffers: 3), log: .silent, system: FakeSystem(card))
        var ages: [Int] = []
        for _ in 0..<6 { ages.append(try Self.frame(d, card).age) }
        #expect(ages == [0, 0, 0, 3, 3, 3])
        // With a flip in flight, a third buffer is free to draw into, but not to present.
        let b = try d.acquire()
        try d.present(b, damage: [])
        let c = try d.acquire()
        #expect(c.index != b.index)
        #expect(
            throws: DisplayError.unsupported(
                "/dev/dri/card0: present while a page flip is in flight (wait for the flip's event)")
        ) {
            try d.present(c, damage: [])
        }
    }

    @Test func acquireAndPresentAlternate() throws {
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(Fixture.card()))
        let b = try d.acquire()
        #expect(throws: DisplayError.alreadyAcquired(index: 0)) { try d.acquire() }
        try d.present(b, damage: [])
        #expect(throws: DisplayError.notAcquired(index: 0)) { try d.present(b, damage: []) }
    }

    @Test func legacyKMSSetsTheCRTCThenPageFlips() throws {
        let card = Fixture.card()
        card.atomicSupported = false
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
        #expect(d.kmsInterface == "legacy")
        try Self.frame(d, card)
        let f = try Self.frame(d, card)
        #expect(f.events == [.frameShown(vblank: card.clock)])
        let fbs = card.framebuffers.keys.sorted()
        #expect(
            card.calls.filter { !$0.hasPrefix("createDumb") && !$0.hasPrefix("dirtyFB") } == [
                "setCRTC 34 fb \(fbs[0]) 800x480@60", "pageFlip 34 fb \(fbs[1])",
            ])
        #expect(card.commits.isEmpty)
    }

    @Test func allowAtomicFalseForcesLegacy() throws {
        let card = Fixture.card()
        let d = try DRMDisplay.open(DRMSettings(allowAtomic: false), log: .silent, system: FakeSystem(card))
        #expect(d.kmsInterface == "legacy")
        #expect(card.commits.isEmpty)
    }

    @Test func damageIsMarkedDirtyUntilTheDriverSaysItNeedsNot() throws {
        let card = Fixture.card()
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
        try Self.frame(
            d, card,
            damage: [PixelRect(x: 10, y: 20, width: 30, height: 40), PixelRect(x: 790, y: 470, width: 50, height: 50)])
        #expect(card.dirtied.count == 1)
        #expect(
            card.dirtied[0].rects == [
                PixelRect(x: 10, y: 20, width: 30, height: 40), PixelRect(x: 790, y: 470, width: 10, height: 10),
            ])
        // No damage: nothing to mark.
        try Self.frame(d, card, damage: [])
        #expect(card.dirtied.count == 1)
        // More rectangles than DIRTYFB takes: their union.
        let many = (0..<300).map { PixelRect(x: $0, y: 1, width: 1, height: 1) }
        try Self.frame(d, card, damage: many)
        #expect(card.dirtied.last!.rects == [PixelRect(x: 0, y: 1, width: 300, height: 1)])
        // ENOSYS (bochs, most SoCs): quietly never again.
        card.fail("drmModeDirtyFB", with: 38)
        try Self.frame(d, card)
        try Self.frame(d, card)
        #expect(card.calls.filter { $0.hasPrefix("dirtyFB") }.count == 3)
    }

    @Test func anotherDirtyFBFailureIsLoggedOnce() throws {
        let card = Fixture.card()
        let lines = LogLines()
        let d = try DRMDisplay.open(DRMSettings(), log: lines.log, system: FakeSystem(card))
        card.fail("drmModeDirtyFB", with: 12)
        try Self.frame(d, card)
        try Self.frame(d, card)
        #expect(
            lines.warnings == [
                "drm: /dev/dri/card0: drmModeDirtyFB: Cannot allocate memory (errno 12); damage is not marked any more"
            ])
    }

    @Test func closeRestoresThePreviousCRTCAndFreesEverything() throws {
        let card = Fixture.card()
        let system = FakeSystem(card)
        let lines = LogLines()
        let d = try DRMDisplay.open(DRMSettings(), log: lines.log, system: system)
        try Self.frame(d, card)
        let b = try d.acquire()
        try d.present(b, damage: [])
        #expect(d.isFlipPending)
        card.completeFlips()  // the event arrives while close waits for it
        d.close()
        // The console's framebuffer 50 in 1024x768, test-only first.
        #expect(card.calls.filter { $0.hasPrefix("atomic") }.suffix(2) == ["atomic test", "atomic modeset"])
        #expect(card.committed("FB_ID", of: 31) == 50)
        #expect(card.modeOfBlob[UInt32(card.committed("MODE_ID", of: 34)!)]?.description == "1024x768@60")
        #expect(card.committed("SRC_W", of: 31) == 1024 << 16)
        #expect(card.liveFramebuffers == 0 && card.memory.isEmpty && card.mapped == 0)
        #expect(card.blobs.isEmpty)
        #expect(card.calls.last == "dropMaster")
        #expect(card.closed && system.hotplug.closed)
        #expect(d.eventDescriptors.isEmpty)
        #expect(
            lines.info.last == "drm: /dev/dri/card0 closed after 2 frames: 1 modesets, 0 late, 0 dropped, 0 recoveries")
        let count = card.calls.count
        d.close()
        #expect(card.calls.count == count)
    }

    @Test func closeWithoutAFrameShownLeavesTheCRTCAlone() throws {
        let card = Fixture.card()
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
        d.close()
        #expect(card.calls.filter { $0.hasPrefix("atomic") } == ["atomic test"])
        #expect(card.liveFramebuffers == 0)
    }

    @Test func legacyCloseRestoresWithSetCRTC() throws {
        let card = Fixture.card()
        card.atomicSupported = false
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
        try Self.frame(d, card)
        d.close()
        #expect(card.calls.contains("setCRTC 34 fb 50 1024x768@60"))
    }

    @Test func deinitCloses() throws {
        let card = Fixture.card()
        do {
            let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
            try Self.frame(d, card)
        }
        #expect(card.closed)
        #expect(card.committed("FB_ID", of: 31) == 50)
    }
}
