#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding a board's show folder on disk.
enum ShowFolder {
    /// The manifest file a show folder holds.
    static let manifestName = "show.toml"

    /// `path` as given in a board file, resolved against the folder of the board file at
    /// `boardPath`: absolute paths are kept; relative ones are joined to the board's folder
    /// (kept as is when the board path has no folder). Lexical only: no symlinks followed,
    /// no `..` folded, so messages show what the user wrote.
    static func resolve(_ path: String, against boardPath: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let slash = boardPath.lastIndex(of: "/") else { return path }
        let folder = boardPath[...slash]  // keeps the slash: "/" for "/board.toml"
        return String(folder) + path
    }

    /// Whether `folder`/show.toml exists and is a regular file (symlinks followed).
    static func hasManifest(_ folder: String) -> Bool {
        let file = folder.hasSuffix("/") ? folder + manifestName : folder + "/" + manifestName
        var info = stat()
        guard stat(file, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG
    }
}
