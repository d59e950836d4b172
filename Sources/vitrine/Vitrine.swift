import ArgumentParser

/// The `vitrine` command: the kiosk and its tools (DESIGN.md §3).
@main
struct Vitrine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrine",
        abstract: "A kiosk runtime for Linux touch panels.",
        subcommands: [
            RunCommand.self, RenderCommand.self, CheckCommand.self, OutputsCommand.self, InputsCommand.self, CtlCommand.self,
            ShowCommand.self,
            BenchCommand.self,
        ])
}
