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

    /// A DRM hotplug event (SUBSYSTEM=drm, HOTPLUG=1) for the card at `path`
    /// ("/dev/dri/card0": DEVNAME=dri/card0); an event without DEVNAME counts for any card.
    func isHotplug(of path: String) -> Bool {
        guard properties["SUBSYSTEM"] == "drm", properties["HOTPLUG"] == "1" else { return false }
        guard let name = properties["DEVNAME"] else { return true }
        return "/dev/" + name == path
    }
}
