import Glibc

/// A fresh directory under /tmp (mkdtemp), removed with everything in it when the last
/// reference goes. Tests write nowhere else.
final class TempDirectory {
    let path: String

    init() {
        var template = Array("/tmp/vitrine-assets-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed: errno \(errno)")
        path = String(cString: made!)
    }

    deinit { TempDirectory.remove(path) }

    /// `name` inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// Names of the entries in `directory`, sorted, without "." and "..".
    static func entries(_ directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Names of the entries in this directory.
    var entries: [String] { TempDirectory.entries(path) }

    private static func remove(_ path: String) {
        for name in entries(path) {
            let child = path + "/" + name
            var info = stat()
            if lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                remove(child)
            } else {
                unlink(child)
            }
        }
        rmdir(path)
    }
}
