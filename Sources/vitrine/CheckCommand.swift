import ArgumentParser
import Board
import ConfigFile
import Runtime
import Show

/// `vitrine check FILE...`: validates board files and show manifests without starting
/// anything. Every file is checked; each problem is one `file:line: key: what` line on
/// stderr; exit 78 if any file is bad.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate board files and show manifests (exit 0, or 78 naming file, line and key).",
        discussion: """
            A FILE named show.toml, or a folder, is a show; anything else is a board file. A \
            board whose [show] path names a show checks that show too.
            """)

    @Argument(help: "Board files (.toml), show manifests (show.toml) or show folders.")
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one board file or show manifest") }
    }

    func run() throws {
        var bad = 0
        for file in files {
            do {
                try Self.check(file)
                print("\(file): ok")
            } catch {
                FileOutput.standardError("\(error)")
                bad += 1
            }
        }
        if bad > 0 { throw exitWith(.configuration) }
    }

    /// Loads `file` as a show (a folder or show.toml) or a board, and a board's show.
    static func check(_ file: String) throws(ConfigError) {
        if let folder = ShowLocation.folder(of: file) {
            _ = try Show.load(directory: folder)
            return
        }
        let board = try Board.load(path: file)
        if let path = board.show.path { _ = try Show.load(directory: path) }
    }
}
