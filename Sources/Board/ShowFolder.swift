import ConfigFile
import LinuxSystem
import MessageText
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

    /// What is wrong with `folder`/show.toml, or nil when it is a regular file
    /// (symlinks followed): "no show.toml in "FOLDER"", or, for a directory, FIFO,
    /// device or socket of that name, "show.toml in "FOLDER" is a FIFO, not a regular
    /// file". Only `stat`: nothing is opened (opening a FIFO would wait for a writer).
    static func manifestProblem(_ folder: String) -> String? {
        let file = folder.hasSuffix("/") ? folder + manifestName : folder + "/" + manifestName
        var info = stat()
        guard stat(file, &info) == 0 else { return "no \(manifestName) in \"\(shortened(folder))\"" }
        let kind = FileKind(mode: info.st_mode)
        if kind == .regular { return nil }
        return "\(manifestName) in \"\(shortened(folder))\" is \(kind), not a regular file"
    }
}
