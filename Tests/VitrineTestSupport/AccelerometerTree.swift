import Glibc

/// An IIO tree with one accelerometer, in a temporary directory, standing in for
/// /sys/bus/iio/devices (the kiosk's `iioRoot`, or `VITRINE_IIO_ROOT` for the binary):
/// iio:device0 with `name` ("test-accel"), `in_accel_scale` (m/s² per count: 1 g = 1024
/// counts) and the three raw axes, written as sysfs prints them.
public struct AccelerometerTree {
    public let root: String
    public var device: String { root + "/iio:device0" }

    public struct TreeError: Error {}

    public init() throws {
        var template = Array("/tmp/vitrine-iio-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TreeError() }
        root = String(cString: made)
        mkdir(device, 0o755)
        write("name", "test-accel\n")
        write("in_accel_scale", "0.009576806\n")
    }

    /// Writes `text` to the device's attribute `file` (in place: an open file sees it).
    public func write(_ file: String, _ text: String) {
        let fd = open(device + "/" + file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return }
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    /// The raw readings of a panel at rest: gravity along (x, y, z) counts.
    public func pose(x: Int, y: Int, z: Int) {
        write("in_accel_x_raw", "\(x)\n")
        write("in_accel_y_raw", "\(y)\n")
        write("in_accel_z_raw", "\(z)\n")
    }

    /// The device unplugged: its directory gone (the root stays until `remove()`).
    public func unplug() {
        for f in ["name", "in_accel_scale", "in_accel_x_raw", "in_accel_y_raw", "in_accel_z_raw"] {
            unlink(device + "/" + f)
        }
        rmdir(device)
    }

    /// Everything removed.
    public func remove() {
        unplug()
        rmdir(root)
    }
}
