internal import Glibc
import LinuxSystem

extension Backlight {
    /// The environment variable naming a stand-in sysfs tree for tests: the kiosk looks
    /// for `/sys/class/backlight/...` under it.
    public static let sysfsRootVariable = "VITRINE_SYSFS_ROOT"

    /// The sysfs root from `sysfsRootVariable`, or "" (the real /sys) when it is unset.
    public static func sysfsRootFromEnvironment() -> String {
        getenv(sysfsRootVariable).map { String(cString: $0) } ?? ""
    }

    /// The folder backlights are listed in, relative to the sysfs root.
    public static let classFolder = "/sys/class/backlight"

    /// `path` (absolute, as a board names it) under `root` ("" or "/" for the real one).
    public static func rooted(_ path: String, under root: String) -> String {
        var base = root
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }

    /// The one backlight in `classFolder` under `root`: its directory.
    ///
    /// - Throws: `BacklightError` on the folder: `notOne` with the names found (none, or
    ///   several, sorted), or `unreadable` when the folder cannot be listed (a panel
    ///   without any backlight has no folder: `notOne(found: [])`).
    public static func onlyOne(under root: String) throws(BacklightError) -> String {
        let folder = rooted(classFolder, under: root)
        let names: [String]
        do throws(SystemErrno) {
            names = try directoryEntries(folder).sorted()
        } catch {
            if error.code == ENOENT { throw BacklightError(path: folder, fault: .notOne(found: [])) }
            throw BacklightError(path: folder, fault: .unreadable(.failed(call: "opendir", errno: error.code)))
        }
        guard names.count == 1 else { throw BacklightError(path: folder, fault: .notOne(found: names)) }
        return folder + "/" + names[0]
    }
}
