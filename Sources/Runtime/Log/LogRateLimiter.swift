import Logging

/// Holds back repeats of one log record so a fault that recurs every frame can't flood
/// the journal (or wear a panel's SD card).
///
/// Records are the same when their label, level and message text are (metadata does not
/// count: "asset missing path=a" and "... path=b" are the same record only if the path is
/// in the metadata, not in the message). Per such key, a window of `window` seconds opens
/// at the first record: its first `burst` records are shown, the rest are counted and
/// suppressed. The first record of the key after the window has closed is shown, preceded
/// by one summary line with the count, and opens a new window. So a record repeating
/// forever costs at most `burst` + 1 lines per window.
///
/// Memory stays bounded: at most `capacity` keys are tracked; when full, closed windows
/// with nothing suppressed are forgotten, and if that frees nothing a new key is shown
/// without being tracked.
public struct LogRateLimiter: Sendable {
    /// What makes two records "the same".
    public struct Key: Hashable, Sendable {
        public var label: String
        public var level: Logger.Level
        public var message: String
        public init(label: String, level: Logger.Level, message: String) {
            self.label = label
            self.level = level
            self.message = message
        }
    }

    /// What to do with a record.
    public enum Verdict: Equatable, Sendable {
        /// Write it; first write a summary line when `suppressedBefore` > 0 (the count of
        /// this key's records held back in its previous window).
        case show(suppressedBefore: Int)
        /// Count it and write nothing.
        case suppress
    }

    struct Entry {
        /// Seconds (the limiter's clock) when the window opened.
        var start: Double
        var count: Int
        var suppressed: Int
    }

    /// Records shown per key per window.
    public let burst: Int
    /// Window length, seconds.
    public let window: Double
    /// Keys tracked at most.
    public let capacity: Int
    var entries: [Key: Entry] = [:]

    public init(burst: Int = 5, window: Double = 10, capacity: Int = 1024) {
        precondition(burst >= 1 && window > 0 && capacity >= 1)
        self.burst = burst
        self.window = window
        self.capacity = capacity
    }

    /// Decides about one record of `key` logged at `now` (seconds, monotonic).
    public mutating func admit(_ key: Key, at now: Double) -> Verdict {
        if var entry = entries[key] {
            if now - entry.start < window {
                entry.count += 1
                let verdict: Verdict
                if entry.count > burst {
                    entry.suppressed += 1
                    verdict = .suppress
                } else {
                    verdict = .show(suppressedBefore: 0)
                }
                entries[key] = entry
                return verdict
            }
            entries[key] = Entry(start: now, count: 1, suppressed: 0)
            return .show(suppressedBefore: entry.suppressed)
        }
        if entries.count >= capacity {
            entries = entries.filter { now - $0.value.start < window || $0.value.suppressed > 0 }
            if entries.count >= capacity { return .show(suppressedBefore: 0) }
        }
        entries[key] = Entry(start: now, count: 1, suppressed: 0)
        return .show(suppressedBefore: 0)
    }

    /// Keys with records held back, with their counts (sorted by label, then message), and
    /// forgets every key: for a summary at exit.
    public mutating func drainSuppressed() -> [(key: Key, count: Int)] {
        let held = entries.filter { $0.value.suppressed > 0 }
            .map { (key: $0.key, count: $0.value.suppressed) }
            .sorted { ($0.key.label, $0.key.message) < ($1.key.label, $1.key.message) }
        entries = [:]
        return held
    }

    /// Keys tracked now (for tests of the bound).
    public var trackedKeys: Int { entries.count }
}
