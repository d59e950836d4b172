import Glibc

/// A fresh directory under /tmp for one test, removed with what is in it when the test
/// ends (the files these tests make are all directly in it).
final class Scratch {
    let path: String

    init() {
        var template = Array("/tmp/linuxsystem-test-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." {
                    let child = path + "/" + name
                    if unlink(child) != 0 { rmdir(child) }
                }
            }
            closedir(dir)
        }
        rmdir(path)
    }

    /// Writes `bytes` to `name` in the directory; its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) -> String {
        let file = path + "/" + name
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(fd >= 0, "cannot create \(file)")
        defer { close(fd) }
        precondition(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count)
        return file
    }
}
