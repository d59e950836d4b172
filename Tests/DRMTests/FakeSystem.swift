import Display

@testable import DRM

/// The world around the fake cards: /dev/dri, sysfs, open errors, hotplug events.
final class FakeSystem: DRMSystem {
    var cards: [String: FakeCard] = [:]
    /// Errnos `open` fails with, per path.
    var openErrors: [String: Int32] = [:]
    /// Cards whose sysfs entries are missing (they are opened to be asked).
    var withoutSysfs: Set<String> = []
    var group = "video"
    let hotplug = FakeHotplug()
    var hotplugError: Int32?

    init(_ cards: FakeCard...) {
        for c in cards { self.cards[c.path] = c }
    }

    func cardPaths() -> [String] { cards.keys.sorted() }

    func sysfsConnectors(card path: String) -> [SysfsConnector]? {
        guard let card = cards[path], !withoutSysfs.contains(path) else { return nil }
        return card.connectors.map { SysfsConnector(name: $0.name, status: $0.connection.rawValue) }
    }

    func open(_ path: String) throws(DRMError) -> any DRMIO {
        if let e = openErrors[path] { throw DRMError(call: "open", device: path, errno: e) }
        guard let card = cards[path] else { throw DRMError(call: "open", device: path, errno: 2) }
        card.closed = false
        card.descriptor = 40
        return card
    }

    /// What a descriptor systemd passed back stands for.
    enum Kept {
        case card(FakeCard)
        case notDRM(String)
    }
    /// Descriptors kept over a restart, by number.
    var kept: [Int32: Kept] = [:]

    func adopt(_ descriptor: Int32, card path: String) throws(KeptCardRefusal) -> any DRMIO {
        switch kept[descriptor] {
        case nil: throw .notDRM("not open: Bad file descriptor (EBADF)")
        case .notDRM(let what): throw .notDRM(what)
        case .card(let card):
            guard card.path == path else { throw .otherCard(kept: card.path, wanted: path) }
            card.closed = false
            card.descriptor = descriptor
            return card
        }
    }

    /// Kept descriptors closed after a refusal.
    var discarded: [Int32] = []
    func discard(_ descriptor: Int32) { discarded.append(descriptor) }

    func groupName(of path: String) -> String? { group }

    func makeHotplugMonitor() throws(DRMError) -> any HotplugMonitor {
        if let hotplugError { throw DRMError(call: "socket", device: "netlink uevent socket", errno: hotplugError) }
        return hotplug
    }
}

final class FakeHotplug: HotplugMonitor {
    var descriptor: Int32 = 41
    var queued: [Uevent] = []
    var closed = false

    func pending() -> [Uevent] {
        defer { queued.removeAll() }
        return queued
    }

    func close() { closed = true }

    /// What the kernel sends when a connector of card `n` changes.
    func plugEvent(card n: Int = 0) {
        queued.append(
            Uevent(properties: [
                "ACTION": "change", "SUBSYSTEM": "drm", "HOTPLUG": "1", "DEVNAME": "dri/card\(n)",
            ]))
    }
}

/// Builds fake cards like the ones QEMU's drivers present.
enum Fixture {
    /// A mode of `w` x `h` at `hz` with plausible blanking (160 pixels, 45 lines).
    static func mode(_ w: Int, _ h: Int, _ hz: Int, preferred: Bool = false) -> Mode {
        let htotal = w + 160
        let vtotal = h + 45
        let clock = UInt32((Double(htotal * vtotal * hz) / 1000).rounded())
        return Mode(
            timings: ModeTimings(
                clock: clock, hdisplay: UInt16(w), hsyncStart: UInt16(w + 40), hsyncEnd: UInt16(w + 80),
                htotal: UInt16(htotal), vdisplay: UInt16(h), vsyncStart: UInt16(h + 10), vsyncEnd: UInt16(h + 15),
                vtotal: UInt16(vtotal), vrefresh: UInt32(hz), type: preferred ? 1 << 3 | 1 << 6 : 1 << 6,
                name: "\(w)x\(h)"))
    }

    static let modes = [
        mode(800, 480, 60, preferred: true), mode(1024, 768, 60), mode(640, 480, 60), mode(1024, 768, 75),
    ]

