import Display

/// What `vitrine outputs` prints (Deploying on a panel): each DRM card with its driver and
/// abilities, connectors (connected or not, modes with the preferred one marked, panel
/// orientation), CRTCs and planes (type, formats as fourcc text, rotation, what each
/// shows now: a plane left on by a crashed compositor is seen here). One item a
/// line, indented under its card. Reads only: DRM master is never kept (a card opened
/// first makes its opener master; it is dropped at once).
public enum OutputsReport {
    /// The report for `device`, or for every /dev/dri/card* when nil.
    /// - Throws: `.unavailable` when there is no card, or no card could be read (the
    ///   text says which and why).
    public static func lines(device: String? = nil) throws(DisplayError) -> [String] {
        try lines(device: device, system: LinuxDRMSystem())
    }

    static func lines(device: String?, system: any DRMSystem) throws(DisplayError) -> [String] {
        let cards = device.map { [$0] } ?? system.cardPaths()
        guard !cards.isEmpty else { throw .unavailable("no DRM card: looked at /dev/dri (no card* nodes)") }
        var lines: [String] = []
        var failures: [String] = []
        for card in cards {
            do {
                let d = try DRMDisplay.openCard(card, system: system)
                do {
                    lines += try describe(d)
                } catch {
                    lines.append("\(card): \(error)")
                    failures.append("\(error)")
                }
            } catch {
                let why: String =
                    if case .unavailable(let text) = error { text } else { "\(error)" }
                lines.append(why)
                failures.append(why)
            }
        }
        if failures.count == cards.count { throw .unavailable(failures.joined(separator: "; ")) }
        return lines
    }

    /// One card's lines.
    static func describe(_ d: borrowing DRMDevice) throws(DRMError) -> [String] {
        // Opening a card nobody is master of makes the opener master: so that tells.
        let masterFree = d.io.isMaster()
        d.dropMasterIfHeld()
        _ = d.enable(clientCapability: DRMCapability.universalPlanes)
        let atomic = d.enable(clientCapability: DRMCapability.atomic)
        let dumb = (try? d.capability(DRMCapability.dumbBuffer)) ?? 0 != 0
        var head = ["\(d.driverName ?? "unknown") driver", atomic ? "atomic" : "legacy KMS only"]
        head.append(dumb ? "dumb buffers" : "no dumb buffers")
        head.append(masterFree ? "DRM master free" : "DRM master held by another process")
        var lines = ["\(d.path): " + head.joined(separator: ", ")]

        let resources = try d.resources()
        let encoders = try resources.encoderIDs.map { (id) throws(DRMError) in try d.encoder(id) }
        let crtcs = try d.crtcs()
        for c in try d.connectors() {
            var state = ["\(c.connection.rawValue)"]
            if c.widthMM > 0 || c.heightMM > 0 { state.append("\(c.widthMM)x\(c.heightMM) mm") }
            if let e = encoders.first(where: { $0.id == c.encoderID }), e.crtcID != 0 {
                state.append("on CRTC \(e.crtcID)")
            }
            lines.append("  connector \(c.id) \(c.name): " + state.joined(separator: ", "))
            if let orientation = c.panelOrientation { lines.append("    panel orientation: \(orientation)") }
            for m in c.modes { lines.append("    mode \(m)" + (m.isPreferred ? " preferred" : "")) }
        }
        for k in crtcs {
            let state = k.mode.map { "\($0), framebuffer \(k.framebufferID)" } ?? "off"
            lines.append("  CRTC \(k.id): \(state)")
        }
        for p in try d.planes() {
            let usable = crtcs.filter { p.canDrive(crtcIndex: $0.index) }.map { "\($0.id)" }.joined(separator: " ")
            lines.append(
                "  plane \(p.id): \(p.kind.rawValue), CRTCs \(usable), formats "
                    + p.formats.map(\.description).joined(separator: " "))
            let rotations = p.rotationNames
            lines.append("    rotation: " + (rotations.isEmpty ? "none" : rotations.joined(separator: " ")))
            lines.append(
                "    shows: "
                    + (p.crtcID == 0 ? "nothing (off)" : "framebuffer \(p.framebufferID) on CRTC \(p.crtcID)"))
        }
        return lines
    }
}
