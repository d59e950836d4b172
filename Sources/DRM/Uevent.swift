/// A kernel uevent as NETLINK_KOBJECT_UEVENT delivers it: "change@/devices/.../drm/card0"
/// then NUL-separated KEY=value pairs (ACTION, SUBSYSTEM, DEVNAME, HOTPLUG, CONNECTOR...).
struct Uevent: Hashable, Sendable {
    var properties: [String: String]

    init(properties: [String: String]) {
        self.properties = properties
    }

    /// Parses one datagram; nil when it isn't a kernel uevent (no "action@devpath"
    /// header, e.g. udev's own "libudev" messages).
    init?(datagram bytes: some Collection<UInt8>) {
        let fields = bytes.split(separator: 0, omittingEmptySubsequences: true)
        guard let header = fields.first, header.contains(UInt8(ascii: "@")) else { return nil }
        var properties: [String: String] = [:]
        for field in fields.dropFirst() {
            guard let eq = field.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = String(decoding: field[field.startIndex..<eq], as: UTF8.self)
            properties[key] = String(decoding: field[field.index(after: eq)...], as: UTF8.self)
        }
        self.properties = properties
    }

    /// A change of the card at `path` ("/dev/dri/card0": DEVNAME=dri/card0) that may
    /// concern its connectors: SUBSYSTEM=drm with HOTPLUG=1 (what the kernel sends when a
    /// connector changes) or ACTION=change (also `udevadm trigger -c change
    /// /sys/class/drm/card0`, how a person asks for a new probe, e.g. after forcing a
    /// connector's status through sysfs, which sends nothing on Linux 6.1). An event
    /// without DEVNAME counts for any card.
    func isHotplug(of path: String) -> Bool {
        guard properties["SUBSYSTEM"] == "drm", properties["HOTPLUG"] == "1" || properties["ACTION"] == "change"
        else { return false }
        guard let name = properties["DEVNAME"] else { return true }
        return "/dev/" + name == path
    }
}
