import ConfigFile

extension DisplaySettings {
    static let knownKeys = ["backend", "device", "connector", "mode", "format", "buffers", "size", "fullscreen"]

    /// Validates `[display]`. Keys that mean nothing for the backend are refused ("only
    /// for ..."), so a board switched between backends says what to remove.
    init(table: ConfigTable) throws(ConfigError) {
        try table.requireKnownKeys(DisplaySettings.knownKeys)
        let backend = try table.choice("backend", as: Backend.self)

        try table.forbid("device", unless: backend == .drm || backend == .fbdev, "drm and fbdev backends")
        let device = try table.optionalNonEmptyString("device")

        try table.forbid("connector", unless: backend == .drm, "the drm backend")
        let connector = try table.optionalNonEmptyString("connector")

        try table.forbid("mode", unless: backend == .drm, "the drm backend")
        var mode: Mode?
        if let text = try table.optionalString("mode") {
            do throws(SizeText.Failure) {
                mode = try SizeText.mode(text)
            } catch {
                throw table.error(
                    "mode", error.message(for: text, form: "WIDTHxHEIGHT or WIDTHxHEIGHT@HZ (like \"800x480@60\")"))
            }
        }

        let format = try table.optionalChoice("format", as: ScanoutFormat.self)?.pixelFormat ?? .xrgb8888

        let buffers = try table.optionalInt("buffers") ?? 2
        guard DisplaySettings.bufferCounts.contains(buffers) else {
            throw table.error("buffers", "must be 2 or 3, found \(buffers)")
        }

        try table.forbid("size", unless: backend == .headless || backend == .wayland, "headless and wayland backends")
        var size: PanelDimensions?
        if let text = try table.optionalString("size") {
            do throws(SizeText.Failure) {
                size = try SizeText.dimensions(text)
            } catch {
                throw table.error("size", error.message(for: text, form: "WIDTHxHEIGHT (like \"800x480\")"))
            }
        } else if backend == .headless {
            throw table.error("size", "missing (required for the headless backend)")
        } else if backend == .wayland {
            size = DisplaySettings.defaultWindowSize
        }

        try table.forbid("fullscreen", unless: backend == .wayland, "the wayland backend")
        let fullscreen = try table.optionalBool("fullscreen") ?? true

        self.init(
            backend: backend, device: device, connector: connector, mode: mode, format: format, buffers: buffers,
            size: size, fullscreen: fullscreen)
    }
}
