import ConfigFile

extension TouchSettings {
    static let knownKeys = ["device", "calibration", "pointer_as_touch"]

    /// Validates `[touch]`.
    init(table: ConfigTable) throws(ConfigError) {
        try table.requireKnownKeys(TouchSettings.knownKeys)
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
