import ConfigFile
import Rotation

extension RotationSettings {
    static let knownKeys = ["mount", "source", "iio_device"]

    /// Validates `[rotation]`.
    init(table: ConfigTable) throws(ConfigError) {
        try table.requireKnownKeys(RotationSettings.knownKeys)
        let degrees = try table.optionalInt("mount") ?? 0
        guard let mount = Orientation(degrees: degrees) else {
            throw table.error("mount", "must be \(Orientation.allowedText), found \(degrees)")
        }
        let source = try table.optionalChoice("source", as: RotationSource.self) ?? .fixed
        try table.forbid("iio_device", unless: source == .iio, "source = \"iio\"")
        let iioDevice = try table.optionalNonEmptyString("iio_device")
        self.init(mount: mount, source: source, iioDevice: iioDevice)
    }
}
