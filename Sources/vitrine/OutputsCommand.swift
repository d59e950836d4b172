import DRM
import Runtime

/// `vitrine outputs [--device PATH]`: what the DRM cards offer, for writing a board file's
/// `[display]`. Plain text, one item a line. Exit 69 when there is no card to read.
struct OutputsCommand: Command {
    static let syntax = CommandSyntax(
        name: "outputs",
        abstract: "List DRM cards, connectors, modes, CRTCs, planes, formats and rotation support.",
        discussion: """
            Reads only: needs no DRM master and leaves none held, so it can run beside the \
            kiosk. Exit 69 when there is no card (or none can be read, e.g. without the video \
            group).
            """,
        options: [.value("--device", help: "One card (default: every /dev/dri/card*).")])

    let device: String?

    init(_ line: ParsedCommandLine) throws(CommandLineError) {
        device = try line.value("--device")
    }

    func run() throws {
        let lines: [String]
        do {
            lines = try OutputsReport.lines(device: device)
        } catch {
            throw exitWith(.unavailable, "\(error)")
        }
        for line in lines { print(line) }
    }
}
