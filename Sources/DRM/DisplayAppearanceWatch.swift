internal import Glibc

/// Wakes a kiosk that waits for its display (a panel driver loaded late at boot, a card
/// not probed yet): the kernel's uevents on a NETLINK_KOBJECT_UEVENT socket, the same
/// events udev acts on, filtered to display devices appearing (`Uevent.isDisplayAppearance`).
/// A wake-up only says "try again now": the caller opens the display as usual, and retries
/// on its own clock as well, since udev sets the node's group (video) a moment after the
/// kernel's event, and a lost event must not leave the kiosk waiting for ever.
public final class DisplayAppearanceWatch {
    private let monitor: UeventMonitor

    private init(monitor: UeventMonitor) {
        self.monitor = monitor
    }

    /// The watch, or nil when the socket can't be had (no AF_NETLINK in a sandbox): the
    /// caller then only retries on its clock.
    public static func open() -> DisplayAppearanceWatch? {
        (try? UeventMonitor.open()).map(DisplayAppearanceWatch.init)
    }

    /// Waits at most `seconds` for kernel events; true when one of those that arrived
    /// is a display device appearing (the events are consumed either way).
    public func wait(seconds: Double) -> Bool {
        var entry = pollfd(fd: monitor.descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, min(seconds, 3600)) * 1000)
        let ready = poll(&entry, 1, milliseconds)
        guard ready > 0 else { return false }
        return monitor.pending().contains { $0.isDisplayAppearance }
    }

    public func close() { monitor.close() }
}

extension Uevent {
    /// A display device that may have become usable: a DRM card or connector (SUBSYSTEM
    /// drm) or a framebuffer (SUBSYSTEM graphics) added or changed. Not a removal. Lost
    /// events (ENOBUFS, see `UeventMonitor.pending`) count as one, with no ACTION.
    var isDisplayAppearance: Bool {
        guard let subsystem = properties["SUBSYSTEM"], subsystem == "drm" || subsystem == "graphics" else {
            return false
        }
        return properties["ACTION"] != "remove"
    }
}
