import Input
import Wayland

/// Input from a Wayland window's seats (wl_touch, wl_pointer): already in the window's
/// buffer pixels, the window's "panel", fed to the same tracker as libinput's events.
extension Kiosk {
    /// Names the window after the show playing (xdg_toplevel.set_title).
    func titleWindow() {
        (display as? WaylandDisplay)?.setTitle(program.title)
    }

    /// Hands on what the window's seats sent while its events were read.
    func windowInput() {
        guard let window = display as? WaylandDisplay else { return }
        var touchedNow = false
        window.drainInput { item in
            switch item {
            case .touch(var e):
                e.time -= startTime
                tracker.handle(e) { deliver($0) }
                touchedNow = true
            case .pointer(var e):
                e.time -= startTime
                tracker.handle(e) { deliver($0) }
                touchedNow = true
            case .pointerCancelled(let time):
                tracker.cancelPointer(time: time - startTime) { deliver($0) }
                touchedNow = true
            case .seat(let what):
                logger.info("input: wayland \(what)")
            }
        }
        if touchedNow { touched() }
    }

    /// A window first configured at a size the show can't be laid out at (1x1) draws
    /// nothing: said once at start, as a later `.outputLost` says it.
    func windowAtStart() {
        guard let window = display as? WaylandDisplay, let why = window.unusableSize else { return }
        logger.warning("output lost: \(why); running without one until it is back")
        notify("STATUS=No output (\(why))")
    }
}
