import Runtime

/// Ends a command with one of DESIGN.md §2's exit statuses, after its line on stderr.
func exitWith(_ status: ExitStatus, _ message: String? = nil) -> CommandExit {
    if let message { FileOutput.standardError(message) }
    return CommandExit(status: status.rawValue)
}
