import Display
import Glibc
import Testing

@testable import DRM

/// A modeset switches off the planes it does not use. A compositor that crashed with its
/// cursor or an overlay shown leaves those planes on the CRTC the kiosk takes; the
/// kiosk's first frame must not appear under them. Planes on another CRTC belong to
/// whoever drives it and are left alone.
@Suite struct DRMLeftOverPlaneTests {
    /// `Fixture.card()` after a compositor crashed on it: its cursor (plane 32,
    /// framebuffer 77) and an overlay (plane 33, framebuffer 78) still on CRTC 34, the
    /// kiosk's. A second CRTC, 40, drives another output with its own primary (41) and
    /// cursor (42) on; overlay 43, usable by either CRTC, is off.
    static func crashedCompositorsCard() -> FakeCard {
        let card = Fixture.card()
        card.crtcs.append(CRTC(id: 40, index: 1, framebufferID: 90, mode: Fixture.mode(640, 480, 60), x: 0, y: 0))
        card.planes[1] = Plane(id: 32, possibleCRTCs: 0b01, crtcID: 34, framebufferID: 77, formats: [.argb8888])
        card.planes += [
            Plane(id: 33, possibleCRTCs: 0b11, crtcID: 34, framebufferID: 78, formats: [.argb8888]),
            Plane(id: 41, possibleCRTCs: 0b10, crtcID: 40, framebufferID: 90, formats: [.xrgb8888]),
            Plane(id: 42, possibleCRTCs: 0b10, crtcID: 40, framebufferID: 91, formats: [.argb8888]),
            Plane(id: 43, possibleCRTCs: 0b11, formats: [.argb8888]),
        ]
        let fbAndCRTC = Fixture.props(["FB_ID", "CRTC_ID"], from: 5)
        card.properties[33] = PropertySet([Fixture.primaryType(id: 4, value: 0)] + fbAndCRTC)
        card.properties[41] = PropertySet([Fixture.primaryType(id: 4, value: 1)] + fbAndCRTC)
        card.properties[42] = PropertySet([Fixture.primaryType(id: 4, value: 2)] + fbAndCRTC)
        card.properties[43] = PropertySet([Fixture.primaryType(id: 4, value: 0)] + fbAndCRTC)
        return card
    }

    /// (CRTC, framebuffer) of each plane, by id, as the card reports it now.
    static func state(_ card: FakeCard) -> [UInt32: [UInt32]] {
        Dictionary(uniqueKeysWithValues: card.planes.map { ($0.id, [$0.crtcID, $0.framebufferID]) })
    }

    @Test func theModesetCommitSwitchesOffTheCRTCsOtherPlanesAndOnlyThose() throws {
        let card = Self.crashedCompositorsCard()
        let lines = LogLines()
        let d = try DRMDisplay.open(DRMSettings(), log: lines.log, system: FakeSystem(card))
        #expect(
            lines.info.last
                == "drm: left on CRTC 34 by another process: cursor plane 32 (framebuffer 77), overlay plane 33 "
                + "(framebuffer 78); the first frame's modeset switches them off")
        // Opening changes nothing on screen: the test commit at open already carries them.
        #expect(Self.state(card)[32] == [34, 77] && Self.state(card)[33] == [34, 78])
        let test = try #require(card.commits.first)
        #expect(test.flags.contains(.testOnly))
        #expect(test.request.settings.contains { $0.object == 33 && $0.name == "FB_ID" && $0.value == 0 })

        try DRMDisplayFrameTests.frame(d, card)
        // One commit, the modeset, sets the mode, shows the kiosk's frame and switches the
        // left-overs off together.
        let modeset = try #require(card.commits.last { !$0.flags.contains(.testOnly) })
        #expect(modeset.flags == [.allowModeset])
        let values = { (object: UInt32, name: String) in
            modeset.request.settings.first { $0.object == object && $0.name == name }?.value
        }
        #expect(values(34, "ACTIVE") == 1)
        #expect(values(31, "FB_ID") != nil && values(31, "FB_ID") != 0)
        for plane: UInt32 in [32, 33] {
            #expect(values(plane, "CRTC_ID") == 0, "plane \(plane)")
            #expect(values(plane, "FB_ID") == 0, "plane \(plane)")
        }
        // Nothing about the other CRTC's planes, nor the plane that was off.
        #expect(Set(modeset.request.objects) == [35, 34, 31, 32, 33])
        let after = Self.state(card)
        #expect(after[32] == [0, 0] && after[33] == [0, 0])
        #expect(after[41] == [40, 90] && after[42] == [40, 91] && after[43] == [0, 0])
        #expect(after[31]?[0] == 34)

