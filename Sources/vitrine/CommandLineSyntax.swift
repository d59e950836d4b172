/// What a command accepts, declared once: the parser reads words against it, the help is
/// written from it, and a command reads its typed values out of the parse by the names
/// declared here. Vitrine's own, instead of swift-argument-parser, whose one `import
/// FoundationEssentials` brought FoundationEssentials and the regex libraries into the
/// static binary (README, "Start and memory budget").
struct CommandSyntax: Sendable {
    /// The command's word: "render", "init"; the root's is the program's, "vitrine".
    let name: String
    /// One line: the command in `vitrine --help`'s list and at the top of its own help.
    let abstract: String
    /// Paragraphs for the command's own help; empty for none.
    let discussion: String
    let options: [CommandOption]
    /// Positional arguments in the order they are given; at most the last is `.oneOrMore`
    /// or `.optional`.
    let arguments: [CommandArgument]

    init(
        name: String, abstract: String, discussion: String = "", options: [CommandOption] = [],
        arguments: [CommandArgument] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
    }

    /// The option written `name` ("--out", "-t"), if the command has it.
    func option(named name: String) -> CommandOption? { options.first { $0.name == name } }

    /// The positional argument called `name` ("command"), if the command has it.
    func argument(named name: String) -> CommandArgument? { arguments.first { $0.name == name } }
}

/// One option: `--name VALUE` (also `--name=VALUE`), `-n VALUE`, or a flag that takes no
/// value.
struct CommandOption: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// Present or not; `--flag=x` is an error.
        case flag
        /// One value; given twice, the last one counts.
        case value
        /// Every value given, in order (`--at 1 --at 2`).
        case repeated
    }

    /// As written on the command line, dashes included: "--out", "-t".
    let name: String
    let kind: Kind
    /// Left out, the command line is refused (`Missing expected argument '--out <out>'`).
    let isRequired: Bool
    let help: String
    /// The command's default, for the help only ("60.0"): the command applies it.
    let defaultValue: String?
    /// Every value it takes, when there are a few, for the help ("0", "90", ...).
    let allowedValues: [String]

    /// A flag: `--tour`, `-q`.
    static func flag(_ name: String, help: String) -> CommandOption {
        CommandOption(name: name, kind: .flag, isRequired: false, help: help, defaultValue: nil, allowedValues: [])
    }

    /// An option with one value.
    static func value(
        _ name: String, help: String, default defaultValue: String? = nil, values: [String] = [],
        required: Bool = false
    ) -> CommandOption {
        CommandOption(
            name: name, kind: .value, isRequired: required, help: help, defaultValue: defaultValue,
            allowedValues: values)
    }

    /// An option that may be given again and again, each value kept.
    static func repeated(_ name: String, help: String) -> CommandOption {
        CommandOption(name: name, kind: .repeated, isRequired: false, help: help, defaultValue: nil, allowedValues: [])
    }

    /// What the help and the errors call its value: the name without dashes, "<out>".
    var valueName: String { String(name.drop { $0 == "-" }) }

    /// "--out <out>" for an option with a value, "--tour" for a flag: how errors name it.
    var synopsis: String { kind == .flag ? name : "\(name) <\(valueName)>" }
}

/// One positional argument.
struct CommandArgument: Sendable, Equatable {
    enum Arity: Sendable, Equatable {
        /// Exactly one, always.
        case required
        /// One or none.
        case optional
        /// Every remaining word, at least one.
        case oneOrMore
    }

    /// What the help and the errors call it: "command" is shown as `<command>`.
    let name: String
    let arity: Arity
    let help: String

    init(_ name: String, _ arity: Arity = .required, help: String) {
        self.name = name
        self.arity = arity
        self.help = help
    }

    /// "<files> ..." for one or more, "<command>" otherwise: how errors name it.
    var synopsis: String { arity == .oneOrMore ? "<\(name)> ..." : "<\(name)>" }
}
