import Display
import Raster
import Testing

@testable import DRM

@Suite struct DRMDisplayFaultTests {
    typealias F = DRMDisplayFrameTests

    /// A display past its first (modeset) frame, the front buffer shown.
    static func running(_ card: FakeCard, _ lines: LogLines = LogLines(), buffers: Int = 2) throws -> DRMDisplay {
        let d = try DRMDisplay.open(DRMSettings(buffers: buffers), log: lines.log, system: FakeSystem(card))
        try F.frame(d, card)
        return d
    }

    @Test func aBusyFlipIsTriedAgainAVblankLater() throws {
        let card = Fixture.card()
        let lines = LogLines()
        let d = try Self.running(card, lines)
        card.fail("drmModeAtomicCommit", with: 16)
        let f = try F.frame(d, card)
        #expect(f.events.count == 1)
        #expect(d.statistics.lateFrames == 1 && d.statistics.droppedFrames == 0)
        #expect(card.calls.suffix(2) == ["atomic flip", "atomic flip"])
        #expect(lines.warnings == ["drm: /dev/dri/card0: 1 late frames (page flip busy, shown a vblank later)"])
    }

    @Test func aFlipBusyTwiceIsDroppedAndItsBufferComesBackAtAge1() throws {
        let card = Fixture.card()
        let lines = LogLines()
        let d = try Self.running(card, lines)
        card.fail("drmModeAtomicCommit", with: 16, 16)
        let dropped = try d.acquire()
        try d.present(dropped, damage: [PixelRect(x: 0, y: 0, width: 8, height: 8)])
        #expect(!d.isFlipPending)
        #expect(d.statistics.droppedFrames == 1)
        #expect(lines.warnings == ["drm: /dev/dri/card0: 1 dropped frames (page flip busy twice)"])
        // The same buffer again: it holds the frame just drawn, so only new damage is drawn.
        let next = try d.acquire()
        #expect((next.index, next.age) == (dropped.index, 1))
        try d.present(next, damage: [])
        #expect(d.isFlipPending)
    }

    @Test func busyWarningsAreRateLimited() throws {
        let card = Fixture.card()
        let lines = LogLines()
        let d = try Self.running(card, lines)
        for _ in 0..<12 {
            card.fail("drmModeAtomicCommit", with: 16)
            try F.frame(d, card)
        }
        #expect(d.statistics.lateFrames == 12)
        #expect(
            lines.warnings == [
                "drm: /dev/dri/card0: 1 late frames (page flip busy, shown a vblank later)",
                "drm: /dev/dri/card0: 10 late frames (page flip busy, shown a vblank later)",
            ])
    }

    @Test func anInvalidFlipGetsOneFullModeset() throws {
        let card = Fixture.card()
        let lines = LogLines()
        let d = try Self.running(card, lines)
        card.fail("drmModeAtomicCommit", with: 22)
        let b = try d.acquire()
        try d.present(b, damage: [])
        #expect(!d.isFlipPending)
        #expect(d.statistics.recoveries == 1 && d.statistics.modesets == 2)
        #expect(card.calls.suffix(3) == ["atomic flip", "atomic test", "atomic modeset"])
        #expect(
            lines.warnings == [
                "drm: /dev/dri/card0: drmModeAtomicCommit: Invalid argument (errno 22); setting the mode again"
            ])
        // And flips go on.
        let f = try F.frame(d, card)
        #expect(f.events.count == 1)
    }

    @Test func anInvalidFlipWhoseModesetFailsTooIsASystemError() throws {
        let card = Fixture.card()
        let d = try Self.running(card)
        card.fail("drmModeAtomicCommit", with: 22, 22)
        let b = try d.acquire()
        let error = DisplayError.system(
            device: "/dev/dri/card0", call: "drmModeAtomicCommit", errno: 22, message: "Invalid argument")
        #expect(throws: error) { try d.present(b, damage: []) }
        #expect(error.description == "/dev/dri/card0: drmModeAtomicCommit: Invalid argument (errno 22)")
    }

    @Test func legacyInvalidFlipRecoversWithSetCRTC() throws {
        let card = Fixture.card()
        card.atomicSupported = false
        let d = try Self.running(card)
        card.fail("drmModePageFlip", with: 22)
        try F.frame(d, card)
        #expect(card.setCRTCs.count == 2)
        card.fail("drmModePageFlip", with: 22)
        card.fail("drmModeSetCrtc", with: 22)
        let b = try d.acquire()
        #expect(
            throws: DisplayError.system(
                device: "/dev/dri/card0", call: "drmModeSetCrtc", errno: 22, message: "Invalid argument")
        ) { try d.present(b, damage: []) }
    }

    @Test func anInvalidFlipOnAnUnpluggedConnectorLosesTheOutput() throws {
        let card = Fixture.card()
        let d = try Self.running(card)
        card.fail("drmModeAtomicCommit", with: 22)
        card.connectors[0].connection = .disconnected
        card.connectors[0].modes = []
        let b = try d.acquire()
        try d.present(b, damage: [])
        #expect(!d.isOutputAvailable)
        // The loop hears of it through the wake-up descriptor.
        let wakeup = d.eventDescriptors.last!
        var events: [DisplayEvent] = []
        try d.handleEvents(on: wakeup) { events.append($0) }
        #expect(events == [.outputLost("Virtual-1 disconnected (found after a failed page flip)")])
        events.removeAll()
        try d.handleEvents(on: wakeup) { events.append($0) }
        #expect(events.isEmpty)
    }

    @Test func aDeviceGoneIsUnavailable() throws {
        let card = Fixture.card()
        let d = try Self.running(card)
        card.fail("drmModeAtomicCommit", with: 19)
        let b = try d.acquire()
        let error = DisplayError.unavailable("/dev/dri/card0: device gone (drmModeAtomicCommit: No such device)")
        #expect(throws: error) { try d.present(b, damage: []) }
        #expect(
            error.description == "no usable display: /dev/dri/card0: device gone (drmModeAtomicCommit: No such device)")
        // Also when reading events, and on the first modeset.
        card.fail("drmHandleEvent", with: 19)
        #expect(throws: DisplayError.unavailable("/dev/dri/card0: device gone (drmHandleEvent: No such device)")) {
            try d.handleEvents(on: card.descriptor) { _ in }
        }
        // Closing asks nothing more of a card that is gone: no restore.
        let commits = card.commits.count
        d.close()
        #expect(card.commits.count == commits)
        let fresh = Fixture.card()
        let e = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(fresh))
        fresh.fail("drmModeAtomicCommit", with: 19)
        let first = try e.acquire()
        #expect(throws: DisplayError.unavailable("/dev/dri/card0: device gone (drmModeAtomicCommit: No such device)")) {
            try e.present(first, damage: [])
        }
    }

    @Test func aFailingFirstModesetIsASystemError() throws {
        let card = Fixture.card()
        card.atomicSupported = false
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
        card.fail("drmModeSetCrtc", with: 28)
        let b = try d.acquire()
        #expect(
            throws: DisplayError.system(
                device: "/dev/dri/card0", call: "drmModeSetCrtc", errno: 28, message: "No space left on device")
        ) { try d.present(b, damage: []) }
    }
}
