internal import CWayland
internal import Glibc

/// The C listener tables libwayland calls, made once and kept for the process's life
/// (a proxy keeps the table's address). Each callback finds its Swift object through the
/// user-data pointer (`WaylandDisplay.from`, `WaylandSeat.from`, `WaylandOutput.from`)
/// and runs on the event loop's thread, inside `wl_display_dispatch_pending`.
enum Listeners {
    static func table<T>(_ value: T) -> UnsafePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
        p.initialize(to: value)
        return UnsafePointer(p)
    }

    nonisolated(unsafe) static let registry = table(
        wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let interface else { return }
                WaylandDisplay.from(data).global(name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { data, _, name in WaylandDisplay.from(data).globalRemoved(name: name) }))

    nonisolated(unsafe) static let wmBase = table(
        xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))

    nonisolated(unsafe) static let xdgSurface = table(
        xdg_surface_listener(configure: { data, xdgSurface, serial in
            xdg_surface_ack_configure(xdgSurface, serial)
            WaylandDisplay.from(data).surfaceConfigured()
        }))

    nonisolated(unsafe) static let toplevel = table(
        xdg_toplevel_listener(
            configure: { data, _, width, height, _ in
                WaylandDisplay.from(data).toplevelConfigured(width: width, height: height)
            },
            close: { data, _ in WaylandDisplay.from(data).closeRequested() },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }))

    nonisolated(unsafe) static let surface = table(
        wl_surface_listener(
            enter: { data, _, output in WaylandDisplay.from(data).entered(output, true) },
            leave: { data, _, output in WaylandDisplay.from(data).entered(output, false) }))

    nonisolated(unsafe) static let buffer = table(
        wl_buffer_listener(release: { data, buffer in WaylandDisplay.from(data).released(buffer) }))

    nonisolated(unsafe) static let frame = table(
        wl_callback_listener(done: { data, callback, _ in WaylandDisplay.from(data).frameDone(callback) }))

    nonisolated(unsafe) static let presentation = table(
        wp_presentation_listener(clock_id: { data, _, clock in WaylandDisplay.from(data).presentationClock = Int32(bitPattern: clock) }))

    nonisolated(unsafe) static let feedback = table(
        wp_presentation_feedback_listener(
            sync_output: { _, _, _ in },
            presented: { data, feedback, secHi, secLo, nsec, refresh, _, _, _ in
                let seconds = Double(UInt64(secHi) << 32 | UInt64(secLo)) + Double(nsec) * 1e-9
                WaylandDisplay.from(data).presented(at: seconds, refreshNanoseconds: refresh)
                wp_presentation_feedback_destroy(feedback)
            },
            discarded: { _, feedback in wp_presentation_feedback_destroy(feedback) }))

    nonisolated(unsafe) static let output = table(
        wl_output_listener(
            geometry: { _, _, _, _, _, _, _, _, _, _ in },
            mode: { data, _, flags, _, _, refresh in
                if flags & UInt32(WL_OUTPUT_MODE_CURRENT.rawValue) != 0 { WaylandOutput.from(data).refresh = Int(refresh) }
            },
            done: { data, _ in WaylandOutput.from(data).done() },
            scale: { data, _, factor in WaylandOutput.from(data).pendingScale = Int(factor) },
            name: { _, _, _ in },
            description: { _, _, _ in }))

    nonisolated(unsafe) static let seat = table(
        wl_seat_listener(
            capabilities: { data, _, caps in WaylandSeat.from(data).capabilities(caps) },
            name: { data, _, name in if let name { WaylandSeat.from(data).name = String(cString: name) } }))

    nonisolated(unsafe) static let touch = table(
        wl_touch_listener(
            down: { data, _, _, time, _, id, x, y in
                WaylandSeat.from(data).touchDown(time: time, id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            },
            up: { data, _, _, time, id in WaylandSeat.from(data).touchUp(time: time, id: id) },
            motion: { data, _, time, id, x, y in
                WaylandSeat.from(data).touchMotion(time: time, id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            },
            frame: { data, _ in WaylandSeat.from(data).touchFrame() },
            cancel: { data, _ in WaylandSeat.from(data).touchCancel() },
            shape: { _, _, _, _, _ in },
            orientation: { _, _, _, _ in }))

    nonisolated(unsafe) static let pointer = table(
        wl_pointer_listener(
            enter: { data, _, _, _, x, y in WaylandSeat.from(data).pointerEnter(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)) },
            leave: { data, _, _, _ in WaylandSeat.from(data).pointerLeave() },
            motion: { data, _, time, x, y in
                WaylandSeat.from(data).pointerMotion(time: time, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            },
            button: { data, _, _, time, button, state in
                WaylandSeat.from(data).pointerButton(time: time, button: button, pressed: state == UInt32(WL_POINTER_BUTTON_STATE_PRESSED.rawValue))
            },
            axis: { _, _, _, _, _ in },
            frame: { _, _ in },
            axis_source: { _, _, _ in },
            axis_stop: { _, _, _, _ in },
            axis_discrete: { _, _, _, _ in },
            axis_value120: { _, _, _, _ in }))
}
