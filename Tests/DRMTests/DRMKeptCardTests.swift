import Display
import Testing

@testable import DRM

/// A card descriptor kept by systemd over a restart (its file-descriptor store): taken
/// back when it is the board's card, the dead process's frame left on screen until the
/// new first frame replaces it, and what that process left in the open file removed
/// after; any other descriptor refused with one warning and the card opened anew.
@Suite struct DRMKeptCardTests {
    /// The fake system with `card` kept as descriptor 3, as systemd passes it.
    static func system(keeping card: FakeCard) -> FakeSystem {
        let system = FakeSystem(card)
        system.kept[3] = .card(card)
        return system
    }

    @Test func aKeptCardShowsTheLastFrameUntilTheFirstThenItsLeftOversGo() throws {
        let card = Fixture.card()
        let old = card.leaveSwapChainOfDeadProcess()
        let oldHandles = Set(card.memory.keys)
        let oldBlob = try #require(card.blobs.first)
        let lines = LogLines()
        let d = try DRMDisplay.open(DRMSettings(), log: lines.log, system: Self.system(keeping: card), kept: 3)
        #expect(d.isKeptCard && d.keptCardRefusal == nil)
        #expect(d.cardDescriptor == 3)
        // Master already (nothing asked), and nothing shown or removed before the first frame:
        // the plane still scans out the dead process's framebuffer.
        #expect(!card.calls.contains("setMaster"))
        #expect(!card.calls.contains { $0.hasPrefix("rmFB") } && card.destroyedHandles.isEmpty)
        #expect(card.calls.filter { $0.hasPrefix("atomic") } == ["atomic test"])
        #expect(card.planes[0].framebufferID == old[0])
        #expect(
            lines.info.contains(
                "drm: /dev/dri/card0 kept over the restart (DRM master still, framebuffer \(old[0]) on screen): "
                    + "2 framebuffers and 2 dumb buffers of the process before are removed after the first frame"))

        // The first frame replaces the old one in one commit, in the same mode (no blank
        // frame between), and only then are the dead process's objects removed.
        let b = try d.acquire()
        b.surface.fill(0xff33_6699)
        try d.present(b, damage: [b.surface.bounds])
        let modeset = try #require(card.calls.firstIndex(of: "atomic modeset"))
        let firstRemoval = try #require(card.calls.firstIndex { $0.hasPrefix("rmFB") })
        #expect(modeset < firstRemoval)
        #expect(card.calls.filter { $0.hasPrefix("atomic") } == ["atomic test", "atomic test", "atomic modeset"])
        let shown = try #require(card.committed("FB_ID", of: 31))
        #expect(!old.contains(UInt32(shown)))
        #expect(card.planes[0].framebufferID == UInt32(shown))
        #expect(card.modeOfBlob[UInt32(card.committed("MODE_ID", of: 34)!)]?.description == "800x480@60")
        #expect(Set(card.calls.filter { $0.hasPrefix("rmFB") }) == Set(old.map { "rmFB \($0)" }))
        #expect(Set(card.destroyedHandles) == oldHandles)
        #expect(card.liveFramebuffers == 2 && card.memory.count == 2)
        #expect(!card.blobs.contains(oldBlob))
        // The dead process's queued flip event was dropped, not taken for a flip of ours.
        #expect(card.events.isEmpty)
        #expect(lines.info.last == "drm: removed what the process before left: 2 framebuffers, 2 dumb buffers, 1 mode blobs")
        #expect(lines.warnings.isEmpty)

