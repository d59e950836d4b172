import LinuxSystem
internal import CWayland
internal import Glibc
import Display
import Raster

extension WaylandDisplay {
    /// What a window asks of the compositor.
    public struct Request: Sendable {
        public var format: PixelFormat
        public var buffers: Int
        /// The window's size when the compositor leaves it to us, surface points.
        public var width: Int
        public var height: Int
        public var fullscreen: Bool
        public var title: String
        public var appID: String
        /// Seconds to wait for the compositor's first configure.
        public var configureTimeout: Double
        /// The compositor's socket: a name under XDG_RUNTIME_DIR or an absolute path;
        /// nil for WAYLAND_DISPLAY's (libwayland's own choice).
        public var socket: String?

        public init(
            format: PixelFormat = .xrgb8888, buffers: Int = 2, width: Int, height: Int, fullscreen: Bool,
            title: String = "Vitrine", appID: String = "vitrine", configureTimeout: Double = 5, socket: String? = nil
        ) {
            self.format = format
            self.buffers = buffers
            self.width = width
            self.height = height
            self.fullscreen = fullscreen
            self.title = title
            self.appID = appID
            self.configureTimeout = configureTimeout
            self.socket = socket
        }
    }

    /// Connects to the compositor at WAYLAND_DISPLAY, binds its globals and opens the
    /// window, waiting for the first configure (a usable size, or the request's).
    ///
    /// - Throws: `.unavailable` (exit 69) with the socket tried when no compositor
    ///   answers, or naming the global it lacks (wl_compositor, wl_shm, xdg_wm_base);
    ///   `.lost` (75) when it hangs up while the window opens; `.unsupported` for a
    ///   format or buffer count a window can't have.
    public static func open(_ request: Request) throws(DisplayError) -> WaylandDisplay {
        guard ShmBuffers.shmFormat(request.format) != nil else {
            throw .unsupported("wayland: buffers in \(request.format) (xrgb8888 or rgb565)")
        }
        guard (2...3).contains(request.buffers) else { throw .unsupported("wayland: \(request.buffers) buffers (2 or 3)") }
        let socket = WaylandSocket.path { key in
            key == "WAYLAND_DISPLAY" && request.socket != nil ? request.socket : getenv(key).map { String(cString: $0) }
        }
        // libwayland-client's log lines kept for the errors (a previous connection's forgotten).
        vitrine_wayland_capture_log()
        guard let connection = wl_display_connect(request.socket) else {
            let e = errno
            throw .unavailable("no Wayland compositor at \(socket): \(SystemErrno(e))")
        }
        let display = WaylandDisplay(
            connection: connection, socket: socket, format: request.format, buffers: request.buffers,
            size: WindowSize(preferred: request.width, request.height), title: request.title, appID: request.appID,
            fullscreen: request.fullscreen)
        do {
            try display.bindGlobals()
            try display.openWindow(timeout: request.configureTimeout)
        } catch {
            display.close()
            throw error
        }
        return display
    }

    /// The registry's globals, after one roundtrip; the ones a window needs must be there.
    func bindGlobals() throws(DisplayError) {
        guard let r = wl_display_get_registry(connection) else { throw connectionError() }
        registry = r
        _ = wl_registry_add_listener(r, Listeners.registry, userData)
        guard wl_display_roundtrip(connection) >= 0 else { throw connectionError() }
        for (proxy, what) in [(compositor, "wl_compositor"), (shm, "wl_shm"), (wmBase, "xdg_wm_base")] where proxy == nil {
            throw .unavailable("the Wayland compositor at \(socket) offers no \(what)")
        }
        // The outputs' scales and the seats' capabilities.
        guard wl_display_roundtrip(connection) >= 0 else { throw connectionError() }
    }

    /// A registry global: bound when the window uses it (the first of each kind the window
    /// needs one of; every seat and output).
    func global(name: UInt32, interface: String, version: UInt32) {
        let wanted = vitrine_interface_version(interface)
        guard wanted > 0, let registry, !isBound(interface) else { return }
        guard let raw = vitrine_registry_bind(registry, name, interface, min(version, wanted)) else { return }
        let proxy = OpaquePointer(raw)
        switch interface {
        case "wl_compositor": compositor = proxy
        case "wl_shm": shm = proxy
        case "xdg_wm_base":
            wmBase = proxy
            _ = xdg_wm_base_add_listener(proxy, Listeners.wmBase, userData)
        case "wp_presentation":
            presentation = proxy
            _ = wp_presentation_add_listener(proxy, Listeners.presentation, userData)
        case "wl_seat":
            let seat = WaylandSeat(proxy: proxy, name: name, display: self)
            seats.append(seat)
            _ = wl_seat_add_listener(proxy, Listeners.seat, seat.userData)
        case "wl_output":
            let output = WaylandOutput(proxy: proxy, name: name, display: self)
            outputs.append(output)
            _ = wl_output_add_listener(proxy, Listeners.output, Unmanaged.passUnretained(output).toOpaque())
        default: wl_proxy_destroy(proxy)
        }
    }

    /// Whether the one global of `interface` the window keeps is bound already.
    func isBound(_ interface: String) -> Bool {
        switch interface {
        case "wl_compositor": compositor != nil
        case "wl_shm": shm != nil
        case "xdg_wm_base": wmBase != nil
        case "wp_presentation": presentation != nil
        default: false
        }
    }

    /// A global went away: a seat or an output unplugged.
    func globalRemoved(name: UInt32) {
        if let i = seats.firstIndex(where: { $0.globalName == name }) {
            let seat = seats.remove(at: i)
            seat.touchCancel()
            seat.pointerLeave()
            input.append(.seat("\(seat.name) removed"))
            seat.destroy()
        }
        if let i = outputs.firstIndex(where: { $0.name == name }) {
            let output = outputs.remove(at: i)
            enteredOutputs.remove(output.proxy)
            output.destroy()
            outputChanged()
        }
    }

    /// The surface, its xdg role and toplevel; then commits without a buffer and waits
    /// for the first configure.
    func openWindow(timeout: Double) throws(DisplayError) {
        guard let s = wl_compositor_create_surface(compositor) else { throw connectionError() }
        surface = s
        _ = wl_surface_add_listener(s, Listeners.surface, userData)
        guard let x = xdg_wm_base_get_xdg_surface(wmBase, s) else { throw connectionError() }
        xdgSurface = x
        _ = xdg_surface_add_listener(x, Listeners.xdgSurface, userData)
        guard let t = xdg_surface_get_toplevel(x) else { throw connectionError() }
        toplevel = t
        _ = xdg_toplevel_add_listener(t, Listeners.toplevel, userData)
        xdg_toplevel_set_title(t, title)
        xdg_toplevel_set_app_id(t, appID)
        if fullscreen { xdg_toplevel_set_fullscreen(t, nil) }
        wl_surface_commit(s)
        let deadline = now + timeout
        while !configured {
            let left = deadline - now
            guard left > 0 else { throw .unavailable("the Wayland compositor at \(socket) did not configure the window within \(Int(timeout)) s") }
            try dispatch(waiting: left)
        }
        // The size the window opens at is the display's own; only a close asked for
        // meanwhile is still news for the kiosk.
        events.removeAll { if case .closeRequested = $0 { false } else { true } }
    }

    /// CLOCK_MONOTONIC, seconds.
    var now: Double { Self.clock(CLOCK_MONOTONIC) ?? 0 }

    /// Clock `id`'s time now, seconds; nil for a clock the kernel does not read.
    static func clock(_ id: clockid_t) -> Double? {
        var t = timespec()
        guard clock_gettime(id, &t) == 0 else { return nil }
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
