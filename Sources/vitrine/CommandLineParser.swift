import ConfigFile

/// Reads a command's words (what follows its name) against its `CommandSyntax`, as
/// swift-argument-parser did: options and positional arguments in any order, `--name
/// value` or `--name=value` (also `-t value`, `-t=value`), a repeated single-value option's
/// last value counting, and `--` ending the options (every word after it positional).
/// Values stay text here: a command converts them with `ParsedCommandLine`'s typed
/// accessors, which name the option when one does not parse.
enum CommandLineParser {
    static func parse(_ words: [String], syntax: CommandSyntax) throws(CommandLineError) -> ParsedCommandLine {
        var values: [String: [String]] = [:]
        var positional: [String] = []
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !isOption(word) {
                positional.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            // `--name=value`: the value is the text after the first "=" (empty allowed).
            let name: String
            var attached: String? = nil
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                attached = String(word[word.index(after: equals)...])
            } else {
                name = word
            }
            guard let option = syntax.option(named: name) else {
                throw .unknownOption(name, suggestion: suggestion(for: name, in: syntax))
            }
            switch option.kind {
            case .flag:
                if let attached { throw .unexpectedValue(option: option.name, value: attached) }
                values[option.name, default: []].append("")
            case .value, .repeated:
                let value: String
                if let attached {
                    value = attached
                } else if index < words.count, !isOption(words[index]) {
                    value = words[index]
                    index += 1
                } else {
                    throw .missingValue(option: option.synopsis)
                }
                values[option.name, default: []].append(value)
            }
        }
        for option in syntax.options where option.isRequired && values[option.name] == nil {
            throw .missingArgument(option.synopsis)
        }
        return ParsedCommandLine(syntax: syntax, options: values, arguments: try assign(positional, to: syntax.arguments))
    }

    /// Whether `word` is meant as an option: it starts with "-" and is more than that, and
    /// is not a negative number (`--at -1`, `ctl rotate -90` are values, refused by what
    /// checks them rather than as unknown options).
    static func isOption(_ word: String) -> Bool {
        let bytes = Array(word.utf8.prefix(2))
        guard bytes.count == 2, bytes[0] == UInt8(ascii: "-") else { return false }
        let second = bytes[1]
        return !((UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second) || second == UInt8(ascii: "."))
    }

    /// The positional words, in order, to the declared arguments: required ones first,
    /// then an optional one or every remaining word for a `.oneOrMore`.
    static func assign(_ words: [String], to arguments: [CommandArgument]) throws(CommandLineError) -> [String: [String]] {
        var assigned: [String: [String]] = [:]
        var rest = words[...]
        for argument in arguments {
            switch argument.arity {
            case .required:
                guard let word = rest.popFirst() else { throw .missingArgument(argument.synopsis) }
                assigned[argument.name] = [word]
            case .optional:
                if let word = rest.popFirst() { assigned[argument.name] = [word] }
            case .oneOrMore:
                guard !rest.isEmpty else { throw .missingArgument(argument.synopsis) }
                assigned[argument.name] = Array(rest)
                rest = []
            }
        }
        guard rest.isEmpty else { throw .unexpectedArguments(Array(rest)) }
        return assigned
    }

    /// The one option of the command within two edits of `name` (`--bords` for
    /// `--boards`), if there is exactly one.
    static func suggestion(for name: String, in syntax: CommandSyntax) -> String? {
        let near = syntax.options.filter { editDistance($0.name, name) <= 2 }
        return near.count == 1 ? near[0].name : nil
    }
}

/// A command line read against its syntax: each option's values as given, each positional
/// argument's words. The accessors convert to the type the command wants; asking for a name
/// the syntax does not declare is a programming error and stops the process.
struct ParsedCommandLine {
    let syntax: CommandSyntax
    /// Option name -> its values in the order given (a flag's are empty strings, one a use).
    let options: [String: [String]]
    /// Argument name -> its words.
    let arguments: [String: [String]]

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool {
        precondition(declared(name).kind == .flag, "\(name) is not a flag of \(syntax.name)")
        return options[name] != nil
    }

    /// The value of `name` (the last one when given twice), nil when not given.
    func value<T: ArgumentValue>(_ name: String, as type: T.Type = T.self) throws(CommandLineError) -> T? {
        let option = declared(name)
        precondition(option.kind == .value, "\(name) is not a single-value option of \(syntax.name)")
        guard let text = options[name]?.last else { return nil }
        return try convert(text, name: option.synopsis)
    }

    /// The value of a required option: the parser has already refused a line without it.
    func required<T: ArgumentValue>(_ name: String, as type: T.Type = T.self) throws(CommandLineError) -> T {
        guard let v: T = try value(name) else { throw .missingArgument(declared(name).synopsis) }
        return v
    }

    /// Every value of the repeatable option `name`, in order; empty when not given.
    func values<T: ArgumentValue>(_ name: String, as type: T.Type = T.self) throws(CommandLineError) -> [T] {
        let option = declared(name)
        precondition(option.kind == .repeated, "\(name) is not a repeatable option of \(syntax.name)")
        var result: [T] = []
        for text in options[name] ?? [] { result.append(try convert(text, name: option.synopsis)) }
        return result
    }

    /// The positional argument `name`'s word (the first, for one or more), nil when an
    /// optional one was left out.
    func argument<T: ArgumentValue>(_ name: String, as type: T.Type = T.self) throws(CommandLineError) -> T? {
        let argument = declaredArgument(name)
        guard let text = arguments[name]?.first else { return nil }
        return try convert(text, name: argument.synopsis)
    }

    /// The word of a required positional argument: the parser has already refused a line
    /// without it.
    func requiredArgument<T: ArgumentValue>(_ name: String, as type: T.Type = T.self) throws(CommandLineError) -> T {
        guard let v: T = try argument(name) else { throw .missingArgument(declaredArgument(name).synopsis) }
        return v
    }

    /// Every word of the positional argument `name`.
    func argumentList<T: ArgumentValue>(_ name: String, as type: T.Type = T.self) throws(CommandLineError) -> [T] {
        let argument = declaredArgument(name)
        var result: [T] = []
        for text in arguments[name] ?? [] { result.append(try convert(text, name: argument.synopsis)) }
        return result
    }

    private func declaredArgument(_ name: String) -> CommandArgument {
        guard let argument = syntax.argument(named: name) else { preconditionFailure("no argument \(name) in \(syntax.name)") }
        return argument
    }

    private func declared(_ name: String) -> CommandOption {
        guard let option = syntax.option(named: name) else { preconditionFailure("no option \(name) in \(syntax.name)") }
        return option
    }

    private func convert<T: ArgumentValue>(_ text: String, name: String) throws(CommandLineError) -> T {
        guard let v = T(argument: text) else { throw .invalidValue(text, option: name, allowed: T.allowedValues) }
        return v
    }
}
