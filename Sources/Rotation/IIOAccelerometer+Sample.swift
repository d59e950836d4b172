internal import Glibc

extension IIOAccelerometer {
    /// The attributes a scale is read from for each axis, in the order tried: the axis' own
    /// (`IIO_SEPARATE`), then the one shared by the three (`IIO_SHARED_BY_TYPE`). With
    /// neither, the scale is 1: the raw value is taken as m/s² already, as iio-sensor-proxy
    /// does.
    static func scaleAttributes(axis: Int) -> [String] {
        ["in_accel_\(["x", "y", "z"][axis])_scale", "in_accel_scale"]
    }

    /// Where the mount matrix is read from, in the order tried: shared by the
    /// accelerometer's channels, shared by the whole device (what most drivers register),
    /// and the older name iio-sensor-proxy still reads. With none, `MountMatrix.identity`.
    static let mountMatrixAttributes = ["in_accel_mount_matrix", "in_mount_matrix", "mount_matrix"]

    /// One sample: the three raw readings, each times its scale (m/s² per count), turned
    /// onto the panel's axes by the mount matrix. Every attribute is read afresh, so a
    /// scale changed at run time is honoured and a device that comes back reads again.
    /// An `in_accel_offset` is not applied (iio-sensor-proxy applies none either: the
    /// drivers that have one report it as zero for accelerometers).
    ///
    /// - Throws: `IIOError`: `.deviceVanished` (the device's directory) when it is gone;
    ///   naming the attribute file, `.missing` for a raw reading that is not there,
    ///   `.unreadable` (errno), `.empty`, `.notWholeNumber` for a raw reading,
    ///   `.notANumber` or `.scaleNotPositive` for a scale, `.badMountMatrix`.
    public func readSample() throws(IIOError) -> Acceleration {
        var raw: [Double] = []
        for attribute in Self.rawAttributes {
            raw.append(Double(try wholeNumber(attribute)))
        }
        var scaled: [Double] = []
        for axis in 0..<3 {
            scaled.append(raw[axis] * (try scale(axis: axis)))
        }
        return try mountMatrix().applied(to: Acceleration(x: scaled[0], y: scaled[1], z: scaled[2]))
    }

    /// The mount matrix of the device: the first of `mountMatrixAttributes` there is, or
    /// the identity.
    public func mountMatrix() throws(IIOError) -> MountMatrix { try mountMatrixAndFile().matrix }

    /// The mount matrix and the file it was read from (nil: none, the identity).
    func mountMatrixAndFile() throws(IIOError) -> (matrix: MountMatrix, file: String?) {
        for attribute in Self.mountMatrixAttributes {
            guard let bytes = try optionalAttribute(attribute) else { continue }
            let text = String(decoding: SysfsFile.trimmed(bytes[...]), as: UTF8.self)
            switch MountMatrix.parse(text) {
            case .success(let matrix): return (matrix, path + "/" + attribute)
            case .failure(let fault):
                throw IIOError(
                    path: path + "/" + attribute,
                    fault: .badMountMatrix(quotedContent(SysfsFile.trimmed(bytes[...])), reason: fault.reason))
            }
        }
        return (.identity, nil)
    }

    /// The scale of `axis` (0, 1, 2 for x, y, z), m/s² per count.
    func scale(axis: Int) throws(IIOError) -> Double { try scaleAndFile(axis: axis).scale }

    /// The scale of `axis` and the file it was read from (nil: none, a scale of 1).
    func scaleAndFile(axis: Int) throws(IIOError) -> (scale: Double, file: String?) {
        for attribute in Self.scaleAttributes(axis: axis) {
            guard let bytes = try optionalAttribute(attribute) else { continue }
            let file = path + "/" + attribute
            let text = SysfsFile.trimmed(bytes[...])
            guard !text.isEmpty else { throw IIOError(path: file, fault: .empty) }
            guard let value = decimalNumber(Substring(decoding: text, as: UTF8.self)) else {
                throw IIOError(path: file, fault: .notANumber(quotedContent(text)))
            }
            guard value > 0 else { throw IIOError(path: file, fault: .scaleNotPositive(quotedContent(text))) }
            return (value, file)
        }
        return (1, nil)
    }

    /// The whole number in the attribute (sysfs prints "%d\n"; see `wholeNumber(in:file:)`).
    func wholeNumber(_ name: String) throws(IIOError) -> Int {
        try Self.wholeNumber(in: try attribute(name, required: true)![...], file: path + "/" + name)
    }

    /// The whole number in an attribute's bytes: an optional sign and at most 18 digits,
    /// spaces around them allowed.
    static func wholeNumber(in bytes: ArraySlice<UInt8>, file: String) throws(IIOError) -> Int {
        let text = SysfsFile.trimmed(bytes)
        guard !text.isEmpty else { throw IIOError(path: file, fault: .empty) }
        var digits = text
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int(String(decoding: text, as: UTF8.self))
        else { throw IIOError(path: file, fault: .notWholeNumber(quotedContent(text))) }
        return value
    }

    /// The attribute's bytes; nil when it does not exist (and the device does).
    func optionalAttribute(_ name: String) throws(IIOError) -> [UInt8]? {
        try attribute(name, required: false)
    }

    /// The attribute's bytes. A failure is told apart: the whole device gone (its
    /// directory vanished, or ENODEV from a driver unbound under an open file) is
    /// `.deviceVanished` on the device; a missing attribute of a present device is
    /// `.missing` on the file when `required`, nil otherwise.
    func attribute(_ name: String, required: Bool) throws(IIOError) -> [UInt8]? {
        let file = path + "/" + name
        do throws(SysfsFile.Failure) {
            return try SysfsFile.bytes(file)
        } catch {
            if error == .failed(errno: ENODEV) || !SysfsFile.isDirectory(path) {
                throw IIOError(path: path, fault: .deviceVanished)
            }
            if error == .missing && !required { return nil }
            throw IIOError(path: file, fault: error.fault)
        }
    }
}
