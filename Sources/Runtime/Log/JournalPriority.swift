import Logging

/// The syslog priority journald reads from the start of a line written to a service's
/// stdout or stderr (`<N>`, see sd-daemon(3)); it becomes the record's PRIORITY field,
/// which `journalctl -p` filters on and colours by.
///
/// swift-log's seven levels map onto syslog's eight as follows. `critical` maps to
/// `<2>` (crit), not `<3>`: it is the level for "the kiosk cannot go on", and journalctl
/// shows it in bold red apart from ordinary errors. Nothing maps to emerg, alert
/// (0, 1): those are for the whole system.
///
/// | swift-log | prefix | syslog |
/// |---|---|---|
/// | critical | `<2>` | crit |
/// | error | `<3>` | err |
/// | warning | `<4>` | warning |
/// | notice | `<5>` | notice |
/// | info | `<6>` | info |
/// | debug, trace | `<7>` | debug |
public enum JournalPriority {
    /// The syslog priority number, 2...7.
    public static func number(for level: Logger.Level) -> Int {
        switch level {
        case .critical: 2
        case .error: 3
        case .warning: 4
        case .notice: 5
        case .info: 6
        case .debug, .trace: 7
        }
    }

    /// `<N>`, the prefix of every line.
    public static func prefix(for level: Logger.Level) -> String {
        "<\(number(for: level))>"
    }
}
