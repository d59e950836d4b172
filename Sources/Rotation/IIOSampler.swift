import LinuxSystem
internal import Glibc

/// An accelerometer opened for sampling at 10 Hz: its three raw attributes held open and
/// read again at offset 0 each sample (sysfs prints a fresh value on every read from the
/// start), its scales and mount matrix read when it is opened (they describe the chip
/// and its mounting, not the motion). Every file is opened as pictures are: only a
/// regular file, never waiting (`SysfsFile.openRegular`), so a FIFO in the tree is an
/// error naming it, not a kiosk stuck in `open`.
///
/// A sample costs three `pread`s and a `stat` of the device's directory and of each file
/// read (at most eight; some forty system calls when every attribute was read afresh,
/// and each `stat` a microsecond: well under 0.1% of a core at 10 Hz). A file whose
/// identity (device and inode) changed since it was opened, replaced by a rename or its
/// device's directory made anew, makes the sampler open everything again: a file held
/// open would read the old, deleted one forever. So does a scale or mount matrix file
/// written in place since it was read (its modification time), so that a bad value
/// there is seen, and said, when it appears.
///
/// A failure (the device gone: its directory vanished, or ENODEV from a driver unbound
/// under the open files) is thrown as `IIOAccelerometer.readSample` throws it; the
/// caller then drops the sampler and opens the device again when it is back.
public final class IIOSampler {
    public let device: IIOAccelerometer
    private var descriptors: [Int32] = []
    /// The raw attributes' paths, x y z, for errors (made once, not per sample).
    private let files: [String]
    private var scales: [Double] = []
    private var matrix = MountMatrix.identity
    /// What was opened or read, with the identity it had then: the device's directory,
    /// the raw attributes, the scale and mount matrix files there were. `readOnce`: a
    /// file read when opened (a scale, the mount matrix), whose value is kept, so that
    /// one written anew in place counts as replaced too; a raw attribute is read at every
    /// sample, so only another file there counts.
    private var watched: [(path: String, identity: SysfsFile.Identity, readOnce: Bool)] = []
    private var buffer = [UInt8](repeating: 0, count: 64)

    /// Opens `device`'s raw attributes and reads its scales and mount matrix.
    /// - Throws: what `IIOAccelerometer.readSample` would for them; `.notRegularFile`
    ///   naming an attribute that is a FIFO, a directory or a device.
    public init(_ device: IIOAccelerometer) throws(IIOError) {
        self.device = device
        files = IIOAccelerometer.rawAttributes.map { device.path + "/" + $0 }
        try open()
    }

    deinit { closeAll() }

    /// (Re)opens everything: the directory's identity first, so that a directory made
    /// anew while this runs is seen at the next sample.
    private func open() throws(IIOError) {
        closeAll()
        guard let directory = SysfsFile.identity(device.path) else {
            throw IIOError(path: device.path, fault: .deviceVanished)
        }
        watched = [(device.path, directory, false)]
        var scales: [Double] = []
        for axis in 0..<3 {
            let (scale, file) = try device.scaleAndFile(axis: axis)
            scales.append(scale)
            watch(file)
        }
        self.scales = scales
        let (matrix, matrixFile) = try device.mountMatrixAndFile()
        self.matrix = matrix
        watch(matrixFile)
        for file in files {
            do throws(SysfsFile.Failure) {
                let (fd, identity) = try SysfsFile.openRegular(file)
                descriptors.append(fd)
                watched.append((file, identity, false))
            } catch {
                if case .notRegularFile = error { throw IIOError(path: file, fault: error.fault) }
                throw Self.failure(device, file: file, errno: error.errno)
            }
        }
    }

    /// Adds a file read to those watched for replacement (nil: none was there).
    private func watch(_ file: String?) {
        guard let file else { return }
        // Read a moment ago; gone since: the next sample opens again and says why.
        watched.append((file, SysfsFile.identity(file) ?? SysfsFile.Identity(device: 0, inode: 0), true))
    }

    private func closeAll() {
        for fd in descriptors { close(fd) }
        descriptors = []
    }

    /// Whether a file read or held open is no longer the one there (or is gone), or a
    /// file read once was written since.
    private var isReplaced: Bool {
        watched.contains { w in
            guard let now = SysfsFile.identity(w.path) else { return true }
            return w.readOnce ? now != w.identity : !now.isSameFile(as: w.identity)
        }
    }

    /// One sample, in m/s² on the panel's axes (see `IIOAccelerometer.readSample`).
    public func read() throws(IIOError) -> Acceleration {
        guard SysfsFile.isDirectory(device.path) else { throw IIOError(path: device.path, fault: .deviceVanished) }
        if isReplaced { try open() }
        var v = [0.0, 0.0, 0.0]
        for axis in 0..<3 {
            let file = files[axis]
            let n = retryingEINTR {
                buffer.withUnsafeMutableBytes { pread(descriptors[axis], $0.baseAddress, $0.count, 0) }
            }
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
