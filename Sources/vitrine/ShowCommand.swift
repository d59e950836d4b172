import Runtime
import Show
import ShowDemo

/// `vitrine show`: working with show folders.
struct ShowCommand: Command {
    static let syntax = CommandSyntax(name: "show", abstract: "Work with show folders.")
    static var subcommands: [any Command.Type] { [ShowInitCommand.self] }

    init(_ line: ParsedCommandLine) {}
}

/// `vitrine show init DIR`: the demo show written out as editable files, a template for
/// a new show.
struct ShowInitCommand: Command {
    static let syntax = CommandSyntax(
        name: "init",
        abstract: "Write the demo show into DIR as PNG/JPEG pictures and a show.toml: a template for a new show.",
        discussion: "DIR and its parents are made as needed; an existing show.toml is never overwritten.",
        arguments: [CommandArgument("directory", help: "The folder to write the show into.")])

    let directory: String

    init(_ line: ParsedCommandLine) throws(CommandLineError) {
        directory = try line.requiredArgument("directory")
    }

    func run() throws {
        do {
            try DemoShow.write(to: directory)
        } catch {
            throw exitWith(.failure, "\(error)")
        }
        print("\(Show.manifestPath(in: directory)): written (\(DemoShow.assetPaths.count) pictures)")
    }
}
