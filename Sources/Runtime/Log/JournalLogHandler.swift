import Logging

/// swift-log's handler for Vitrine: every record becomes one line on stderr, with the
/// syslog priority prefix journald reads when stderr is the journal and the level's name
/// otherwise (`JournalLine` has the format, `LogStyle` the choice, `JournalWriter` the
/// rate limit and the write). Under systemd, stderr is the journal, so
/// `journalctl -u vitrine -p warning` shows warnings and worse.
///
/// A value, as swift-log requires: a logger's level and metadata belong to that logger;
/// the writer (and its rate limit) is shared.
public struct JournalLogHandler: LogHandler {
    public let label: String
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public let writer: JournalWriter

    public init(
        label: String, level: Logger.Level = .info, writer: JournalWriter = .standard,
        metadataProvider: Logger.MetadataProvider? = nil
    ) {
        self.label = label
        self.logLevel = level
        self.writer = writer
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Metadata of the handler, then the provider, then the record: a later one wins a key.
    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
        if let own = event.metadata { all.merge(own) { $1 } }
        writer.write(level: event.level, label: label, message: event.message.description, metadata: all, error: event.error)
    }
}
