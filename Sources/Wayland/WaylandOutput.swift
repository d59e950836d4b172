internal import CWayland

/// A wl_output the compositor offers: its scale (for buffer_scale) and current mode's
/// refresh (millihertz), applied at its `done` event.
final class WaylandOutput {
    let proxy: OpaquePointer
    let name: UInt32
    unowned let display: WaylandDisplay
    var scale = 1
    var pendingScale = 1
    /// The current mode's refresh, mHz (0: unknown).
    var refresh = 0

    init(proxy: OpaquePointer, name: UInt32, display: WaylandDisplay) {
        self.proxy = proxy
        self.name = name
        self.display = display
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> WaylandOutput {
        Unmanaged<WaylandOutput>.fromOpaque(data!).takeUnretainedValue()
    }

    func done() {
        scale = pendingScale
        display.outputChanged()
    }

    func destroy() {
        if wl_proxy_get_version(proxy) >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }
}
