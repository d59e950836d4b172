#if canImport(Glibc)
    import Glibc
#endif

/// The `vitrine` command: the kiosk and its tools (DESIGN.md §3).
@main
struct Vitrine: Command {
    static let syntax = CommandSyntax(name: "vitrine", abstract: "A kiosk runtime for Linux touch panels.")

    static var subcommands: [any Command.Type] {
        [
            RunCommand.self, RenderCommand.self, CheckCommand.self, OutputsCommand.self, InputsCommand.self,
            CtlCommand.self, ShowCommand.self, BenchCommand.self,
        ]
    }

    init(_ line: ParsedCommandLine) {}

    static func main() {
        let status = CommandDispatch.run(Array(CommandLine.arguments.dropFirst()), root: Vitrine.self)
        exit(status)
    }
}
