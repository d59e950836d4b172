import LinuxSystem
internal import CDRM
internal import Glibc

/// Kernel hotplug events from a NETLINK_KOBJECT_UEVENT socket bound to the kernel's
/// multicast group: no udev, no library, no privilege needed. DRM sends
/// "change" with SUBSYSTEM=drm HOTPLUG=1 when a connector's state may have changed
/// (also when its status is forced through /sys/class/drm/card0-*/status).
final class UeventMonitor: HotplugMonitor {
    private(set) var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    static func open() throws(DRMError) -> UeventMonitor {
        let name = "netlink uevent socket"
        let fd = try drmCall("socket", device: name) {
            socket(
                AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                NETLINK_KOBJECT_UEVENT)
        }
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_groups = 1  // the kernel's own uevents (udev re-sends on group 2)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
            }
        }
        if bound != 0 {
            let e = errno
            _ = Glibc.close(fd)
            throw DRMError(call: "bind", device: name, errno: e)
        }
        return UeventMonitor(descriptor: fd)
    }

    func pending() -> [Uevent] {
        var events: [Uevent] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while descriptor >= 0 {
            var from = sockaddr_nl()
            var length = socklen_t(MemoryLayout<sockaddr_nl>.size)
            let n = retryingEINTR {
                withUnsafeMutablePointer(to: &from) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        recvfrom(descriptor, &buffer, buffer.count, 0, $0, &length)
                    }
                }
            }
            if n < 0 {
                // Events were lost (the buffer overflowed): one of them may have been ours.
                if errno == ENOBUFS { events.append(Uevent(properties: ["SUBSYSTEM": "drm", "HOTPLUG": "1"])) }
                break
            }
            guard from.nl_pid == 0 else { continue }  // only the kernel's, not another process's
            if let event = Uevent(datagram: buffer[0..<n]) { events.append(event) }
        }
        return events
    }

    func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }
}
