import Display
import Raster
import Testing

@testable import DRM

@Suite struct DRMDisplayHotplugTests {
    typealias F = DRMDisplayFrameTests

    @Test func unplugStopsOutputAndReplugComesBackWithThePreferredMode() throws {
        let card = Fixture.card()
        let system = FakeSystem(card)
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: system)
        try F.frame(d, card)
        try F.frame(d, card)

        // Unplugged: the kernel sends a hotplug uevent, the connector is probed.
        card.connectors[0].connection = .disconnected
        card.connectors[0].modes = []
        system.hotplug.plugEvent()
        var events: [DisplayEvent] = []
        try d.handleEvents(on: system.hotplug.descriptor) { events.append($0) }
        #expect(events == [.outputLost("Virtual-1 disconnected")])
        #expect(!d.isOutputAvailable)
        // A frame drawn meanwhile is kept, not shown.
        let commits = card.commits.count
        let kept = try d.acquire()
        try d.present(kept, damage: [])
        #expect(card.commits.count == commits && !d.isFlipPending)
        let again = try d.acquire()
        #expect((again.index, again.age) == (kept.index, 1))
        try d.present(again, damage: [])

        // Another card's event: not ours.
        card.connectors[0].connection = .connected
        card.connectors[0].modes = [Fixture.mode(1024, 768, 60, preferred: true), Fixture.mode(800, 480, 60)]
        system.hotplug.plugEvent(card: 1)
        events.removeAll()
        try d.handleEvents(on: system.hotplug.descriptor) { events.append($0) }
        #expect(events.isEmpty && !d.isOutputAvailable)

        // Back, with another preferred mode: a new size, every age 0, a modeset next.
        system.hotplug.plugEvent()
        try d.handleEvents(on: system.hotplug.descriptor) { events.append($0) }
        #expect(events == [.outputBack("Virtual-1 connected: 1024x768@60")])
        #expect(d.isOutputAvailable)
        #expect((d.width, d.height) == (1024, 768))
        #expect(d.name == "drm /dev/dri/card0 Virtual-1 1024x768@60")
        let b = try d.acquire()
        #expect((b.surface.width, b.surface.height, b.age) == (1024, 768, 0))
        let live = card.liveFramebuffers
        try d.present(b, damage: [])
        #expect(card.calls.filter { $0.hasPrefix("atomic") }.suffix(2) == ["atomic test", "atomic modeset"])
        #expect(card.modeOfBlob[UInt32(card.committed("MODE_ID", of: 34)!)]?.description == "1024x768@60")
        // The old buffers went once the modeset took them off screen.
        #expect(card.liveFramebuffers == live - 2)
        #expect(try F.frame(d, card).events.count == 1)
    }

    @Test func replugInTheSameModeKeepsTheBuffersButNotTheirAges() throws {
        let card = Fixture.card()
        let system = FakeSystem(card)
        let d = try DRMDisplay.open(DRMSettings(mode: .init(width: 640, height: 480)), log: .silent, system: system)
        try F.frame(d, card)
        try F.frame(d, card)
        card.connectors[0].connection = .disconnected
        system.hotplug.plugEvent()
        try d.handleEvents(on: system.hotplug.descriptor) { _ in }
        card.connectors[0].connection = .connected
        system.hotplug.plugEvent()
        var events: [DisplayEvent] = []
        try d.handleEvents(on: system.hotplug.descriptor) { events.append($0) }
        // The board's mode is still offered: kept.
        #expect(events == [.outputBack("Virtual-1 connected: 640x480@60")])
        let live = card.liveFramebuffers
        let b = try d.acquire()
        #expect(b.age == 0)
        #expect(card.liveFramebuffers == live)
    }

    @Test func aHotplugThatChangesNothingReportsNothing() throws {
        let card = Fixture.card()
        let system = FakeSystem(card)
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: system)
        system.hotplug.plugEvent()
        var events: [DisplayEvent] = []
        try d.handleEvents(on: system.hotplug.descriptor) { events.append($0) }
        #expect(events.isEmpty)
        // A monitor swapped while we weren't looking: the mode went away.
        card.connectors[0].modes = [Fixture.mode(1280, 1024, 60, preferred: true)]
        system.hotplug.plugEvent()
        try d.handleEvents(on: system.hotplug.descriptor) { events.append($0) }
        #expect(events == [.outputBack("Virtual-1 changed: 1280x1024@60")])
    }

    @Test func uevents() {
        let raw = Array(
            "change@/devices/pci0000:00/0000:00:02.0/drm/card0\0ACTION=change\0DEVPATH=/devices/pci0000:00/0000:00:02.0/drm/card0\0SUBSYSTEM=drm\0HOTPLUG=1\0CONNECTOR=35\0DEVNAME=dri/card0\0SEQNUM=2012\0"
                .utf8)
        let e = Uevent(datagram: raw)
        #expect(e?.properties["CONNECTOR"] == "35")
        #expect(e?.isHotplug(of: "/dev/dri/card0") == true)
        #expect(e?.isHotplug(of: "/dev/dri/card1") == false)
        // udev's re-broadcast has no "@" header; other subsystems aren't ours.
        #expect(Uevent(datagram: Array("libudev\0\u{1}\u{2}".utf8)) == nil)
        let input = Uevent(datagram: Array("add@/devices/virtual/input/input5\0ACTION=add\0SUBSYSTEM=input\0".utf8))
        #expect(input?.isHotplug(of: "/dev/dri/card0") == false)
        // A "change" without HOTPLUG=1 (udevadm trigger -c change): probed too.
        #expect(
            Uevent(properties: ["ACTION": "change", "SUBSYSTEM": "drm", "DEVNAME": "dri/card0"]).isHotplug(
                of: "/dev/dri/card0"))
        #expect(
            !Uevent(properties: ["ACTION": "add", "SUBSYSTEM": "drm", "DEVNAME": "dri/card0"]).isHotplug(
                of: "/dev/dri/card0"))
        // Without DEVNAME: any card's.
        #expect(Uevent(properties: ["SUBSYSTEM": "drm", "HOTPLUG": "1"]).isHotplug(of: "/dev/dri/card3"))
    }
}

/// Which kernel uevents wake a kiosk waiting for its display (`DisplayAppearanceWatch`).
@Suite struct DisplayAppearanceEventTests {
    @Test func aCardOrFramebufferAddedWakesRemovalsAndOthersDoNot() {
        func event(_ action: String?, _ subsystem: String) -> Uevent {
            var p = ["SUBSYSTEM": subsystem, "DEVNAME": "dri/card0"]
            p["ACTION"] = action
            return Uevent(properties: p)
        }
        #expect(event("add", "drm").isDisplayAppearance)
        #expect(event("change", "drm").isDisplayAppearance)
        #expect(event("add", "graphics").isDisplayAppearance)
        #expect(event(nil, "drm").isDisplayAppearance)  // events lost (ENOBUFS)
        #expect(!event("remove", "drm").isDisplayAppearance)
        #expect(!event("add", "input").isDisplayAppearance)
        #expect(!event("bind", "pci").isDisplayAppearance)
        // As the kernel sends it when bochs registers its card.
        let datagram = Array("add@/devices/pci0000:00/0000:00:02.0/drm/card0\0ACTION=add\0DEVPATH=/devices/pci0000:00/0000:00:02.0/drm/card0\0SUBSYSTEM=drm\0DEVNAME=dri/card0\0DEVTYPE=drm_minor\0MAJOR=226\0MINOR=0\0SEQNUM=2001\0".utf8)
        #expect(Uevent(datagram: datagram)?.isDisplayAppearance == true)
    }
}
