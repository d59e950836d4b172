internal import Glibc

/// `vitrine inputs`' text: a few lines a device, then the nodes that could not be opened.
public enum InputsReport {
    public static func lines(
        _ devices: [InputDeviceInfo], selection: DeviceSelection, failures: [String: Int32]
    ) -> [String] {
        var out: [String] = []
        if devices.isEmpty && failures.isEmpty { return ["no input devices (libinput sees none on seat0)"] }
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
        return out
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
