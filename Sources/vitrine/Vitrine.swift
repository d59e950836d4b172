#if canImport(Glibc)
    import Glibc
#endif

/// The `vitrine` command: the kiosk and its tools. A group: its subcommands do the work;
/// named alone it prints its help, with `--version` the version.
@main
struct Vitrine: Command {
    static let syntax = CommandSyntax(
        name: "vitrine", abstract: "A kiosk runtime for Linux touch panels.",
        options: [.flag("--version", help: "Show the version.")])

    static var subcommands: [any Command.Type] {
        [
            RunCommand.self, RenderCommand.self, CheckCommand.self, OutputsCommand.self, InputsCommand.self,
            CtlCommand.self, ShowCommand.self, BenchCommand.self, VersionCommand.self,
        ]
    }

    /// `--version` was given: the version is printed instead of the help.
    let showsVersion: Bool

    init(_ line: ParsedCommandLine) {
        showsVersion = line.flag("--version")
    }

    var isAction: Bool { showsVersion }

    func run() throws {
        print(VitrineVersion.line)
    }

    static func main() {
        let status = CommandDispatch.run(Array(CommandLine.arguments.dropFirst()), root: Vitrine.self)
        exit(status)
    }
}
