import Display
import FixedPoint
import Raster
import Testing

@testable import DRM

@Suite struct DRMDisplayRotationTests {
    typealias F = DRMDisplayFrameTests

    @Test func aPlaneWithoutRotationLeavesTurningToSoftware() throws {
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(Fixture.card()))
        #expect(d.setScanoutTurn(nil))
        for turn in QuarterTurn.allCases { #expect(!d.setScanoutTurn(turn)) }
        #expect((d.bufferWidth, d.bufferHeight) == (800, 480))
    }

    /// DRM turns counter-clockwise: a clockwise quarter turn is DRM's rotate-270 (bit 3).
    @Test(arguments: [
        (QuarterTurn.clockwise90, "rotate-270", UInt64(1 << 3), 480, 800),
        (.half, "rotate-180", 1 << 2, 800, 480),
        (.clockwise270, "rotate-90", 1 << 1, 480, 800),
    ])
    func thePlaneTurnsWhenItOffersTheAngle(turn: QuarterTurn, name: String, value: UInt64, w: Int, h: Int) throws {
        let card = Fixture.card(rotations: ["rotate-0", name])
        let lines = LogLines()
        let d = try DRMDisplay.open(DRMSettings(), log: lines.log, system: FakeSystem(card))
        try F.frame(d, card)
        #expect(card.committed("rotation", of: 31) == 1)  // rotate-0 set, whatever was left before
        #expect(d.setScanoutTurn(turn))
        #expect(card.commits.last!.flags == [.testOnly, .allowModeset])
        #expect((d.bufferWidth, d.bufferHeight) == (w, h))
        #expect((d.width, d.height) == (800, 480))  // the panel's size doesn't turn
        #expect(
            lines.info.last
                == "drm: plane 31 turns the picture \(turn.rawValue) degrees clockwise; buffers are \(w)x\(h)")
        let b = try d.acquire()
        #expect((b.surface.width, b.surface.height, b.age) == (w, h, 0))
        try d.present(b, damage: [])
        #expect(card.calls.last { $0.hasPrefix("atomic") } == "atomic modeset")
        #expect(card.calls.suffix(2) == ["rmFB 101", "rmFB 102"])  // the unturned buffers, once off screen
        #expect(card.committed("rotation", of: 31) == value)
        #expect(card.committed("SRC_W", of: 31) == UInt64(w) << 16)
        #expect(card.committed("CRTC_W", of: 31) == 800)
        #expect(d.setScanoutTurn(turn))
        // Turning back.
        #expect(d.setScanoutTurn(nil))
        try F.frame(d, card)
        #expect(card.committed("rotation", of: 31) == 1)
        #expect(d.bufferWidth == 800)
    }

    @Test func anAngleThePlaneOffersButRefusesIsLeftToSoftware() throws {
        let card = Fixture.card(rotations: ["rotate-0", "rotate-90", "rotate-270"])
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
        #expect(!d.setScanoutTurn(.half))  // not listed
        card.fail("drmModeAtomicCommit test", with: 22)  // linear buffers can't turn on this plane
        let live = card.liveFramebuffers
        #expect(!d.setScanoutTurn(.clockwise90))
        #expect(card.liveFramebuffers == live)
        #expect((d.bufferWidth, d.bufferHeight) == (800, 480))
    }

    @Test func legacyKMSNeverTurns() throws {
        let card = Fixture.card(rotations: ["rotate-0", "rotate-90", "rotate-180", "rotate-270"])
        card.atomicSupported = false
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
        #expect(!d.setScanoutTurn(.half))
    }
}
