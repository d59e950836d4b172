import Glibc

/// A stand-in sysfs tree in a fresh directory under /tmp, for one test; removed with
/// everything in it when the test ends.
final class SysfsTree {
    let root: String

    init() {
        var template = Array("/tmp/power-test-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { Self.remove(root) }

    /// Makes the directory `path` under the root, with its parents; its full path.
    @discardableResult
    func folder(_ path: String) -> String {
        var full = root
        for part in path.split(separator: "/") {
            full += "/" + part
            mkdir(full, 0o755)
        }
        return full
    }

    /// Writes `text` to `path` under the root (its folder must exist); its full path.
    @discardableResult
    func write(_ text: String, to path: String) -> String {
        let file = root + path
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(fd >= 0, "cannot create \(file)")
        defer { close(fd) }
        let bytes = Array(text.utf8)
        precondition(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count)
        return file
    }

    /// The text of `path` under the root.
    func read(_ path: String) -> String {
        guard let f = fopen(root + path, "r") else { return "<missing>" }
        defer { fclose(f) }
        var chunk = [UInt8](repeating: 0, count: 256)
        let n = fread(&chunk, 1, chunk.count, f)
        return String(decoding: chunk[0..<n], as: UTF8.self)
    }

    /// A backlight `name` with `max` levels at `level`, and `bl_power` on; its directory.
    @discardableResult
    func backlight(_ name: String, max: Int = 255, level: Int = 100) -> String {
        let dir = folder("sys/class/backlight/" + name)
        write("\(max)\n", to: "/sys/class/backlight/\(name)/max_brightness")
        write("\(level)\n", to: "/sys/class/backlight/\(name)/brightness")
        write("0\n", to: "/sys/class/backlight/\(name)/bl_power")
        return dir
    }

    static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR, let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { remove(path + "/" + name) }
            }
            closedir(dir)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
