import ArgumentParser
import Runtime
import Show

/// `vitrine show`: working with show folders.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Work with show folders.",
        subcommands: [ShowInitCommand.self])
}

/// `vitrine show init DIR`: the demo show written out as editable files, a template for
/// a new show (DESIGN.md §3).
struct ShowInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write the demo show into DIR as PNG/JPEG pictures and a show.toml: a template for a new show.",
        discussion: "DIR and its parents are made as needed; an existing show.toml is never overwritten.")

    @Argument(help: "The folder to write the show into.")
    var directory: String

    func run() throws {
        do {
            try DemoShow.write(to: directory)
        } catch {
            throw exitWith(.failure, "vitrine show init: \(error)")
        }
        print("\(Show.manifestPath(in: directory)): written (\(DemoShow.assetPaths.count) pictures)")
    }
}
