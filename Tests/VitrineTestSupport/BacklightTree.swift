import Glibc

/// A sysfs tree with one backlight, in a temporary directory, standing in for
/// /sys/class/backlight (the kiosk's `sysfsRoot`, or `VITRINE_SYSFS_ROOT` for the
/// binary): `sys/class/backlight/NAME` with `max_brightness`, `brightness` and `bl_power`
/// as sysfs prints them (a number and a newline).
public struct BacklightTree {
    /// The tree's root: what the kiosk is told sysfs is.
    public let root: String
    public let name: String
    /// The board's name for the backlight, as under the real sysfs.
    public var boardPath: String { "/sys/class/backlight/" + name }
    /// The backlight's folder in the tree.
    public var directory: String { root + boardPath }

    public struct TreeError: Error {}

    /// A backlight `name` with `max` levels at `level`, powered on (`bl_power` 0).
    public init(name: String = "panel", max: Int = 100, level: Int) throws {
        var template = Array("/tmp/vitrine-sysfs-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TreeError() }
        root = String(cString: made)
        self.name = name
        var folder = root
        for part in boardPath.split(separator: "/") {
            folder += "/" + part
            mkdir(folder, 0o755)
        }
        set("max_brightness", max)
        set("brightness", level)
        set("bl_power", 0)
    }

    /// Writes `value` and a newline to the attribute `file`, as the kernel would hold it.
    public func set(_ file: String, _ value: Int) {
        let fd = open(directory + "/" + file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let text = "\(value)\n"
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
    }

    /// The attribute `file`'s number; nil when it holds none (or is missing).
    public func value(_ file: String) -> Int? {
        guard let f = fopen(directory + "/" + file, "r") else { return nil }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 64)
        guard fgets(&line, Int32(line.count), f) != nil else { return nil }
        return Int(String(cString: line).filter { $0 != "\n" })
    }

    /// Everything removed.
    public func remove() {
        for f in ["max_brightness", "brightness", "bl_power"] { unlink(directory + "/" + f) }
        var folder = directory
        while folder.count > root.count {
            rmdir(folder)
            folder = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)])
        }
        rmdir(root)
    }
}
