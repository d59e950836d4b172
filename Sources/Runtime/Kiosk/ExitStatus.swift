import ConfigFile

/// The process exit codes, from sysexits(3) where one fits, so a service manager and a
/// script can tell what went wrong (the systemd unit restarts on some, not on others).
public enum ExitStatus: Int32, Sendable {
    /// A clean exit: SIGTERM, or a finished `render`.
    case success = 0
    /// A runtime failure nobody expected.
    case failure = 1
    /// A bad command line.
    case usage = 64
    /// A board, show or script file that is missing or cannot be read (EX_NOINPUT).
    case noInput = 66
    /// No usable display or input device.
    case unavailable = 69
    /// Display busy (or another kiosk running), or a temporary failure worth a restart.
    case temporaryFailure = 75
    /// A bad board file or show manifest.
    case configuration = 78
}

extension ConfigError {
    /// 66 for a file that could not be read at all (missing, unreadable, not a file), 78
    /// for a mistake in what it holds.
    public var exitStatus: ExitStatus { isUnreadable ? .noInput : .configuration }
}
