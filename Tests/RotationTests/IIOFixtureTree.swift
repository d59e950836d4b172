import Foundation
import VitrineTestSupport

@testable import Rotation

/// A fixture IIO root made by the test in its own temporary directory (removed at
/// deinit): `iio:deviceN` directories with the attributes a kernel driver shows, written
/// as sysfs writes them (a value and a newline).
final class IIOFixtureTree {
    /// The root to hand to `IIOAccelerometer` in place of /sys/bus/iio/devices.
    let root: String

    init() {
        root = NSTemporaryDirectory() + "vitrine-iio-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The scale of a typical ±4 g accelerometer (bmi160, mxc6655) as its driver prints
    /// it: 9.80665 / 1024 m/s² per count, so 1 g is 1024 counts.
    static let realisticScale = "0.009576806"
    /// Counts for 1 g at `realisticScale`.
    static let oneG = 1024.0

    /// Makes `iio:device<number>` as an accelerometer reading `raw`, with a `name`, a
    /// shared scale and a mount matrix when given. Returns its directory.
    @discardableResult
    func addAccelerometer(
        _ number: Int, name: String? = "bmi160", raw: (Int, Int, Int) = (0, -1024, 0),
        scale: String? = IIOFixtureTree.realisticScale, mountMatrix: String? = nil
    ) -> String {
        let dir = "iio:device\(number)"
        try! FileManager.default.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true)
        if let name { write(dir + "/name", name + "\n") }
        if let scale { write(dir + "/in_accel_scale", scale + "\n") }
        if let mountMatrix { write(dir + "/in_accel_mount_matrix", mountMatrix + "\n") }
        setRaw(number, raw)
        return root + "/" + dir
    }

    /// Makes `iio:device<number>` as an ambient light sensor: an IIO device that is not an
    /// accelerometer.
    func addLightSensor(_ number: Int, name: String = "als") {
        let dir = "iio:device\(number)"
        try! FileManager.default.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true)
        write(dir + "/name", name + "\n")
        write(dir + "/in_illuminance_raw", "120\n")
    }

    /// Writes the three raw readings of `iio:device<number>`.
    func setRaw(_ number: Int, _ raw: (Int, Int, Int)) {
        write("iio:device\(number)/in_accel_x_raw", "\(raw.0)\n")
        write("iio:device\(number)/in_accel_y_raw", "\(raw.1)\n")
        write("iio:device\(number)/in_accel_z_raw", "\(raw.2)\n")
    }

    /// Writes the raw readings of a panel standing turned `degrees` clockwise from
    /// upright (gravity pulls along (sin, -cos, 0) on the panel's axes), `magnitude`
    /// counts for 1 g.
    func setPose(_ number: Int, degrees: Double, magnitude: Double = IIOFixtureTree.oneG) {
        setRaw(number, rawPose(degrees: degrees, magnitude: magnitude))
    }

    /// Writes `content` to the file at `relative` (to the root), replacing it.
    func write(_ relative: String, _ content: String) {
        try! Data(content.utf8).write(to: URL(fileURLWithPath: root + "/" + relative))
    }

    /// Writes raw bytes to the file at `relative`.
    func write(_ relative: String, bytes: [UInt8]) {
        try! Data(bytes).write(to: URL(fileURLWithPath: root + "/" + relative))
    }

    /// Removes the file or directory at `relative` (a whole device: unplugged).
    func remove(_ relative: String) {
        try! FileManager.default.removeItem(atPath: root + "/" + relative)
    }

    /// The device `iio:device<number>` as `IIOAccelerometer.find` gives it.
    func accelerometer(_ number: Int) throws -> IIOAccelerometer {
        try IIOAccelerometer.find("iio:device\(number)", root: root)
    }
}

/// Raw counts for a panel turned `degrees` clockwise from upright, standing: gravity pulls
/// along (sin, -cos, 0) of the panel's axes, `magnitude` counts for 1 g, rounded.
func rawPose(degrees: Double, magnitude: Double = IIOFixtureTree.oneG) -> (Int, Int, Int) {
    let a = pose(degrees: degrees, magnitude: magnitude)
    return (Int(a.x.rounded()), Int(a.y.rounded()), Int(a.z.rounded()))
}

/// The sample of a panel turned `degrees` clockwise from upright, standing, `magnitude`
/// per 1 g (m/s² by default).
func pose(degrees: Double, magnitude: Double = Acceleration.standardGravity) -> Acceleration {
    let r = degrees * Double.pi / 180
    return Acceleration(x: magnitude * sin(r), y: -magnitude * cos(r), z: 0)
}

extension SplitMix64 {
    /// A value in `range`, uniformly: noise sequences.
    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
}

/// Directory making for fixtures outside `IIOFixtureTree`'s own helpers.
enum FileManagerHelper {
    static func makeDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
}
