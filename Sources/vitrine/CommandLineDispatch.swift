#if canImport(Glibc)
    import Glibc
#endif

/// A `vitrine` command: its syntax, built from a parsed command line, checked, then run.
/// A group (`vitrine`, `vitrine show`) has subcommands and is never run: named alone, it
/// prints its help.
protocol Command {
    static var syntax: CommandSyntax { get }
    static var subcommands: [any Command.Type] { get }
    /// Reads the typed values out of `line`: a value that does not convert throws here.
    init(_ line: ParsedCommandLine) throws(CommandLineError)
    /// Checks that need several values at once (`give --board or --size, not both`), before
    /// anything is run; throws `UsageError`.
    func validate() throws
    /// Whether `run` is called: every command without subcommands; a group only for an
    /// option that makes it act (`vitrine --version`), else its help is printed.
    var isAction: Bool { get }
    func run() throws
}

extension Command {
    static var subcommands: [any Command.Type] { [] }
    var isAction: Bool { Self.subcommands.isEmpty }
    func validate() throws {}
    func run() throws {}

    /// The command for `words` (what follows its name), read and validated: what tests use.
    static func parse(_ words: [String]) throws -> Self {
        let command = try Self(CommandLineParser.parse(words, syntax: syntax))
        try command.validate()
        return command
    }
}

/// A command line's outcome short of success: what stderr gets and the exit status (64
/// for a bad command line, 1 for a failure nobody expected, or a command's own status).
struct CommandFailure: Equatable {
    /// The line after "Error: "; empty when the command already said why (`CommandExit`).
    let message: String
    let status: Int32
    /// Whether the usage lines follow the error: for a command line that was refused.
    let isUsage: Bool

    init(_ error: any Error) {
        switch error {
        case let e as CommandLineError: (message, status, isUsage) = (e.description, 64, true)
        case let e as UsageError: (message, status, isUsage) = (e.message, 64, true)
        case let e as CommandExit: (message, status, isUsage) = ("", e.status, false)
        default: (message, status, isUsage) = ("\(error)", 1, false)
        }
    }
}

/// From the process's words to a command run and an exit status.
enum CommandDispatch {
    /// The command a line names, by the leading words that are subcommand names: the path
    /// of types from the root, the words left for the last, and whether help was asked for
    /// (`-h` or `--help` anywhere before `--`, or `vitrine help <subcommand>...`).
    static func resolve(_ words: [String], root: any Command.Type) -> (
        path: [any Command.Type], rest: [String], help: Bool
    ) {
        var path: [any Command.Type] = [root]
        var rest = words[...]
        var help = false
        if rest.first == "help" {
            help = true
            rest = rest.dropFirst()
        }
        while let word = rest.first, let next = path.last!.subcommands.first(where: { $0.syntax.name == word }) {
            path.append(next)
            rest = rest.dropFirst()
        }
        let options = rest.prefix { $0 != "--" }
        if options.contains("-h") || options.contains("--help") { help = true }
        return (path, Array(rest), help)
    }

    /// Runs the command `words` name under `root`, printing help, errors and usage lines
    /// as swift-argument-parser did: help on stdout (exit 0), `Error: ...` and the usage on
    /// stderr (exit 64 for a bad line), `Error: ...` alone for anything else a command
    /// throws (exit 1), nothing more for a `CommandExit` (its status). A word where a
    /// group wants one of its commands (`vitrine nosuch`, `vitrine help nosuch`) is exit
    /// 64 naming the group's commands, help asked for or not.
    static func run(_ words: [String], root: any Command.Type) -> Int32 {
        let (path, rest, help) = resolve(words, root: root)
        let command = path[path.count - 1]
        let names = path.map { $0.syntax.name }
        let subcommands = command.subcommands.map { $0.syntax }
        do {
            if !subcommands.isEmpty, let word = rest.first, !CommandLineParser.isOption(word) {
                throw CommandLineError.unknownCommand(word, commands: subcommands.map(\.name))
            }
            if help {
                print(CommandLineHelp.text(path: names, syntax: command.syntax, subcommands: subcommands), terminator: "")
                return 0
            }
            if try !parseAndRun(command, rest) {
                // A group named alone (or with only options it took): its help.
                print(CommandLineHelp.text(path: names, syntax: command.syntax, subcommands: subcommands), terminator: "")
            }
        } catch {
            let failure = CommandFailure(error)
            var text = failure.message.isEmpty ? "" : DiagnosticLine.error(failure.message)
            if failure.isUsage {
                let footer = CommandLineHelp.errorFooter(path: names, syntax: command.syntax, isGroup: !subcommands.isEmpty)
                text += "\n" + footer
            }
            if !text.isEmpty { FileOutput.standardError(text) }
            return failure.status
        }
        return 0
    }

    /// Reads, checks and runs a command of type `C` (a group only when an option makes it
    /// act, `isAction`). Returns whether it ran.
    static func parseAndRun<C: Command>(_ type: C.Type, _ words: [String]) throws -> Bool {
        let command = try C.parse(words)
        guard command.isAction else { return false }
        try command.run()
        return true
    }
}
