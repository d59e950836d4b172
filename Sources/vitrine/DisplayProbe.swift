import LinuxSystem
import Board
import DRM
import Runtime

#if canImport(Glibc)
    import Glibc
#endif

/// What `vitrine run` without a board looks for, in the order it looks (a Wayland
/// session, DRM cards, /dev/fb0), for the exit-69 message.
enum DisplayProbe {
    static func lookedAt() -> String {
        var seen: [String] = []
        seen.append("WAYLAND_DISPLAY (unset)")
        seen.append(DRMProbe.lookedAt())
        if access("/dev/fb0", F_OK) == 0 {
            seen.append("/dev/fb0")
        } else {
            seen.append("/dev/fb0 (\(SystemErrno.current))")
        }
        return "looked at " + seen.joined(separator: ", ") + "; give --board FILE"
    }

    /// The display `run` uses without a board, in that order: a window
    /// (`DisplaySettings.defaultWindowSize`, not fullscreen: a show's author on a
    /// desktop) when WAYLAND_DISPLAY is set, else the first DRM card with a connected
    /// connector, else /dev/fb0; nil when there is none.
    static func firstDisplay() -> DisplaySettings? {
        if let w = ProcessEnvironment.current()["WAYLAND_DISPLAY"], !w.isEmpty {
            return DisplaySettings(backend: .wayland, size: DisplaySettings.defaultWindowSize, fullscreen: false)
        }
        if let card = DRMProbe.firstConnectedCard() { return DisplaySettings(backend: .drm, device: card) }
        if access("/dev/fb0", F_OK) == 0 { return DisplaySettings(backend: .fbdev, device: "/dev/fb0") }
        return nil
    }
}
