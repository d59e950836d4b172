internal import Glibc

/// An accelerometer opened for sampling at 10 Hz: its three raw attributes held open and
/// read again at offset 0 each sample (sysfs prints a fresh value on every read from the
/// start), its scales and mount matrix read once when it is opened (they describe the
/// chip and its mounting, not the motion). A sample costs three `pread`s and a `stat` of
/// the device's directory, where reading every attribute afresh took some forty system
/// calls: 0.2% of a core at 10 Hz, now well under.
///
/// A failure (the device gone: its directory vanished, or ENODEV from a driver unbound
/// under the open files) is thrown as `IIOAccelerometer.readSample` throws it; the
/// caller then drops the sampler and opens the device again when it is back.
public final class IIOSampler {
    public let device: IIOAccelerometer
    private var descriptors: [Int32] = []
    /// The raw attributes' paths, x y z, for errors (made once, not per sample).
    private let files: [String]
    private let scales: [Double]
    private let matrix: MountMatrix
    private var buffer = [UInt8](repeating: 0, count: 64)

    /// Opens `device`'s raw attributes and reads its scales and mount matrix.
    /// - Throws: what `IIOAccelerometer.readSample` would for them.
    public init(_ device: IIOAccelerometer) throws(IIOError) {
        self.device = device
        files = IIOAccelerometer.rawAttributes.map { device.path + "/" + $0 }
        var scales: [Double] = []
        for axis in 0..<3 { scales.append(try device.scale(axis: axis)) }
        self.scales = scales
        matrix = try device.mountMatrix()
        for file in files {
            var fd: Int32
            repeat { fd = open(file, O_RDONLY | O_CLOEXEC | O_NOCTTY) } while fd < 0 && errno == EINTR
            guard fd >= 0 else {
                let e = errno
                throw Self.failure(device, file: file, errno: e)
            }
            descriptors.append(fd)
        }
    }

    deinit {
        for fd in descriptors { close(fd) }
    }

    /// One sample, in m/s² on the panel's axes (see `IIOAccelerometer.readSample`).
    public func read() throws(IIOError) -> Acceleration {
        guard SysfsFile.isDirectory(device.path) else { throw IIOError(path: device.path, fault: .deviceVanished) }
        var v = [0.0, 0.0, 0.0]
        for axis in 0..<3 {
            let file = files[axis]
            var n: Int
            repeat {
                n = buffer.withUnsafeMutableBytes { pread(descriptors[axis], $0.baseAddress, $0.count, 0) }
            } while n < 0 && errno == EINTR
            guard n >= 0 else {
                let e = errno
                throw Self.failure(device, file: file, errno: e)
            }
            v[axis] = Double(try IIOAccelerometer.wholeNumber(in: buffer[0..<n], file: file)) * scales[axis]
        }
        return matrix.applied(to: Acceleration(x: v[0], y: v[1], z: v[2]))
    }

    private static func failure(_ device: IIOAccelerometer, file: String, errno e: Int32) -> IIOError {
        if e == ENODEV || !SysfsFile.isDirectory(device.path) { return IIOError(path: device.path, fault: .deviceVanished) }
        return IIOError(path: file, fault: e == ENOENT ? .missing : .unreadable(errno: e))
    }
}
