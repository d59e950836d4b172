internal import Glibc

/// The names in the directory at `path` (symbolic links followed), without "." and "..",
/// in the order `readdir` gives them (unsorted). The one directory listing: sysfs scans
/// (DRM connectors, IIO devices) read it this way.
///
/// - Throws: `opendir`'s errno (ENOENT, ENOTDIR, EACCES, ...).
public func directoryEntries(_ path: String) throws(SystemErrno) -> [String] {
    guard let dir = opendir(path) else { throw .current }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}
