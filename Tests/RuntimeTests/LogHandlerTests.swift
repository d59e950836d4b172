import Dispatch
import Glibc
import Logging
import Runtime
import Synchronization
import Testing

/// The lines a writer produced, collected in order.
final class CollectedLogLines: Sendable {
    let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// A monotonic clock the test moves by hand, seconds.
final class LogHandClock: Sendable {
    let time = Mutex<Double>(0)
    func now() -> Double { time.withLock { $0 } }
    func set(_ t: Double) { time.withLock { $0 = t } }
}

private struct DiskError: Error, CustomStringConvertible {
    var description: String { "EIO on /dev/mmcblk0" }
}

@Suite struct LogHandlerTests {
    let out = CollectedLogLines()
    let clock = LogHandClock()

    func logger(_ label: String = "runtime", level: Logger.Level = .trace, limiter: LogRateLimiter = LogRateLimiter())
        -> Logger
    {
        let (out, clock) = (out, clock)
        let writer = JournalWriter(limiter: limiter, now: { clock.now() }, sink: { out.append($0) })
        return Logger(label: label) { JournalLogHandler(label: $0, level: level, writer: writer) }
    }

    @Test func everyLevelHasItsSyslogPrefix() {
        let log = logger()
        log.trace("t")
        log.debug("d")
        log.info("i")
        log.notice("n")
        log.warning("w")
        log.error("e")
        log.critical("c")
        #expect(
            out.all == [
                "<7>runtime: t", "<7>runtime: d", "<6>runtime: i", "<5>runtime: n", "<4>runtime: w", "<3>runtime: e",
                "<2>runtime: c",
            ])
    }

    @Test func recordsBelowTheLevelAreDropped() {
        let log = logger(level: .warning)
        log.info("quiet")
        log.notice("quiet too")
        log.warning("heard")
        #expect(out.all == ["<4>runtime: heard"])
    }

    @Test func controlCharactersAreEscapedSoARecordIsOneLine() {
        let log = logger("assets\nx")
        log.info("line one\nline two\r\tend \\ back \u{1B}[31m del\u{7F} é")
        #expect(out.all == [#"<6>assets\nx: line one\nline two\r\tend \\ back \x1b[31m del\x7f é"#])
        #expect(!out.all[0].contains("\n"))
    }

