import LinuxSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Telling a show from a board on the command line.
enum ShowLocation {
    /// The show folder `path` names: the path itself when it is a folder, its folder when
    /// it is a file called show.toml; nil otherwise (a board file).
    static func folder(of path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0, FileKind(mode: info.st_mode) == .directory { return path }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.last == "show.toml" else { return nil }
        let folder = parts.dropLast().joined(separator: "/")
        return folder.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : folder
    }
}
