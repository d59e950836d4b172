import Logging
import Synchronization

/// The process's logging set-up: every `Logger` made after `bootstrap` writes through a
/// `JournalLogHandler` to stderr (the journal under systemd).
///
/// The level comes from the command line's default and the environment variable
/// `VITRINE_LOG` (trace, debug, info, notice, warning, error or critical, any case), so
/// a deployer turns on debug lines with `systemctl edit vitrine`:
///
///     [Service]
///     Environment=VITRINE_LOG=debug
public enum VitrineLog {
    /// The environment variable naming the level.
    public static let environmentVariable = "VITRINE_LOG"

    static let done = Atomic<Bool>(false)

    /// Calls `LoggingSystem.bootstrap` with `JournalLogHandler`s at `level`, once per
    /// process (swift-log allows one bootstrap; later calls do nothing).
    /// - Returns: whether this call did it.
    @discardableResult
    public static func bootstrap(level: Logger.Level) -> Bool {
        guard done.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            return false
        }
        LoggingSystem.bootstrap { label in JournalLogHandler(label: label, level: level) }
        return true
    }

    /// `bootstrap` at the level `VITRINE_LOG` names, or at `fallback` when it is unset or
    /// empty. A value that names no level is not ignored silently: the fallback is used
    /// and a warning says so (the first line of the log).
    @discardableResult
    public static func bootstrap(environment: [String: String], fallback: Logger.Level = .info) -> Bool {
        do {
            return bootstrap(level: try level(environment: environment) ?? fallback)
        } catch {
            let did = bootstrap(level: fallback)
            Logger(label: "vitrine").warning("\(error.description), using \(fallback.rawValue)")
            return did
        }
    }

    /// The level `VITRINE_LOG` names; nil when it is unset or empty.
    public static func level(environment: [String: String]) throws(LogLevelError) -> Logger.Level? {
        guard let value = environment[environmentVariable], !value.isEmpty else { return nil }
        guard let level = Logger.Level(rawValue: value.lowercased()) else { throw LogLevelError(value: value) }
        return level
    }
}

/// `VITRINE_LOG` holds something that is not a level.
public struct LogLevelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The variable's value, as found.
    public var value: String

    public init(value: String) { self.value = value }

    /// `VITRINE_LOG="verbose" is not one of trace, debug, info, notice, warning, error, critical`
    public var description: String {
        "\(VitrineLog.environmentVariable)=\"\(JournalLine.escaped(value))\" is not one of "
            + Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