    @Test func metadataFollowsSortedAndQuotedWhereNeeded() {
        var log = logger()
        log[metadataKey: "zone"] = "lobby"
        log[metadataKey: "path"] = "overridden"
        log.warning(
            "asset missing",
            metadata: [
                "path": "/srv/show/a b.png", "empty": "", "quote": "say \"hi\"", "lines": "l1\nl2", "eq": "a=b",
                "count": .stringConvertible(3),
            ])
        #expect(
            out.all == [
                #"<4>runtime: asset missing count=3 empty="" eq="a=b" lines=l1\nl2 path="/srv/show/a b.png" quote="say \"hi\"" zone=lobby"#
            ])
    }

    @Test func anErrorComesLast() {
        let log = logger()
        log.error("cannot read card", error: DiskError(), metadata: ["card": "0"])
        #expect(out.all == [#"<3>runtime: cannot read card card=0 error="EIO on /dev/mmcblk0""#])
    }

    /// Five shown, the rest counted; the first after the 10 s window brings the count.
    @Test func repeatedRecordsAreRateLimitedWithASummary() {
        let log = logger()
        for i in 0..<12 {
            clock.set(Double(i) * 0.5)  // 0 ... 5.5 s
            log.warning("display slow", metadata: ["ms": "\(i)"])
        }
        clock.set(9.999)
        log.warning("display slow")  // still the first window: suppressed (8th)
        log.warning("other")  // another key is not affected
        log.error("display slow")  // nor the same message at another level
        clock.set(10.0)
        log.warning("display slow", metadata: ["ms": "99"])
        #expect(
            out.all == [
                "<4>runtime: display slow ms=0", "<4>runtime: display slow ms=1", "<4>runtime: display slow ms=2",
                "<4>runtime: display slow ms=3", "<4>runtime: display slow ms=4", "<4>runtime: other",
                "<3>runtime: display slow", "<4>runtime: suppressed 8 repeats of: display slow",
                "<4>runtime: display slow ms=99",
            ])
        // A new window opened at 10 s: four more pass, then suppression again.
        for _ in 0..<6 { log.warning("display slow") }
        #expect(out.all.count == 9 + 4)
        clock.set(25)
        log.warning("display slow")
        #expect(Array(out.all.suffix(2)) == ["<4>runtime: suppressed 2 repeats of: display slow", "<4>runtime: display slow"])
    }

    @Test func sameMessageUnderAnotherLabelIsAnotherKey() {
        let a = logger("a")
        let b = logger("b")  // another writer: its own limiter
        for _ in 0..<7 {
            a.warning("x")
            b.warning("x")
        }
        #expect(out.all.filter { $0 == "<4>a: x" }.count == 5)
        #expect(out.all.filter { $0 == "<4>b: x" }.count == 5)
    }

    @Test func debugAndTraceAreNeverRateLimited() {
        let log = logger()
        for _ in 0..<20 { log.debug("frame") }
        #expect(out.all == Array(repeating: "<7>runtime: frame", count: 20))
    }

    @Test func flushWritesPendingCounts() {
        let (out, clock) = (out, clock)
        let writer = JournalWriter(now: { clock.now() }, sink: { out.append($0) })
        for _ in 0..<9 { writer.write(level: .warning, label: "touch", message: "ghost touch") }
        for _ in 0..<6 { writer.write(level: .error, label: "drm", message: "flip failed") }
        writer.flushSuppressed()
        #expect(
            Array(out.all.suffix(2)) == [
                "<3>drm: suppressed 1 repeats of: flip failed", "<4>touch: suppressed 4 repeats of: ghost touch",
            ])
        writer.flushSuppressed()
        #expect(out.all.count == 5 + 5 + 2)
    }

    @Test func trackedKeysStayBounded() {
        var limiter = LogRateLimiter(burst: 2, window: 10, capacity: 3)
        let key = { (m: String) in LogRateLimiter.Key(label: "l", level: .warning, message: m) }
        for m in ["a", "b", "c"] { #expect(limiter.admit(key(m), at: 0) == .show(suppressedBefore: 0)) }
        // Full, every window open: a new key is shown but not tracked.
        #expect(limiter.admit(key("d"), at: 1) == .show(suppressedBefore: 0))
        #expect(limiter.trackedKeys == 3)
        _ = limiter.admit(key("a"), at: 2)
        #expect(limiter.admit(key("a"), at: 3) == .suppress)
        // After the window, the quiet keys b and c are forgotten; a keeps its count.
        #expect(limiter.admit(key("e"), at: 11) == .show(suppressedBefore: 0))
        #expect(limiter.trackedKeys == 2)
        #expect(limiter.admit(key("a"), at: 12) == .show(suppressedBefore: 1))
    }

    /// Eight threads writing through the real write(2) path to one file: every line is
    /// whole, none lost, and each thread's lines keep their order.
    @Test func concurrentRecordsComeOutAsWholeLines() throws {
        let path = "/tmp/vitrine-log-\(getpid()).txt"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        #expect(fd >= 0)
        defer { unlink(path) }
        let writer = JournalWriter(sink: { JournalWriter.writeLine($0, to: fd) })
        let log = Logger(label: "paint") { JournalLogHandler(label: $0, writer: writer) }
        let threads = 8
        let records = 400
        let padding = String(repeating: "x", count: 150)
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for r in 0..<records { log.info("thread \(t) record \(r) \(padding)", metadata: ["t": "\(t)"]) }
        }
        close(fd)

        let readFD = open(path, O_RDONLY | O_CLOEXEC)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(readFD, &chunk, chunk.count)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        close(readFD)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == threads * records + 1)
        #expect(lines.last == "")
        var next = [Int](repeating: 0, count: threads)
        for line in lines.dropLast() {
            // "<6>paint: thread T record R xxx... t=T"
            let words = line.split(separator: " ")
            guard words.count == 7, words[0] == "<6>paint:", let t = Int(words[2]), t >= 0, t < threads else {
                Issue.record("torn line: \(line)")
                return
            }
            #expect(line == "<6>paint: thread \(t) record \(next[t]) \(padding) t=\(t)")
            next[t] += 1
        }
        #expect(next == [Int](repeating: records, count: threads))
    }

    @Test func levelFromTheEnvironment() throws {
        #expect(try VitrineLog.level(environment: [:]) == nil)
        #expect(try VitrineLog.level(environment: ["VITRINE_LOG": ""]) == nil)
        #expect(try VitrineLog.level(environment: ["VITRINE_LOG": "debug"]) == .debug)
        #expect(try VitrineLog.level(environment: ["VITRINE_LOG": "WARNING"]) == .warning)
        #expect(try VitrineLog.level(environment: ["VITRINE_LOG": "Trace"]) == .trace)
        #expect(throws: LogLevelError(value: "verbose")) { try VitrineLog.level(environment: ["VITRINE_LOG": "verbose"]) }
        #expect(
            LogLevelError(value: "warn\n").description
                == #"VITRINE_LOG="warn\n" is not one of trace, debug, info, notice, warning, error, critical"#)
    }

    @Test func priorityNumbers() {
        #expect(Logger.Level.allCases.map(JournalPriority.number(for:)) == [7, 7, 6, 5, 4, 3, 2])
    }
}
