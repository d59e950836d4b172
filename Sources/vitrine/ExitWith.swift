import ArgumentParser
import Runtime

#if canImport(Glibc)
    import Glibc
#endif

/// Ends a command with one of DESIGN.md §2's exit statuses, after its line on stderr.
func exitWith(_ status: ExitStatus, _ message: String? = nil) -> ExitCode {
    if let message { FileOutput.standardError(message) }
    return ExitCode(status.rawValue)
}
