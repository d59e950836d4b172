import LinuxSystem

/// An accelerometer that cannot be found or read: the path (the IIO root, a device's
/// directory, or the attribute file) and what was wrong there. Its description is one
/// line, `PATH: message`, e.g.
/// `/sys/bus/iio/devices/iio:device0/in_accel_x_raw: not a whole number: "12a"`.
/// Content quoted from a file is escaped (`\x00`, `\n`) and cut to 40 characters.
public struct IIOError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong at `path`.
    public enum Fault: Hashable, Sendable {
        /// `path` (the IIO root, or an attribute) does not exist.
        case missing
        /// `open`, `read` or `opendir` failed with this errno (EACCES, EIO, ...).
        case unreadable(errno: Int32)
        /// The root holds no accelerometer: no `iio:deviceN` directory with
        /// `in_accel_x_raw`, `in_accel_y_raw` and `in_accel_z_raw`.
        case noAccelerometer
        /// `rotation.iio_device` names neither an `iio:deviceN` directory nor the `name` of
        /// one; `found` lists the accelerometers there are ("iio:device0 (bmi160)").
        case deviceNotFound(selector: String, found: [String])
        /// The device `rotation.iio_device` names (its directory is `path`) has no
        /// `in_accel_{x,y,z}_raw`: it is some other IIO sensor (light, magnetometer).
        case notAnAccelerometer
        /// The device's directory (`path`) is gone: unplugged, or its driver unbound.
        case deviceVanished
        /// Something other than a regular file is where an attribute should be ("a
        /// FIFO", "a directory"): refused unopened, since opening a FIFO waits for a
        /// writer and the kiosk's only thread would wait with it.
        case notRegularFile(kind: String)
        /// The attribute is empty (nothing but whitespace).
        case empty
        /// A raw reading that is not a whole number (the content, quoted).
        case notWholeNumber(String)
        /// A scale that is not a decimal number (the content, quoted).
        case notANumber(String)
        /// A scale that is a number but zero or negative (the content, quoted): no
        /// accelerometer has one, and it would make every sample zero or mirrored.
        case scaleNotPositive(String)
        /// A mount matrix not in the kernel's form `x1, y1, z1; x2, y2, z2; x3, y3, z3`
        /// (the content, quoted; `reason` says what is off).
        case badMountMatrix(String, reason: String)
    }

    /// The IIO root, the device's directory or the attribute file the fault is about.
    public var path: String
    public var fault: Fault

    public init(path: String, fault: Fault) {
        self.path = path
        self.fault = fault
    }

    /// Whether the fault says the accelerometer is not there (the root, a device, an
    /// attribute missing or gone), not that something there is wrong: while it stays
    /// away, one such fault is worth a warning, not each.
    public var isAbsence: Bool {
        switch fault {
        case .missing, .noAccelerometer, .deviceNotFound, .notAnAccelerometer, .deviceVanished: true
        default: false
        }
    }

    /// `PATH: message`.
    public var description: String { "\(path): \(message)" }

    /// The fault, for a person.
    public var message: String {
        switch fault {
        case .missing:
            "no such file or directory"
        case .unreadable(let code):
            "cannot read: \(errnoDescription(code))"
        case .noAccelerometer:
            "no accelerometer (no iio:deviceN with in_accel_x_raw, in_accel_y_raw and in_accel_z_raw)"
        case .deviceNotFound(let selector, let found):
            "no accelerometer \(quotedContent(Array(selector.utf8))) (neither a directory nor a device's name); "
                + (found.isEmpty ? "there is none" : "there are: " + found.joined(separator: ", "))
        case .notAnAccelerometer:
            "not an accelerometer (no in_accel_x_raw, in_accel_y_raw and in_accel_z_raw)"
        case .deviceVanished:
            "the device is gone (its directory vanished)"
        case .notRegularFile(let kind):
            "not a regular file (\(kind))"
        case .empty:
            "empty"
        case .notWholeNumber(let content):
            "not a whole number: \(content)"
        case .notANumber(let content):
            "not a number: \(content)"
        case .scaleNotPositive(let content):
            "scale must be greater than zero, got \(content)"
        case .badMountMatrix(let content, let reason):
            "not a mount matrix (\(reason)): \(content)"
        }
    }
}