        // Flips go on as usual; close puts nothing back (the console's framebuffer is not
        // known after a restart) and removes only this process's buffers.
        try DRMDisplayFrameTests.frame(d, card)
        let commits = card.commits.count
        d.close()
        #expect(card.commits.count == commits && card.setCRTCs.isEmpty)
        #expect(card.liveFramebuffers == 0 && card.memory.isEmpty)
    }

    /// Crash after crash on the same kept file: each new process finds only the one
    /// before's swap chain, and the file never holds more than two.
    @Test func restartAfterRestartLeaksNothing() throws {
        let card = Fixture.card()
        card.leaveSwapChainOfDeadProcess()
        var dead: [DRMDisplay] = []  // killed, never closed: their buffers stay in the file
        for _ in 0..<5 {
            let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: Self.system(keeping: card), kept: 3)
            #expect(d.isKeptCard)
            #expect(card.liveFramebuffers == 4 && card.memory.count == 4)
            try DRMDisplayFrameTests.frame(d, card)
            try DRMDisplayFrameTests.frame(d, card)
            #expect(card.liveFramebuffers == 2 && card.memory.count == 2 && card.blobs.count == 1)
            dead.append(d)
        }
        // The kernel hands out the lowest free handle: the probed range holds them all.
        #expect(card.memory.keys.allSatisfy { LeftBehind.probedHandles.contains($0) })
        _ = dead
    }

    @Test func aKeptDescriptorThatIsNoDRMDeviceIsClosedAndTheCardOpenedAnew() throws {
        let card = Fixture.card()
        let system = FakeSystem(card)
        system.kept[3] = .notDRM("a regular file")
        let lines = LogLines()
        let d = try DRMDisplay.open(DRMSettings(), log: lines.log, system: system, kept: 3)
        #expect(!d.isKeptCard)
        #expect(d.keptCardRefusal == .notDRM("a regular file"))
        #expect(system.discarded == [3])
        #expect(d.cardDescriptor == 40)
        #expect(
            lines.warnings == [
                "drm: the card descriptor kept over the restart (fd 3) is not a DRM device (a regular file): "
                    + "opening /dev/dri/card0 anew"
            ])
        // A cold start from there: the first frame is the modeset, close restores the console.
        try DRMDisplayFrameTests.frame(d, card)
        #expect(card.calls.contains("atomic modeset"))
    }

    @Test func aKeptDescriptorOfAnotherCardIsRefused() throws {
        let card0 = Fixture.card(0)
        let card1 = Fixture.card(1)
        card1.leaveSwapChainOfDeadProcess()
        let system = FakeSystem(card0, card1)
        system.kept[3] = .card(card1)
        let lines = LogLines()
        let d = try DRMDisplay.open(DRMSettings(device: "/dev/dri/card0"), log: lines.log, system: system, kept: 3)
        #expect(!d.isKeptCard)
        #expect(d.keptCardRefusal == .otherCard(kept: "/dev/dri/card1", wanted: "/dev/dri/card0"))
        #expect(system.discarded == [3])
        #expect(
            lines.warnings == [
                "drm: the card descriptor kept over the restart (fd 3) is /dev/dri/card1, not the board's "
                    + "/dev/dri/card0: opening /dev/dri/card0 anew"
            ])
        #expect(d.name == "drm /dev/dri/card0 Virtual-1 800x480@60")
        // Nothing of card1's was touched.
        #expect(card1.calls.isEmpty && card1.liveFramebuffers == 2)
    }

    @Test func aKeptDescriptorThatIsNotMasterAndCannotBeIsRefused() throws {
        let card = Fixture.card()
        card.master = false
        card.masterError = 16
        let system = FakeSystem(card)
        system.kept[3] = .card(card)
        let lines = LogLines()
        // Refused; the card opened anew is then not master either: busy, as before.
        #expect(throws: DisplayError.busy("another DRM master holds /dev/dri/card0")) {
            try DRMDisplay.open(DRMSettings(), log: lines.log, system: system, kept: 3)
        }
        #expect(lines.warnings.count == 1)
        #expect(lines.warnings.first?.contains("is not DRM master (/dev/dri/card0: drmSetMaster") == true)
    }

    @Test func refusalsReadAsSentences() {
        #expect("\(KeptCardRefusal.notDRM("character device 1:3"))" == "not a DRM device (character device 1:3)")
        #expect(
            "\(KeptCardRefusal.otherCard(kept: "DRM device 226:1", wanted: "/dev/dri/card0"))"
                == "DRM device 226:1, not the board's /dev/dri/card0")
        let (major, minor) = LinuxDRMSystem.split(226 << 8 | 1)
        #expect(major == 226 && minor == 1)
    }

    /// A dev_t from a descriptor passed in (any bits set) splits as glibc's
    /// gnu_dev_major/minor do, never trapping (the minor's conversion trapped on one).
    @Test func anyDevTSplitsWithoutTrapping() {
        let (major, minor) = LinuxDRMSystem.split(.max)
        #expect(major == 0xffff_ffff && minor == 0xffff_ffff)
        // Major 4095 (bits 8-19) and minor 0x12345 (bits 0-7 and 20-31).
        let d: UInt64 = (0x123 << 20) | (0xfff << 8) | 0x45
        let (major2, minor2) = LinuxDRMSystem.split(.init(d))
        #expect(major2 == 4095 && minor2 == 0x12345)
    }
}
