import Display

/// How the output is chosen: the card, the connector, the mode, the CRTC and its primary
/// plane. Pure decisions over what the kernel reported, each failure an `.unavailable`
/// naming what was looked at.
enum OutputChoice {
    /// The first card (by number) with a connected connector, as sysfs tells without
    /// opening anything; a card sysfs knows nothing about is opened and asked.
    static func firstConnectedCard(system: any DRMSystem) throws(DisplayError) -> String {
        let cards = system.cardPaths()
        guard !cards.isEmpty else { throw .unavailable("no DRM card: looked at /dev/dri (no card* nodes)") }
        var seen: [String] = []
        for card in cards {
            let summary = CardSummary.of(card, system: system)
            if summary.hasConnected { return card }
            seen.append(summary.description)
        }
        throw .unavailable("no connected connector: looked at " + seen.joined(separator: ", "))
    }

    /// The connector named `name`, or the first connected one.
    static func connector(named name: String?, among all: [Connector], card: String) throws(DisplayError) -> Connector {
        if let name {
            guard let c = all.first(where: { $0.name == name }) else {
                let names = all.isEmpty ? "none" : all.map(\.name).joined(separator: ", ")
                throw .unavailable("\(card): no connector \(name) (it has \(names))")
            }
            // A panel that can't tell (connection "unknown") but lists modes is used when named.
            guard c.isConnected || (c.connection == .unknown && !c.modes.isEmpty) else {
                throw .unavailable("\(card): \(name) is \(c.connection.rawValue)")
            }
            guard !c.modes.isEmpty else { throw .unavailable("\(card): \(name) offers no mode") }
            return c
        }
        guard let c = all.first(where: { $0.isConnected && !$0.modes.isEmpty }) else {
            let states =
                all.isEmpty ? "no connectors" : all.map(ConnectorState.init).map(\.description).joined(separator: ", ")
            throw .unavailable("\(card): no connected connector (\(states))")
        }
        return c
    }

    /// The mode a board asks for when the connector offers it; else the preferred mode,
    /// else the first. `note` says which, for the log; `missed` is set when the board's
    /// mode wasn't offered. Precondition: the connector offers a mode.
    static func mode(_ request: ModeRequest?, of c: Connector) -> (mode: Mode, note: String, missed: Bool) {
        if let request {
            let sized = c.modes.filter { $0.matches(request) }
            if let m = sized.first(where: \.isPreferred) ?? sized.first {
                return (m, m.isPreferred ? "the board's, preferred" : "the board's", false)
            }
        }
        let m = c.preferredMode!
        return (m, m.isPreferred ? "preferred" : "the first listed", request != nil)
    }

    /// The CRTC to drive `c` with: the one driving it now, else the first its encoders
    /// can use that is off, else the first they can use at all. Returns its index.
    static func crtc(for c: Connector, encoders: [Encoder], crtcs: [CRTC]) -> Int? {
        if let now = encoders.first(where: { $0.id == c.encoderID }), now.crtcID != 0,
            let i = crtcs.firstIndex(where: { $0.id == now.crtcID })
        {
            return i
        }
        var possible: UInt32 = 0
        for e in encoders where c.encoderIDs.contains(e.id) { possible |= e.possibleCRTCs }
        let usable = crtcs.indices.filter { $0 < 32 && possible & (1 << UInt32($0)) != 0 }
        return usable.first { crtcs[$0].framebufferID == 0 } ?? usable.first
    }

    /// The primary plane of the CRTC at `index`: the one on it now, else the first that
    /// can be.
    static func primaryPlane(crtc: CRTC, planes: [Plane]) -> Plane? {
        let primaries = planes.filter { $0.kind == .primary && $0.canDrive(crtcIndex: crtc.index) }
        return primaries.first { $0.crtcID == crtc.id } ?? primaries.first
    }

    /// The planes other than `primary` that are on `crtc` now: left there by another
    /// process (a compositor that crashed with its cursor or an overlay shown). Each
    /// modeset switches them off; a plane on another CRTC, or off, is not listed (the
    /// kiosk drives one CRTC and leaves the others' planes to whoever set them).
    static func leftOverPlanes(crtc: CRTC, primary: Plane, planes: [Plane]) -> [Plane] {
        planes.filter { $0.id != primary.id && $0.crtcID == crtc.id }
    }
}

/// "Virtual-1 connected": a connector's name and state, for messages.
struct ConnectorState: CustomStringConvertible {
    var name: String
    var status: String

    init(_ c: Connector) {
        name = c.name
        status = c.connection.rawValue
    }

    init(_ s: SysfsConnector) {
        name = s.name
        status = s.status
    }

    var description: String { "\(name) \(status)" }
}

/// A card and its connectors' states, from sysfs or, when sysfs has nothing, by opening
/// the card: "/dev/dri/card0 (Virtual-1 connected)".
struct CardSummary: CustomStringConvertible {
    var path: String
    var connectors: [ConnectorState]
    /// Why the card couldn't be asked ("permission denied"), when it couldn't.
    var problem: String?

    var hasConnected: Bool { connectors.contains { $0.status == "connected" } }

    var description: String {
        let what =
            problem ?? (connectors.isEmpty ? "no connectors" : connectors.map(\.description).joined(separator: ", "))
        return "\(path) (\(what))"
    }

    static func of(_ card: String, system: any DRMSystem) -> CardSummary {
        if let listed = system.sysfsConnectors(card: card) {
            return CardSummary(path: card, connectors: listed.map(ConnectorState.init))
        }
        do {
            let device = DRMDevice(io: try system.open(card))
            return CardSummary(path: card, connectors: try device.connectors().map(ConnectorState.init))
        } catch {
            return CardSummary(path: card, connectors: [], problem: error.message.lowercased())
        }
    }
}
