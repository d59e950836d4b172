internal import Glibc
import LinuxSystem

/// A backlight under sysfs (`/sys/class/backlight/NAME`): its `max_brightness`, and its
/// `brightness` and `bl_power` written only when the value changes, so that an idle
/// kiosk writes nothing.
///
/// Every attribute is checked to be a regular file before it is opened, and opened with
/// `O_NONBLOCK`: a FIFO or a device put at the path is refused with its kind, never
/// waited on. A directory without `max_brightness` is not a backlight.
public struct Backlight: Sendable {
    /// The backlight's directory (under the sysfs root).
    public let directory: String
    /// `max_brightness`: the raw level of full brightness, above 0.
    public let maxBrightness: Int
    /// The raw level last written or read back; nil before the first.
    public private(set) var brightness: Int?
    /// Whether `bl_power` was last written as on (0) or off (4); nil before the first write.
    public private(set) var powered: Bool?

    /// The backlight in `directory`: reads `max_brightness` and checks that `brightness`
    /// is a regular file that opens for writing (nothing is written).
    ///
    /// - Throws: `BacklightError` naming the directory or attribute: `missing`,
    ///   `notABacklight` (no `max_brightness`), `notRegularFile`, `unreadable`,
    ///   `notANumber`, `noLevels`, `cannotWrite` (`brightness` does not open for writing).
    public init(directory: String) throws(BacklightError) {
        guard FileStatus(path: directory) != nil else { throw BacklightError(path: directory, fault: .missing) }
        let maxPath = directory + "/max_brightness"
        guard FileStatus(path: maxPath) != nil else { throw BacklightError(path: directory, fault: .notABacklight) }
        let max = try Backlight.readNumber(maxPath)
        guard max > 0 else { throw BacklightError(path: maxPath, fault: .noLevels(max)) }
        let brightnessPath = directory + "/brightness"
        let fd = try Backlight.openForWriting(brightnessPath)
        close(fd)
        self.directory = directory
        self.maxBrightness = max
    }

    /// The raw level for `level` (0...1, clamped): round(level x max_brightness).
    public func rawLevel(_ level: Double) -> Int {
        let clamped = level.isNaN ? 0 : Swift.min(Swift.max(level, 0), 1)
        return Int((clamped * Double(maxBrightness)).rounded())
    }

    /// The level `brightness` holds now, 0...1 (it is remembered as the last written).
    public mutating func readLevel() throws(BacklightError) -> Double {
        let raw = try Backlight.readNumber(directory + "/brightness")
        brightness = raw
        return Double(Swift.min(Swift.max(raw, 0), maxBrightness)) / Double(maxBrightness)
    }

    /// Sets the backlight to `level` (0...1) as `rawLevel`, writing `brightness` only when
    /// the raw level differs from the last one written or read. Returns whether it wrote.
    @discardableResult
    public mutating func set(level: Double) throws(BacklightError) -> Bool {
        let raw = rawLevel(level)
        guard raw != brightness else { return false }
        try Backlight.write(raw, to: directory + "/brightness")
        brightness = raw
        return true
    }

    /// Powers the backlight on (`bl_power` 0, FB_BLANK_UNBLANK) or off (4,
    /// FB_BLANK_POWERDOWN), only when that differs from the last write. A backlight
    /// without `bl_power` is left alone (false). Returns whether it wrote.
    @discardableResult
    public mutating func setPowered(_ on: Bool) throws(BacklightError) -> Bool {
        guard on != powered else { return false }
        let path = directory + "/bl_power"
        guard FileStatus(path: path) != nil else { return false }
        try Backlight.write(on ? 0 : 4, to: path)
        powered = on
        return true
    }

    // MARK: - Attributes

    /// The whole number in the attribute at `path` (sysfs ends it with a newline).
    static func readNumber(_ path: String) throws(BacklightError) -> Int {
        let bytes: [UInt8]
        do throws(RegularFileError) {
            bytes = try RegularFile.read(path: path, limit: 4096)
        } catch {
            throw BacklightError(path: path, fault: .unreadable(error))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
            .reversed().drop { $0 == " " || $0 == "\n" || $0 == "\t" }.reversed()
        guard let n = Int(String(trimmed)) else {
            let shown = trimmed.count > 40 ? String(trimmed.prefix(40)) + "..." : String(trimmed)
            throw BacklightError(path: path, fault: .notANumber("\"\(shown)\""))
        }
        return n
    }

    /// Opens the regular file at `path` for writing without ever waiting: `stat` first
    /// (a FIFO is refused unopened), `O_NONBLOCK` (one put there meanwhile fails with
    /// ENXIO instead of waiting for a reader), `fstat` after.
    static func openForWriting(_ path: String) throws(BacklightError) -> Int32 {
        guard let status = FileKind.at(path) else { throw BacklightError(path: path, fault: .missing) }
        guard status == .regular else { throw BacklightError(path: path, fault: .notRegularFile(status)) }
        let fd = retryingEINTR { open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else { throw BacklightError(path: path, fault: .cannotWrite(call: "open", .current)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let e = SystemErrno.current
            close(fd)
            throw BacklightError(path: path, fault: .cannotWrite(call: "fstat", e))
        }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else {
            close(fd)
            throw BacklightError(path: path, fault: .notRegularFile(kind))
        }
        return fd
    }

    /// Writes `value` and a newline to the attribute at `path` in one `write`, as sysfs
    /// takes a value.
    static func write(_ value: Int, to path: String) throws(BacklightError) {
        let fd = try openForWriting(path)
        defer { close(fd) }
        let bytes = Array("\(value)\n".utf8)
        let n = retryingEINTR { bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } }
        guard n >= 0 else { throw BacklightError(path: path, fault: .cannotWrite(call: "write", .current)) }
        guard n == bytes.count else {
            throw BacklightError(path: path, fault: .cannotWrite(call: "write", SystemErrno(EIO)))
        }
    }
}

extension FileKind {
    /// What is at `path` (symbolic links followed); nil when nothing is there.
    static func at(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }
}