        // Flips touch the primary plane only.
        try DRMDisplayFrameTests.frame(d, card)
        #expect(card.calls.last == "atomic flip")
        #expect(card.commits.last!.request.objects == [31])

        // Closing puts the console's framebuffer back on the primary plane; the
        // left-overs stay off, and the other CRTC's planes as they were.
        d.close()
        let closed = Self.state(card)
        #expect(closed[31] == [34, 50])
        #expect(closed[32] == [0, 0] && closed[33] == [0, 0])
        #expect(closed[41] == [40, 90] && closed[42] == [40, 91])
    }

    /// Every later modeset (an output back, a turn) carries the switch-off again: a
    /// commit that sets the mode never leaves another plane over the kiosk.
    @Test func everyModesetCarriesTheSwitchOff() throws {
        let card = Self.crashedCompositorsCard()
        let system = FakeSystem(card)
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: system)
        try DRMDisplayFrameTests.frame(d, card)
        // Unplugged and plugged back: the next frame is a modeset again.
        card.connectors[0].connection = .disconnected
        system.hotplug.plugEvent()
        try d.handleEvents(on: system.hotplug.descriptor) { _ in }
        card.connectors[0].connection = .connected
        system.hotplug.plugEvent()
        try d.handleEvents(on: system.hotplug.descriptor) { _ in }
        try DRMDisplayFrameTests.frame(d, card)
        let modesets = card.commits.filter { $0.flags == [.allowModeset] }
        #expect(modesets.count == 2)
        for m in modesets {
            #expect(m.request.settings.filter { [32, 33].contains($0.object) }.map(\.value) == [0, 0, 0, 0])
        }
    }

    @Test func legacyKMSSwitchesThemOffOneByOneAfterTheMode() throws {
        let card = Self.crashedCompositorsCard()
        let d = try DRMDisplay.open(DRMSettings(allowAtomic: false), log: .silent, system: FakeSystem(card))
        #expect(d.kmsInterface == "legacy")
        try DRMDisplayFrameTests.frame(d, card)
        let fb = card.setCRTCs.last!.framebuffer
        #expect(
            card.calls.filter { $0.hasPrefix("setCRTC") || $0.hasPrefix("disablePlane") } == [
                "setCRTC 34 fb \(fb) 800x480@60", "disablePlane 32", "disablePlane 33",
            ])
        let after = Self.state(card)
        #expect(after[32] == [0, 0] && after[33] == [0, 0])
        #expect(after[41] == [40, 90] && after[42] == [40, 91])
    }

    /// A driver that refuses to switch a plane off: the frame is still shown, the plane
    /// stays as it was, and a warning names it.
    @Test func aLegacyRefusalIsAWarningNotAFailure() throws {
        let card = Self.crashedCompositorsCard()
        card.fail("drmModeSetPlane", with: EINVAL)
        let lines = LogLines()
        let d = try DRMDisplay.open(DRMSettings(allowAtomic: false), log: lines.log, system: FakeSystem(card))
        try DRMDisplayFrameTests.frame(d, card)
        #expect(d.statistics.modesets == 1)
        #expect(Self.state(card)[32] == [34, 77] && Self.state(card)[33] == [0, 0])
        #expect(
            lines.warnings == [
                "drm: planes left on by another process stay on (the driver refused to switch them off): "
                    + "plane 32: /dev/dri/card0: drmModeSetPlane: Invalid argument (errno 22)"
            ])
    }

    @Test func aCleanCardHasNoLeftOversAndTheModesetTouchesNoOtherPlane() throws {
        let card = Fixture.card()
        let lines = LogLines()
        let d = try DRMDisplay.open(DRMSettings(), log: lines.log, system: FakeSystem(card))
        #expect(lines.info.count == 1)
        try DRMDisplayFrameTests.frame(d, card)
        let modeset = try #require(card.commits.last { $0.flags == [.allowModeset] })
        #expect(Set(modeset.request.objects) == [35, 34, 31])
    }

    @Test func leftOverPlanesAreTheCRTCsOthersOnly() {
        let card = Self.crashedCompositorsCard()
        let primary = card.planes[0]
        let ours = OutputChoice.leftOverPlanes(crtc: card.crtcs[0], primary: primary, planes: card.planes)
        #expect(ours.map(\.id) == [32, 33])
        let theirs = OutputChoice.leftOverPlanes(crtc: card.crtcs[1], primary: card.planes[3], planes: card.planes)
        #expect(theirs.map(\.id) == [42])
    }
}
