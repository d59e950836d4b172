import ConfigFile

extension RotationSettings {
    static let knownKeys = ["mount", "source", "iio_device"]

    /// Validates `[rotation]`.
    init(table: ConfigTable) throws(ConfigError) {
        try table.requireKnownKeys(RotationSettings.knownKeys)
        let mount = try table.optionalInt("mount") ?? 0
        guard RotationSettings.mounts.contains(mount) else {
            throw table.error("mount", "must be 0, 90, 180 or 270, found \(mount)")
        }
        let source = try table.optionalChoice("source", as: Source.self) ?? .fixed
        try table.forbid("iio_device", unless: source == .iio, "source = \"iio\"")
        let iioDevice = try table.optionalNonEmptyString("iio_device")
        if source == .iio && iioDevice == nil {
            throw table.error("iio_device", "missing (required for source = \"iio\")")
        }
        self.init(mount: mount, source: source, iioDevice: iioDevice)
    }
}
