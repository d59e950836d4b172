import Glibc

/// Files and folders for the board tests: the repository's board/ folder, and scratch
/// folders under /tmp that are removed afterwards.
enum TestFiles {
    /// The repository's board/ folder, found from this file's path
    /// (Tests/BoardTests/TestFiles.swift -> board).
    static func boardFolder(filePath: String = #filePath) -> String {
        var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // TestFiles.swift, BoardTests, Tests
        return parts.joined(separator: "/") + "/board"
    }

    /// The names in `folder` ending in `suffix`, sorted.
    static func names(in folder: String, endingIn suffix: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name.hasSuffix(suffix) { names.append(name) }
        }
        return names.sorted()
    }

    /// A new empty folder under /tmp; the caller removes it with `remove(_:)`.
    static func makeScratchFolder() -> String {
        var template = Array("/tmp/vitrine-board-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        return string(template)
    }

    /// The text of a NUL-terminated C buffer, up to its first NUL.
    static func string(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func makeFolder(_ path: String) {
        precondition(mkdir(path, 0o755) == 0, "mkdir \(path) failed")
    }

    static func write(_ text: String, to path: String) {
        guard let file = fopen(path, "w") else { preconditionFailure("cannot write \(path)") }
        fputs(text, file)
        fclose(file)
    }

    /// Removes `path` and everything under it (`rm -r`), for scratch folders only.
    static func remove(_ path: String) {
        precondition(path.hasPrefix("/tmp/vitrine-board-"), "refusing to remove \(path)")
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            for name in names(in: path, endingIn: "") where name != "." && name != ".." {
                remove(path + "/" + name)
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
