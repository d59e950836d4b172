/// `--help`'s text and the usage lines under an error, from a command's syntax, in
/// swift-argument-parser's layout (OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS),
/// wrapped to fit 80 columns.
enum CommandLineHelp {
    /// The longest line: under 80 columns, so a terminal of 80 never wraps it again.
    static let width = 79
    /// Where an option's help starts; a longer label puts its help on the next line.
    static let helpColumn = 26
    /// Every command takes it; the parser answers it before anything else.
    static let helpLabel = "-h, --help"
    static let helpText = "Show help information."
    /// More options than this are shown as `[<options>]` in the usage line.
    static let maxOptionsInUsage = 8

    /// The help of the command `path` names (["vitrine", "show", "init"]), whose syntax is
    /// `syntax`; `subcommands` are its commands when it is a group.
    static func text(path: [String], syntax: CommandSyntax, subcommands: [CommandSyntax] = []) -> String {
        var lines: [String] = []
        lines += wrap("OVERVIEW: " + syntax.abstract, indent: 0)
        if !syntax.discussion.isEmpty {
            lines.append("")
            for paragraph in syntax.discussion.split(separator: "\n", omittingEmptySubsequences: false) {
                lines += wrap(String(paragraph), indent: 0)
            }
        }
        lines.append("")
        lines.append("USAGE: " + usage(path: path, syntax: syntax, isGroup: !subcommands.isEmpty))
        if !syntax.arguments.isEmpty {
            lines.append("")
            lines.append("ARGUMENTS:")
            for argument in syntax.arguments { lines += entry("<\(argument.name)>", argument.help) }
        }
        lines.append("")
        lines.append("OPTIONS:")
        for option in syntax.options { lines += entry(option.synopsis, optionHelp(option)) }
        lines += entry(helpLabel, helpText)
        if !subcommands.isEmpty {
            lines.append("")
            lines.append("SUBCOMMANDS:")
            for sub in subcommands { lines += entry(sub.name, sub.abstract) }
            lines.append("")
            let parent = path.dropFirst().map { $0 + " " }.joined()
            lines.append("  See '\(path[0]) help \(parent)<subcommand>' for detailed help.")
        } else {
            lines.append("")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "vitrine render [<options>] --out <out>", "vitrine ctl <command> [<value>] [--socket
    /// <socket>]", "vitrine <subcommand>".
    static func usage(path: [String], syntax: CommandSyntax, isGroup: Bool = false) -> String {
        var parts = [path.joined(separator: " ")]
        if isGroup { return parts[0] + " <subcommand>" }
        for argument in syntax.arguments {
            parts.append(argument.arity == .optional ? "[\(argument.synopsis)]" : argument.synopsis)
        }
        if syntax.options.count > maxOptionsInUsage {
            parts.append("[<options>]")
            parts += syntax.options.filter(\.isRequired).map(\.synopsis)
        } else {
            for option in syntax.options {
                let shown = option.kind == .repeated ? option.synopsis + " ..." : option.synopsis
                parts.append(option.isRequired ? shown : "[\(shown)]")
            }
        }
        return parts.joined(separator: " ")
    }

    /// The lines printed under an error's: the usage, and where the help is.
    static func errorFooter(path: [String], syntax: CommandSyntax, isGroup: Bool) -> String {
        "Usage: \(usage(path: path, syntax: syntax, isGroup: isGroup))\n  See '\(path.joined(separator: " ")) --help' for more information."
    }

    static func optionHelp(_ option: CommandOption) -> String {
        var text = option.help
        if !option.allowedValues.isEmpty { text += " (values: \(option.allowedValues.joined(separator: ", ")))" }
        if let d = option.defaultValue { text += " (default: \(d))" }
        return text
    }

    /// One label and its help: the help beside a short label, under a long one.
    static func entry(_ label: String, _ help: String) -> [String] {
        let labelText = "  " + label
        var body = wrap(help, indent: helpColumn)
        if labelText.count + 2 <= helpColumn, let first = body.first {
            body[0] = labelText + String(repeating: " ", count: helpColumn - labelText.count) + first.dropFirst(helpColumn)
            return body
        }
        return [labelText] + body
    }

    /// `text` in lines of at most `width` columns (a longer word alone on its line), each
    /// indented by `indent` spaces.
    static func wrap(_ text: String, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(pad + line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        lines.append(pad + line)
        return lines
    }
}
