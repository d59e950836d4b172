import Board
import ConfigFile
import Runtime
import Show

/// `vitrine check FILE...`: validates board files and show manifests without starting
/// anything. Every file is checked; each problem is one `file:line: key: what` line on
/// stderr; exit 78 if any file is bad.
struct CheckCommand: Command {
    static let syntax = CommandSyntax(
        name: "check",
        abstract: "Validate board files and show manifests (exit 0, or 78 naming file, line and key).",
        discussion: """
            A FILE named show.toml, or a folder, is a show; anything else is a board file. A \
            board whose [show] path names a show checks that show too.
            """,
        arguments: [
            CommandArgument("files", .oneOrMore, help: "Board files (.toml), show manifests (show.toml) or show folders.")
        ])

    /// At least one: the parser refuses a line without any (`Missing expected argument
    /// '<files> ...'`).
    let files: [String]

    init(_ line: ParsedCommandLine) throws(CommandLineError) {
        files = try line.argumentList("files")
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

    /// Loads `file` as a show (a folder or show.toml) or a board, and a board's show;
    /// a show's covering pictures of a useless shape are warned about on stderr
    /// (`Show.pictureShapeWarnings`), the file still ok.
    static func check(_ file: String) throws(ConfigError) {
        if let folder = ShowLocation.folder(of: file) {
            warnAboutPictures(try Show.load(directory: folder), in: folder)
            return
        }
        let board = try Board.load(path: file)
        if let path = board.show.path { warnAboutPictures(try Show.load(directory: path), in: path) }
    }

    /// One `warning:` line on stderr for each picture `Show.pictureShapeWarnings` finds.
    static func warnAboutPictures(_ show: Show, in folder: String) {
        let assets = ShowAssets(directory: folder)
        for w in show.pictureShapeWarnings(assets: assets, manifest: Show.manifestPath(in: folder)) {
            FileOutput.standardError("warning: \(w)")
        }
    }
}
