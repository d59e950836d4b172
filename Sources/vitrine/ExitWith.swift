import Runtime

/// Ends a command with one of the process exit statuses (`ExitStatus`), after its reason
/// on stderr as one error line (`DiagnosticLine.error`).
func exitWith(_ status: ExitStatus, _ message: String? = nil) -> CommandExit {
    if let message { FileOutput.standardError(DiagnosticLine.error(message)) }
    return CommandExit(status: status.rawValue)
}

/// The lines a command writes about a problem, the same whoever reads them: at a terminal
/// (or in a file or pipe) an error line starts with `Error:` and a warning with
/// `warning:`; when stderr is the journal (`LogStyle.journal`) both carry the syslog
/// priority instead, as the kiosk's log lines do (`<3>vitrine: `, `<4>vitrine: `).
enum DiagnosticLine {
    /// `Error: message`, or `<3>vitrine: message` for the journal. `message` may span
    /// lines (a usage follows an error): only the first is prefixed.
    static func error(_ message: String, style: LogStyle = .process) -> String {
        switch style {
        case .plain: "Error: " + message
        case .journal: style.prefix(level: .error, label: "vitrine") + message
        }
    }

    /// `warning: message`, or `<4>vitrine: message` for the journal.
    static func warning(_ message: String, style: LogStyle = .process) -> String {
        style.prefix(level: .warning, label: "vitrine") + message
    }
}
