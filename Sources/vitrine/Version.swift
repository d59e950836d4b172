/// The version of Vitrine, in one place: `vitrine --version` and `vitrine version` print
/// it. Semantic versioning: raised with each release.
enum VitrineVersion {
    static let number = "0.1.0"

    /// The line both print: the program's name and the version.
    static var line: String { "vitrine \(number)" }
}

/// `vitrine version`: the same line as `vitrine --version`.
struct VersionCommand: Command {
    static let syntax = CommandSyntax(name: "version", abstract: "Print the version.")

    init(_ line: ParsedCommandLine) {}

    func run() throws {
        print(VitrineVersion.line)
    }
}
