import LinuxSystem
internal import CWayland
internal import Glibc
import Display

extension WaylandDisplay {
    public func handleEvents(on descriptor: Int32, report: (DisplayEvent) -> Void) throws(DisplayError) {
        try dispatch(waiting: 0)
        // Touch events this batch left without a wl_touch.frame (WaylandSeat).
        for seat in seats { seat.closeTouchFrame() }
        // Reported in place and then cleared: the storage stays for the next batch.
        for e in events { report(e) }
        events.removeAll(keepingCapacity: true)
    }

    /// Reads what the connection has (waiting up to `seconds` for something, 0: not at
    /// all) and runs the listeners; then sends what they queued.
    func dispatch(waiting seconds: Double) throws(DisplayError) {
        while wl_display_prepare_read(connection) != 0 {
            guard wl_display_dispatch_pending(connection) >= 0 else { throw connectionError() }
        }
        try flush()
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ms = Int32(max(0, min(seconds, 60)) * 1000)
        let ready = poll(&p, 1, ms)
        if ready > 0 {
            guard wl_display_read_events(connection) == 0 else { throw connectionError() }
        } else {
            wl_display_cancel_read(connection)
        }
        guard wl_display_dispatch_pending(connection) >= 0 else { throw connectionError() }
        try flush()
    }

    /// Sends the requests queued. A full socket (EAGAIN) is left for the next call, and a
    /// closed one (EPIPE) for the read that follows to explain, as libwayland intends: a
    /// compositor posts a protocol error and hangs up at once, so the error may still be
    /// in the socket, unread, when a write finds it closed (reported as "went away", exit
    /// 75, it would restart a kiosk that will only be refused again).
    func flush() throws(DisplayError) {
        if wl_display_flush(connection) < 0, errno != EAGAIN, errno != EPIPE { throw connectionError() }
    }

    /// What the connection's failure means: a protocol error (exit 1, naming the
    /// interface, object and code) or the compositor gone (exit 75: restart when it is
    /// back).
    func connectionError() -> DisplayError {
        let e = wl_display_get_error(connection)
        if e == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let code = wl_display_get_protocol_error(connection, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            // The compositor's own words, as libwayland logged them ("wl_surface@3: error 2: why").
            let logged = String(cString: vitrine_wayland_last_log())
            let prefix = "\(name)@\(id): error \(code): "
            let why = logged.hasPrefix(prefix) && logged.count > prefix.count ? " (\(logged.dropFirst(prefix.count)))" : ""
            return .protocolError("wayland: protocol error on \(name)@\(id): code \(code)\(why)")
        }
        let why = e != 0 ? SystemErrno(e).description : "connection closed"
        return .lost("the Wayland compositor at \(socket) went away (\(why))")
    }

    // MARK: listeners' work

    /// xdg_toplevel.close: the kiosk stops.
    func closeRequested() {
        events.append(.closeRequested("wayland: the window was closed (xdg_toplevel.close)"))
    }

    func toplevelConfigured(width: Int32, height: Int32) {
        size.toplevelConfigure(width: width, height: height)
    }

    /// xdg_surface.configure (acknowledged by the listener): the pending size applies.
    func surfaceConfigured() {
        let first = !configured
        configured = true
        if size.apply() || first { noteSize(first: first) }
    }

    /// After a size or scale change: the window is usable or not, and the kiosk hears
    /// (`.outputBack` with the new size; `.outputLost` when it becomes unusable).
    func noteSize(first: Bool = false) {
        let wasUsable = usable
        usable = size.isUsable
        if usable {
            lastUsable = (size.bufferWidth, size.bufferHeight)
            events.append(.outputBack("window \(size.description)"))
        } else if wasUsable || first, let why = unusableSize {
            events.append(.outputLost(why))
        }
    }

    /// Why nothing can be drawn at the window's size, for the log (nil: it can). The
    /// kiosk says it at start too: the first configure's `.outputLost` comes before the
    /// kiosk listens.
    public var unusableSize: String? {
        usable
            ? nil
            : "window \(size.description) can't hold the show (\(WindowSize.minimum) to \(WindowSize.maximum) pixels a side): waiting for another size"
    }

    func entered(_ output: OpaquePointer?, _ inside: Bool) {
        guard let output else { return }
        if inside { enteredOutputs.insert(output) } else { enteredOutputs.remove(output) }
        outputChanged()
    }

    /// The scale the window's buffers should have: the largest of its outputs' (of all
    /// outputs before it has entered one).
    func outputChanged() {
        let on = outputs.filter { enteredOutputs.contains($0.proxy) }
        let scale = (on.isEmpty ? outputs : on).map(\.scale).max() ?? 1
        if let r = (on.isEmpty ? outputs : on).map(\.refresh).max(), r > 0 { outputRefresh = Double(r) / 1000 }
        if size.setScale(scale), configured { noteSize() }
    }

    func released(_ buffer: OpaquePointer?) {
        guard let i = buffers?.index(of: buffer) else { return }
        ring.released(i)
        if frameOwed, !waitingForFrame {
            frameOwed = false
            events.append(.frameShown(vblank: lastPresented ?? now))
        }
    }

    func frameDone(_ callback: OpaquePointer?) {
        if let callback { wl_callback_destroy(callback) }
        frameCallback = nil
        waitingForFrame = false
        if ring.free == nil {
            frameOwed = true
        } else {
            events.append(.frameShown(vblank: lastPresented ?? now))
        }
    }

    /// A presentation feedback's time, on the compositor's presentation clock, put on the
    /// kiosk's (CLOCK_MONOTONIC): as given, or for another clock (weston's headless
    /// backend presents on CLOCK_MONOTONIC_RAW) moved by the two clocks' difference now,
    /// read as the feedback arrives (a frame's time is then off by the clocks' drift
    /// since it was presented: nanoseconds).
    func presented(at seconds: Double, refreshNanoseconds: UInt32) {
        if let id = presentationClock {
            if id == CLOCK_MONOTONIC {
                lastPresented = seconds
            } else if let other = Self.clock(clockid_t(id)) {
                lastPresented = seconds + (now - other)
            }
        }
        if refreshNanoseconds > 0 { outputRefresh = 1e9 / Double(refreshNanoseconds) }
    }

    func requestFrameCallback() {
        if let old = frameCallback { wl_callback_destroy(old) }
        frameCallback = wl_surface_frame(surface)
        if let c = frameCallback { _ = wl_callback_add_listener(c, Listeners.frame, userData) }
    }

    func requestPresentationFeedback() {
        guard let presentation, let f = wp_presentation_feedback(presentation, surface) else { return }
        _ = wp_presentation_feedback_add_listener(f, Listeners.feedback, userData)
    }
}
