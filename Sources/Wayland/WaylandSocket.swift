internal import Glibc

/// Where libwayland looks for the compositor, for messages: `WAYLAND_DISPLAY` as a path
/// when absolute, else under `XDG_RUNTIME_DIR` ("wayland-0" when unset), as
/// wl_display_connect(NULL) does.
enum WaylandSocket {
    static func path(environment get: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> String {
        let name = get("WAYLAND_DISPLAY").flatMap { $0.isEmpty ? nil : $0 } ?? "wayland-0"
        if name.hasPrefix("/") { return name }
        guard let dir = get("XDG_RUNTIME_DIR"), !dir.isEmpty else {
            return "$XDG_RUNTIME_DIR/\(name) (XDG_RUNTIME_DIR is not set)"
        }
        return dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }
}
