/// What is wrong with a command line, found while reading it against the command's
/// `CommandSyntax`: exit 64, a bad command line. Each names the word or the option; the wording
/// is swift-argument-parser's, which the tests, the README and the e2e suite quote.
enum CommandLineError: Error, Equatable, CustomStringConvertible {
    /// A word that looks like an option and is not one of the command's; the suggestion is
    /// an option a typo away.
    case unknownOption(String, suggestion: String?)
    /// An option that takes a value, last on the line or followed by another option.
    case missingValue(option: String)
    /// `--flag=value`: a flag takes none.
    case unexpectedValue(option: String, value: String)
    /// A value that does not parse as what the option takes (a number, an angle); `allowed`
    /// lists the values when there are only a few.
    case invalidValue(String, option: String, allowed: [String])
    /// A required option or positional argument left out, named as the help shows it.
    case missingArgument(String)
    /// Positional words beyond what the command takes.
    case unexpectedArguments([String])
    /// A word where a group (`vitrine`, `vitrine show`) wants one of its `commands`.
    case unknownCommand(String, commands: [String])

    var description: String {
        switch self {
        case .unknownOption(let word, let suggestion?):
            "Unknown option '\(word)'. Did you mean '\(suggestion)'?"
        case .unknownOption(let word, nil):
            "Unknown option '\(word)'"
        case .missingValue(let option):
            "Missing value for '\(option)'"
        case .unexpectedValue(let option, let value):
            "The option '\(option)' does not take any value, but '\(value)' was specified."
        case .invalidValue(let value, let option, let allowed):
            "The value '\(value)' is invalid for '\(option)'" + Self.choice(allowed)
        case .missingArgument(let name):
            "Missing expected argument '\(name)'"
        case .unexpectedArguments(let words) where words.count == 1:
            "Unexpected argument '\(words[0])'"
        case .unexpectedArguments(let words):
            "\(words.count) unexpected arguments: '\(words.joined(separator: "', '"))'"
        case .unknownCommand(let word, let commands):
            "Unknown command '\(word)'" + Self.choice(commands)
        }
    }

    /// ". Please provide one of '0', '90', '180' or '270'." for a short list of values.
    static func choice(_ allowed: [String]) -> String {
        guard let last = allowed.last else { return "" }
        let quoted = allowed.map { "'\($0)'" }
        let list = allowed.count <= 2 ? quoted.joined(separator: " and ") : quoted.dropLast().joined(separator: ", ") + " or '\(last)'"
        return ". Please provide one of \(list)."
    }
}

/// A command's own check of what it was given found it unusable (`give --board or --size,
/// not both`): exit 64 with the message, as for a line that does not parse.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
}

/// A command ends with this status, its reason (if any) already on stderr: thrown by
/// `exitWith`.
struct CommandExit: Error, Equatable {
    let status: Int32
}
