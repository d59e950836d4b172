internal import Glibc

/// `vitrine inputs`' text: a few lines a device, then the nodes that could not be opened,
/// then, when a board names a device (`[touch] device`), whether that device is here.
public enum InputsReport {
    public static func lines(
        _ devices: [InputDeviceInfo], selection: DeviceSelection, failures: [String: Int32]
    ) -> [String] {
        var out: [String] = []
        if devices.isEmpty && failures.isEmpty {
            return ["no input devices (libinput sees none on seat0)"] + [presence(devices, selection)].compactMap { $0 }
        }
        for d in devices.sorted(by: { Self.order($0.sysname, $1.sysname) }) {
            out.append("\(d.node): \(d.name)")
            out.append("  capabilities: \(d.capabilities.names)")
            if let s = d.size { out.append("  size: \(Self.number(s.width)) x \(Self.number(s.height)) mm") }
            if let n = d.touchSlots { out.append("  touch slots: \(n == 0 ? "unknown" : String(n))") }
            if let m = d.calibration {
                let identity = m == [1, 0, 0, 0, 1, 0]
                out.append("  calibration: [\(m.map(Self.number).joined(separator: ", "))]\(identity ? " (none)" : "")")
            }
            out.append("  drives the show: \(Self.selected(d, selection) ? "yes" : "no")")
        }
        for (node, e) in failures.sorted(by: { Self.order($0.key, $1.key) }) {
            out.append("\(node): cannot open: \(DeviceOpen.reason(e))")
        }
        if let line = presence(devices, selection) { out.append(line) }
        return out
    }

    /// For a board that names its device (a name or a node): whether it is here. A named
    /// device that is absent is what leaves a kiosk untouchable (it waits for the device,
    /// logging that once), so the line says so and how to take any touchscreen instead.
    /// nil for `.every`: whatever is listed as driving the show does.
    static func presence(_ devices: [InputDeviceInfo], _ selection: DeviceSelection) -> String? {
        guard selection != .every else { return nil }
        let found = devices.filter { selected($0, selection) }.map(\.node).sorted { order($0, $1) }
        if !found.isEmpty {
            return "the board's device (\(selection)): present (\(found.joined(separator: ", ")))"
        }
        return "the board's device (\(selection)): not present: the kiosk waits for it and takes no touch until it"
            + " appears (leave [touch] device out to take every touchscreen)"
    }

    /// Whether the board's selection takes `device` (a /dev path is compared after
    /// resolving symlinks such as /dev/input/by-path/...).
    static func selected(_ device: InputDeviceInfo, _ selection: DeviceSelection) -> Bool {
        guard selection.selects(device) else { return false }
        guard case .node(let path) = selection else { return true }
        guard let resolved = realpath(path, nil) else { return path == device.node }
        defer { free(resolved) }
        return String(cString: resolved) == device.node
    }

    /// event2 before event10.
    static func order(_ a: String, _ b: String) -> Bool {
        let (pa, na) = split(a)
        let (pb, nb) = split(b)
        return pa != pb ? pa < pb : na < nb
    }

    private static func split(_ s: String) -> (String, Int) {
        let digits = s.reversed().prefix { $0.isNumber }
        return (String(s.dropLast(digits.count)), Int(String(digits.reversed())) ?? -1)
    }

    /// "154", "86.5", "0.25": at most 3 decimals, no trailing zeros.
    static func number(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }
}
