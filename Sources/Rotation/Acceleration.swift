/// One accelerometer sample in metres per second squared (m/s²), on the panel's axes once
/// the mount matrix is applied: x towards the panel's right edge, y towards its top edge,
/// z out of its face, as iio-sensor-proxy and systemd's 60-sensor.hwdb expect the
/// corrected readings to be. The vector points the way gravity pulls (the convention
/// iio-sensor-proxy took from Windows' sensor orientation): a panel standing upright reads
/// about (0, -9.8, 0), one lying face up about (0, 0, -9.8). z plays no part in choosing
/// the orientation, only in telling a panel lying flat from one standing.
public struct Acceleration: Hashable, Sendable, CustomStringConvertible {
    /// m/s², towards the panel's right edge.
    public var x: Double
    /// m/s², towards the panel's top edge.
    public var y: Double
    /// m/s², out of the panel's face.
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// Standard gravity, m/s² (what a kernel driver's scale is calibrated against).
    public static let standardGravity = 9.80665

    /// "(x, y, z) m/s²" with two decimals, for log lines (no String(format:)). A
    /// component of 10^12 m/s² or more (no accelerometer reads that: a raw reading of 18
    /// digits, or a scale of 1e300, read from a broken file) is written as Swift writes a
    /// Double ("9.576806e+15"), since its hundredths would not fit an Int.
    public var description: String {
        func text(_ v: Double) -> String {
            guard v.isFinite, abs(v) < 1e12 else { return "\(v)" }
            let hundredths = Int((abs(v) * 100).rounded())
            let fraction = hundredths % 100
            let sign = v < 0 && hundredths != 0 ? "-" : ""
            return sign + "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
        }
        return "(\(text(x)), \(text(y)), \(text(z))) m/s²"
    }
}