    /// Property ids: fixed, so tests can name them.
    static func props(_ names: [String], from first: UInt32) -> [Property] {
        names.enumerated().map { Property(id: first + UInt32($0.offset), name: $0.element, kind: .object, value: 0) }
    }

    /// Card `n` with one connector (`Virtual-1`, id 35, connected, `modes`, "DPMS" on),
    /// encoder 36, CRTC 34 showing the console's framebuffer 50 in 1024x768, primary plane 31
    /// (XR24, AR24, RG16), a cursor plane 32; `rotations` are the primary plane's
    /// "rotation" entries (none: no property).
    static func card(
        _ n: Int = 0, connector: (type: UInt32, index: UInt32) = (15, 1), connection: Connector.Connection = .connected,
        modes: [Mode] = modes, rotations: [String] = [], panelOrientation: String? = nil
    ) -> FakeCard {
        let c = Connector(
            id: 35, type: connector.type, typeIndex: connector.index, connection: connection,
            modes: connection == .connected ? modes : [], encoderIDs: [36], encoderID: 36)
        let card = FakeCard(
            path: "/dev/dri/card\(n)", connectors: [c], encoders: [Encoder(id: 36, crtcID: 34, possibleCRTCs: 1)],
            crtcs: [CRTC(id: 34, index: 0, framebufferID: 50, mode: mode(1024, 768, 60), x: 0, y: 0)],
            planes: [
                Plane(
                    id: 31, possibleCRTCs: 1, crtcID: 34, framebufferID: 50, formats: [.xrgb8888, .argb8888, .rgb565]),
                Plane(id: 32, possibleCRTCs: 1, formats: [.argb8888]),
            ])
        let dpms = ["On", "Standby", "Suspend", "Off"].enumerated().map {
            Property.Entry(name: $0.element, value: UInt64($0.offset))
        }
        var connectorProps = [
            Property(id: 1, name: "CRTC_ID", kind: .object, value: 34),
            Property(id: 19, name: "DPMS", kind: .enumeration(dpms), value: 0),
        ]
        if let panelOrientation {
            let names = ["Normal", "Upside Down", "Left Side Up", "Right Side Up"]
            connectorProps.append(
                Property(
                    id: 20, name: "panel orientation",
                    kind: .enumeration(names.enumerated().map { .init(name: $0.element, value: UInt64($0.offset)) }),
                    value: UInt64(names.firstIndex(of: panelOrientation)!), isImmutable: true))
        }
        card.properties[35] = PropertySet(connectorProps)
        card.properties[34] = PropertySet([
            Property(id: 2, name: "MODE_ID", kind: .blob, value: 0),
            Property(id: 3, name: "ACTIVE", kind: .range(min: 0, max: 1), value: 1),
        ])
        var planeProps = [primaryType(id: 4, value: 1)]
        planeProps += props(
            ["FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H", "CRTC_X", "CRTC_Y", "CRTC_W", "CRTC_H"], from: 5)
        if !rotations.isEmpty {
            let all = ["rotate-0", "rotate-90", "rotate-180", "rotate-270", "reflect-x", "reflect-y"]
            planeProps.append(
                Property(
                    id: 15, name: "rotation",
                    kind: .bitmask(rotations.map { .init(name: $0, value: UInt64(all.firstIndex(of: $0)!)) }), value: 1)
            )
        }
        card.properties[31] = PropertySet(planeProps)
        card.properties[32] = PropertySet([primaryType(id: 4, value: 2)] + props(["FB_ID", "CRTC_ID"], from: 5))
        return card
    }

    static func primaryType(id: UInt32, value: UInt64) -> Property {
        Property(
            id: id, name: "type",
            kind: .enumeration([
                .init(name: "Overlay", value: 0), .init(name: "Primary", value: 1), .init(name: "Cursor", value: 2),
            ]),
            value: value, isImmutable: true)
    }
}

/// Collects a display's log lines.
final class LogLines: @unchecked Sendable {
    var info: [String] = []
    var warnings: [String] = []

    var log: DisplayLog {
        DisplayLog(info: { [self] in info.append($0) }, warning: { [self] in warnings.append($0) })
    }
}
