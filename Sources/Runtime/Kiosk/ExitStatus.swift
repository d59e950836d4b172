/// The process exit codes (the Architecture article, "Conventions").
public enum ExitStatus: Int32, Sendable {
    /// A clean exit: SIGTERM, or a finished `render`.
    case success = 0
    /// A runtime failure nobody expected.
    case failure = 1
    /// A bad command line.
    case usage = 64
    /// No usable display or input device.
    case unavailable = 69
    /// Display busy (or another kiosk running), or a temporary failure worth a restart.
    case temporaryFailure = 75
    /// A bad board file or show manifest.
    case configuration = 78
}
