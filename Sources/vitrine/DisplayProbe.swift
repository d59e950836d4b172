import DRM
import Runtime

#if canImport(Glibc)
    import Glibc
#endif

/// What `vitrine run` without a board looks for, in DESIGN.md §3's order, for the exit-69
/// message: a Wayland session, DRM cards, /dev/fb0.
enum DisplayProbe {
    static func lookedAt() -> String {
        var seen: [String] = []
        seen.append(ProcessEnvironment.current()["WAYLAND_DISPLAY"].map { "WAYLAND_DISPLAY=\($0) (no Wayland backend in this build)" } ?? "WAYLAND_DISPLAY (unset)")
        seen.append(DRMProbe.lookedAt())
        if access("/dev/fb0", F_OK) == 0 {
            seen.append("/dev/fb0 (no fbdev backend in this build)")
        } else {
            seen.append("/dev/fb0 (\(String(cString: strerror(errno))))")
        }
        return "looked at " + seen.joined(separator: ", ") + "; give --board FILE"
    }
}
