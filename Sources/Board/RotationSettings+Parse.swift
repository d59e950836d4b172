import ConfigFile
import Rotation

extension RotationSettings {
    static let knownKeys = ["mount", "source", "iio_device"]

    /// Sources this build cannot honour yet: `check` and `run` refuse them (exit 78).
    public static let notYetSupported: Set<Source> = [.panel, .iio]

    /// Validates `[rotation]`.
    init(table: ConfigTable) throws(ConfigError) {
        try table.requireKnownKeys(RotationSettings.knownKeys)
        let degrees = try table.optionalInt("mount") ?? 0
        guard let mount = Orientation(degrees: degrees) else {
            throw table.error("mount", "must be \(Orientation.allowedText), found \(degrees)")
        }
        let source = try table.optionalChoice("source", as: Source.self) ?? .fixed
        try table.forbid("iio_device", unless: source == .iio, "source = \"iio\"")
        let iioDevice = try table.optionalNonEmptyString("iio_device")
        if source == .iio && iioDevice == nil {
            throw table.error("iio_device", "missing (required for source = \"iio\")")
        }
        // What the board accepts, the kiosk does: until the rotation service reads the DRM
        // panel orientation and the accelerometer, those sources are refused, not ignored.
        if RotationSettings.notYetSupported.contains(source) {
            throw table.error(
                "source",
                "\"\(source.rawValue)\" is not supported by this build yet (it comes with the rotation service); "
                    + "use \"fixed\" or \"control\"")
        }
        self.init(mount: mount, source: source, iioDevice: iioDevice)
    }
}
