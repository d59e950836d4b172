import ConfigFile

extension TouchSettings {
    static let knownKeys = ["device", "calibration", "pointer_as_touch"]

    /// Validates `[touch]`. `device` and `calibration` are libinput's: refused on a
    /// wayland board, whose compositor owns the input devices.
    init(table: ConfigTable, backend: DisplaySettings.Backend) throws(ConfigError) {
        try table.requireKnownKeys(TouchSettings.knownKeys)
        let libinput = backend != .wayland
        let what = "boards that read touch through libinput (not wayland: the compositor owns the devices)"
        try table.forbid("device", unless: libinput, what)
        try table.forbid("calibration", unless: libinput, what)
        let device = try table.optionalNonEmptyString("device")
        // Elements are numbers and finite ("calibration[i]: must be a finite number").
        let calibration = try table.optionalDoubleArray("calibration")
        if let calibration {
            guard calibration.count == TouchSettings.calibrationCount else {
                throw table.error(
                    "calibration", "must have \(TouchSettings.calibrationCount) numbers, found \(calibration.count)")
            }
        }
        let pointerAsTouch = try table.optionalBool("pointer_as_touch") ?? true
        self.init(device: device, calibration: calibration, pointerAsTouch: pointerAsTouch)
    }
}
