import LinuxSystem
internal import Glibc
import Logging
import Synchronization

/// Where every `JournalLogHandler` of a process writes: formats a record as one line
/// (`JournalLine`), applies the rate limit (`LogRateLimiter`), and hands the line to the
/// sink. One lock covers the limit and the write, so lines from different threads never
/// interleave and a summary line always directly precedes the record it belongs to.
public final class JournalWriter: Sendable {
    /// Takes one line, without its newline.
    public typealias Sink = @Sendable (String) -> Void
    /// Seconds from a monotonic clock.
    public typealias Clock = @Sendable () -> Double

    /// The writer `VitrineLog.bootstrap` installs: stderr, CLOCK_MONOTONIC, 5 per 10 s,
    /// priority prefixes only when stderr is the journal (`LogStyle.process`).
    public static let standard = JournalWriter(style: .process)

    /// Records below this level (debug, trace) are never rate-limited: whoever turned
    /// them on wants all of them.
    public static let rateLimitedFrom: Logger.Level = .info

    let sink: Sink
    let now: Clock
    let limiter: Mutex<LogRateLimiter>
    /// How each line starts: `<P>label: ` or `level: `.
    public let style: LogStyle

    public init(
        limiter: LogRateLimiter = LogRateLimiter(), now: @escaping Clock = { MonotonicClock.now() }, style: LogStyle = .journal,
        sink: @escaping Sink = { JournalWriter.writeLine($0, to: 2) }
    ) {
        self.style = style
        self.sink = sink
        self.now = now
        self.limiter = Mutex(limiter)
    }

    /// Writes one record (or counts it, when rate-limited).
    public func write(
        level: Logger.Level, label: String, message: String, metadata: Logger.Metadata = [:],
        error: (any Error)? = nil
    ) {
        let line = JournalLine.format(
            level: level, label: label, message: message, metadata: metadata, error: error, style: style)
        let key = LogRateLimiter.Key(label: label, level: level, message: message)
        let limited = level >= Self.rateLimitedFrom
        let time = limited ? now() : 0
        limiter.withLock { limiter in
            if limited {
                switch limiter.admit(key, at: time) {
                case .suppress: return
                case .show(let held):
                    if held > 0 { sink(Self.summary(key, count: held, style: style)) }
                }
            }
            sink(line)
        }
    }

    /// Writes a summary line for every key with records held back, and forgets all keys:
    /// call it before exit, so no count is lost.
    public func flushSuppressed() {
        limiter.withLock { limiter in
            for (key, count) in limiter.drainSuppressed() { sink(Self.summary(key, count: count, style: style)) }
        }
    }

    /// `<P>label: suppressed N repeats of: message` (plain: `level: suppressed ...`), at
    /// the records' own level.
    public static func summary(_ key: LogRateLimiter.Key, count: Int, style: LogStyle = .journal) -> String {
        style.prefix(level: key.level, label: key.label) + "suppressed \(count) repeats of: " + JournalLine.escaped(key.message)
    }

    /// `line` and a newline to `fd` (2, stderr, for the standard writer) in one write(2),
    /// so lines shorter than PIPE_BUF (4096 bytes) arrive whole even if another process
    /// writes to the same pipe; retried on EINTR and continued after a short write. A
    /// failed write is dropped: there is no one left to tell.
    public static func writeLine(_ line: String, to fd: Int32) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = retryingEINTR { Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset) }
                guard n > 0 else { return }
                offset += n
            }
        }
    }
}
