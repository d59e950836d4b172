import Display
import Testing

@testable import DRM

@Suite struct OutputsReportTests {
    @Test func listsConnectorsModesCRTCsAndPlanes() throws {
        let card = Fixture.card(
            modes: [Fixture.mode(800, 480, 60, preferred: true), Fixture.mode(640, 480, 60)],
            rotations: ["rotate-0", "rotate-180"], panelOrientation: "Right Side Up")
        card.connectors[0].widthMM = 154
        card.connectors[0].heightMM = 86
        let lines = try OutputsReport.lines(device: nil, system: FakeSystem(card))
        #expect(
            lines == [
                "/dev/dri/card0: fake-drm driver, atomic, dumb buffers, DRM master free",
                "  connector 35 Virtual-1: connected, 154x86 mm, on CRTC 34",
                "    panel orientation: Right Side Up",
                "    mode 800x480@60 preferred",
                "    mode 640x480@60",
                "  CRTC 34: 1024x768@60, framebuffer 50",
                "  plane 31: primary, CRTCs 34, formats XR24 AR24 RG16",
                "    rotation: rotate-0 rotate-180",
                "    shows: framebuffer 50 on CRTC 34",
                "  plane 32: cursor, CRTCs 34, formats AR24",
                "    rotation: none",
                "    shows: nothing (off)",
            ])
        // Master was dropped at once, never asked for.
        #expect(card.calls == ["dropMaster"])
        #expect(card.closed)
    }

    @Test func anotherMasterAndLegacyDriversAreSaid() throws {
        let card = Fixture.card(connection: .disconnected)
        card.master = false
        card.atomicSupported = false
        card.crtcs[0] = CRTC(id: 34, index: 0)
        let lines = try OutputsReport.lines(device: "/dev/dri/card0", system: FakeSystem(card))
        #expect(
            lines.prefix(3) == [
                "/dev/dri/card0: fake-drm driver, legacy KMS only, dumb buffers, DRM master held by another process",
                "  connector 35 Virtual-1: disconnected, on CRTC 34",
                "  CRTC 34: off",
            ])
        #expect(!card.calls.contains("setMaster"))
    }

    @Test func noCardOrNoReadableCardIsUnavailable() {
        #expect(throws: DisplayError.unavailable("no DRM card: looked at /dev/dri (no card* nodes)")) {
            try OutputsReport.lines(device: nil, system: FakeSystem())
        }
        let system = FakeSystem(Fixture.card(0), Fixture.card(1))
        system.openErrors["/dev/dri/card0"] = 13
        system.openErrors["/dev/dri/card1"] = 13
        #expect(
            throws: DisplayError.unavailable(
                "/dev/dri/card0: permission denied; the user needs the video group; "
                    + "/dev/dri/card1: permission denied; the user needs the video group")
        ) { try OutputsReport.lines(device: nil, system: system) }
        #expect(throws: DisplayError.unavailable("/dev/dri/card9: no such device")) {
            try OutputsReport.lines(device: "/dev/dri/card9", system: FakeSystem(Fixture.card()))
        }
        // One unreadable card among readable ones: a line, not a failure.
        let mixed = FakeSystem(Fixture.card(0), Fixture.card(1))
        mixed.openErrors["/dev/dri/card0"] = 13
        let lines = try? OutputsReport.lines(device: nil, system: mixed)
        #expect(lines?.first == "/dev/dri/card0: permission denied; the user needs the video group")
        #expect(lines?[1].hasPrefix("/dev/dri/card1: fake-drm driver") == true)
    }
}

@Suite struct DRMProbeTests {
    @Test func findsTheFirstConnectedCardAndSaysWhatItSaw() {
        let system = FakeSystem(Fixture.card(0, connection: .disconnected), Fixture.card(1, connector: (16, 1)))
        #expect(DRMProbe.firstConnectedCard(system: system) == "/dev/dri/card1")
        #expect(
            DRMProbe.lookedAt(system: system)
                == "/dev/dri/card0 (Virtual-1 disconnected), /dev/dri/card1 (DSI-1 connected)")
        #expect(DRMProbe.firstConnectedCard(system: FakeSystem()) == nil)
        #expect(DRMProbe.lookedAt(system: FakeSystem()) == "/dev/dri (no cards)")
    }
}
