import ConfigFile

/// Why the kiosk can't start (or must stop), each with its exit status (the Architecture article, "Conventions").
public enum KioskError: Error, CustomStringConvertible {
    /// A bad board file or show manifest: exit 78; one that cannot be read: exit 66.
    case configuration(ConfigError)
    /// No usable display or input device, with what was looked at: exit 69.
    case unavailable(String)
    /// Something is busy (the display, another kiosk's control socket): exit 75.
    case busy(String)
    /// A bad command line (`--control` naming a file that is not a socket): exit 64.
    case usage(String)
    /// Anything else: exit 1.
    case failure(String)

    public var exitStatus: ExitStatus {
        switch self {
        case .configuration(let e): e.exitStatus
        case .unavailable: .unavailable
        case .busy: .temporaryFailure
        case .usage: .usage
        case .failure: .failure
        }
    }

    public var description: String {
        switch self {
        case .configuration(let e): "\(e)"
        case .unavailable(let what): "no usable display: \(what)"
        case .busy(let what): what
        case .usage(let what): what
        case .failure(let what): what
        }
    }
}
