/// An accelerometer the kernel's IIO subsystem offers: a directory `iio:deviceN` under the
/// IIO root (on a running system, /sys/bus/iio/devices, whose entries are links to the
/// devices' directories) holding `in_accel_x_raw`, `in_accel_y_raw` and `in_accel_z_raw`.
/// The root is a parameter so tests run on fixture trees.
///
/// Found once (`find`), then sampled (`readSample`, IIOAccelerometer+Sample.swift) at
/// `RotationService.iioSampleInterval`; every sample reads its attributes afresh, so a
/// device that goes away is noticed at the next sample and one that comes back reads
/// again without being found anew.
public struct IIOAccelerometer: Hashable, Sendable, CustomStringConvertible {
    /// The default IIO root.
    public static let defaultRoot = "/sys/bus/iio/devices"

    /// The directory's name: "iio:device0".
    public var id: String
    /// N of `iio:deviceN`: devices are tried in this order.
    public var number: Int
    /// The device's directory: root + "/" + id.
    public var path: String
    /// The content of its `name` attribute (the driver's name for the chip, "bmi160",
    /// "accel_3d"), trimmed; nil when there is none.
    public var name: String?

    public init(id: String, number: Int, path: String, name: String?) {
        self.id = id
        self.number = number
        self.path = path
        self.name = name
    }

    /// "iio:device0 (bmi160)", or the id alone without a name.
    public var description: String { name.map { "\(id) (\($0))" } ?? id }

    /// The three attributes that make a device an accelerometer, in axis order.
    static let rawAttributes = ["in_accel_x_raw", "in_accel_y_raw", "in_accel_z_raw"]

    /// The accelerometers under `root`, by N (iio:device2 before iio:device10). Other IIO
    /// devices (light sensors, ADCs, triggers) are left out.
    ///
    /// - Throws: `IIOError` naming `root`: `.missing` when it does not exist (a kernel
    ///   without IIO), `.unreadable` when it cannot be listed.
    public static func all(root: String = defaultRoot) throws(IIOError) -> [IIOAccelerometer] {
        try devices(root: root).filter { isAccelerometer($0.path) }
    }

    /// The accelerometer the board's `rotation.iio_device` picks, else the first there is.
    ///
    /// - Parameter selector: a directory name ("iio:device1"), or a device's `name`
    ///   ("bmi160"; the first by N when several share it). A directory name wins over a
    ///   name. nil: the first accelerometer by N.
    /// - Throws: `IIOError`: `.missing`/`.unreadable` for the root; `.noAccelerometer`
    ///   (root) when there is none and no selector; `.deviceNotFound` (root) when the
    ///   selector matches nothing; `.notAnAccelerometer` (the device's directory) when it
    ///   names an IIO device that is not one.
    public static func find(_ selector: String?, root: String = defaultRoot) throws(IIOError) -> IIOAccelerometer {
        let devices = try devices(root: root)
        let accelerometers = devices.filter { isAccelerometer($0.path) }
        guard let selector else {
            guard let first = accelerometers.first else { throw IIOError(path: root, fault: .noAccelerometer) }
            return first
        }
        let match =
            devices.first { $0.id == selector }
            ?? accelerometers.first { $0.name == selector }
            ?? devices.first { $0.name == selector }
        guard let match else {
            let found = accelerometers.map(\.description)
            throw IIOError(path: root, fault: .deviceNotFound(selector: selector, found: found))
        }
        guard isAccelerometer(match.path) else { throw IIOError(path: match.path, fault: .notAnAccelerometer) }
        return match
    }

    /// Every `iio:deviceN` under `root`, with its name, by N.
    static func devices(root: String) throws(IIOError) -> [IIOAccelerometer] {
        let entries: [String]
        do throws(SysfsFile.Failure) {
            entries = try SysfsFile.entries(root)
        } catch {
            throw IIOError(path: root, fault: error.fault)
        }
        let prefix = "iio:device"
        var found: [IIOAccelerometer] = []
        for entry in entries where entry.hasPrefix(prefix) {
            let digits = entry.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let n = Int(digits)
            else { continue }
            let path = root.hasSuffix("/") ? root + entry : root + "/" + entry
            guard SysfsFile.isDirectory(path) else { continue }
            let name = SysfsFile.trimmedText(path + "/name").flatMap { $0.isEmpty ? nil : $0 }
            found.append(IIOAccelerometer(id: entry, number: n, path: path, name: name))
        }
        return found.sorted { $0.number < $1.number }
    }

    /// Whether the device at `path` has the three raw acceleration attributes.
    static func isAccelerometer(_ path: String) -> Bool {
        rawAttributes.allSatisfy { SysfsFile.exists(path + "/" + $0) }
    }
}
