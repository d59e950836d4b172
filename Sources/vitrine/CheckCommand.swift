import Assets
import Board
import ConfigFile
import Runtime
import Scenes
import Show

/// `vitrine check FILE...`: validates board files and show manifests without starting
/// anything. Every file is checked; each problem is one `Error: file:line: key: what`
/// line on stderr (a font file the show names that is not a font among them). What
/// would only show badly (a missing or undecodable picture, a font family not
/// installed, a character no installed font has, a covering picture of a useless shape)
/// is a warning line, the file still ok. Exit 78 if any file is bad (or with --strict, warned about), else
/// 66 if any could not be read.
struct CheckCommand: Command {
    static let syntax = CommandSyntax(
        name: "check",
        abstract: "Validate board files and show manifests (exit 0, or 78 naming file, line and key).",
        discussion: """
            A FILE named show.toml, or a folder, is a show; anything else is a board file. A \
            board whose [show] path names a show checks that show too. A show's pictures are \
            decoded and its text matched against its fonts and the installed ones (fontconfig): \
            a picture that is missing or does not decode, a font family not installed, or a \
            character no installed font draws, is a warning (exit 0, or 78 with \
            --strict). A file that is missing or unreadable is exit 66.
            """,
        options: [.flag("--strict", help: "Treat warnings as errors: exit 78 when there is any.")],
        arguments: [
            CommandArgument("files", .oneOrMore, help: "Board files (.toml), show manifests (show.toml) or show folders.")
        ])

    /// At least one: the parser refuses a line without any (`Missing expected argument
    /// '<files> ...'`).
    let files: [String]
    let strict: Bool

    init(_ line: ParsedCommandLine) throws(CommandLineError) {
        files = try line.argumentList("files")
        strict = line.flag("--strict")
    }

    func run() throws {
        var bad = 0
        var unreadable = 0
        var warned = 0
        for file in files {
            do {
                let warnings = try Self.check(file)
                for w in warnings { FileOutput.standardError(DiagnosticLine.warning(w)) }
                warned += warnings.count
                if strict && !warnings.isEmpty {
                    bad += 1
                } else {
                    print("\(file): ok")
                }
            } catch {
                FileOutput.standardError(DiagnosticLine.error("\(error)"))
                if error.isUnreadable { unreadable += 1 } else { bad += 1 }
            }
        }
        if bad > 0 { throw exitWith(.configuration) }
        if unreadable > 0 { throw exitWith(.noInput) }
    }

    /// Loads `file` as a show (a folder or show.toml) or a board, and a board's show.
    /// - Returns: the warnings about the show (`warnings(_:in:)`), if any.
    static func check(_ file: String) throws(ConfigError) -> [String] {
        if let folder = ShowLocation.folder(of: file) { return warnings(try Show.load(directory: folder), in: folder) }
        let board = try Board.load(path: file)
        guard let path = board.show.path else { return [] }
        return warnings(try Show.load(directory: path), in: path)
    }

    /// What would show badly: each picture that is missing or does not decode, each
    /// font family not installed, each text with characters neither the show's fonts nor
    /// any installed font has, each covering picture of a useless shape.
    static func warnings(_ show: Show, in folder: String) -> [String] {
        let manifest = Show.manifestPath(in: folder)
        var lines = show.pictureWarnings(directory: folder, manifest: manifest)
        lines += show.fontWarnings(manifest: manifest)
        lines += show.glyphWarnings(engine: TextEngine(), directory: folder, manifest: manifest)
        lines += show.pictureShapeWarnings(assets: ShowAssets(directory: folder), manifest: manifest)
        return lines
    }
}
