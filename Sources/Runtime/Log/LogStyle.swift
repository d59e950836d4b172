internal import Glibc
import Logging

/// How a log line starts: with the syslog priority journald reads, or with a plain word
/// for a person at a terminal (or a file or pipe a person reads).
///
///     <4>vitrine: control socket: more than 16 connections waiting    (.journal)
///     warning: control socket: more than 16 connections waiting      (.plain)
public enum LogStyle: Sendable, Equatable {
    /// stderr is the journal: `<P>label: message`, the priority becoming the record's
    /// PRIORITY field (`journalctl -p warning`).
    case journal
    /// Anything else: `level: message`, the level's name (`error`, `warning`, `info`,
    /// ...) in place of the priority number, and no label (there is one program).
    case plain

    /// `.journal` when stderr (`fd`) is the journal: `JOURNAL_STREAM` is set (systemd sets
    /// it for a service whose stdout or stderr it connects to the journal) and names this
    /// very stream, as `device:inode` of `fd`'s file (sd_journal_stream_fd(3)). A variable
    /// inherited by a process whose stderr goes elsewhere (a shell started from a service,
    /// then a terminal) does not count. `.plain` otherwise.
    public static func detect(environment: [String: String], fd: Int32 = 2) -> LogStyle {
        guard let stream = environment["JOURNAL_STREAM"], !stream.isEmpty else { return .plain }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .plain }
        return stream == "\(UInt64(info.st_dev)):\(UInt64(info.st_ino))" ? .journal : .plain
    }

    /// This process's style, found once from its environment and stderr.
    public static let process = detect(environment: ProcessEnvironment.current())

    /// What begins a line of `level` from `label`: `<4>vitrine: ` or `warning: `.
    public func prefix(level: Logger.Level, label: String) -> String {
        switch self {
        case .journal: JournalPriority.prefix(for: level) + JournalLine.escaped(label) + ": "
        case .plain: level.rawValue + ": "
        }
    }
}
