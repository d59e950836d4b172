import Glibc

/// A fresh directory under /tmp, removed with everything in it when the value goes.
final class TempDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/vitrine-show-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TempDirectoryError(errno: errno) }
        path = String(cString: made)
    }

    deinit { remove(path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` (its folder must exist).
    func write(_ text: String, to name: String) throws {
        try write(Array(text.utf8), to: name)
    }

    func write(_ bytes: [UInt8], to name: String) throws {
        guard let f = fopen(file(name), "wb") else { throw TempDirectoryError(errno: errno) }
        defer { fclose(f) }
        guard fwrite(bytes, 1, bytes.count, f) == bytes.count else { throw TempDirectoryError(errno: errno) }
    }

    func makeDirectory(_ name: String) throws {
        guard mkdir(file(name), 0o755) == 0 else { throw TempDirectoryError(errno: errno) }
    }

    /// `rm -r path`.
    private func remove(_ path: String) {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                }
                if name == "." || name == ".." { continue }
                remove(path + "/" + name)
            }
            closedir(dir)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

struct TempDirectoryError: Error { let errno: Int32 }
