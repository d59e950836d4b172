import LinuxSystem
import ConfigFile
import Glibc
import Logging
import Testing

@testable import Runtime

/// Bad input on the control socket: 1 000 connections at once and a 1 MB line. The
/// refusals are bounded (the kernel's listen backlog of 64, at most 16 connections kept
/// waiting, 256 bytes of a line held, an error reply for a longer one), every connection
/// the kiosk took is closed again (each client sees its end hang up: no descriptor kept),
/// and the kiosk's loop keeps drawing frames and answering the operator meanwhile.
@Suite(.serialized) struct ControlBadInputTests {
    typealias Background = ControlFloodTests.Background

    func tempPath(_ name: String) -> String { "/tmp/vitrine-bad-\(getpid())-\(name)" }

    /// Room for a few thousand descriptors (some machines start with 1 024).
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < 4096 else { return }
        limit.rlim_cur = min(limit.rlim_max, 4096)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// A non-blocking connect: the descriptor, or nil when the kiosk's backlog is full
    /// (EAGAIN: the kernel refuses at once, nothing waits).
    static func connectNow(_ path: String) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return nil }
        let r = (try? UnixAddress(path: path))?.withSockaddr { connect(fd, $0, $1) } ?? -1
        if r != 0 {
            close(fd)
            return nil
        }
        return fd
    }

    /// What a client reads until the server closes its end, or nil while it is open
    /// (a server still holding the connection). Never blocks.
    static func readToHangUp(_ fd: Int32) -> String? {
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                text += chunk[0..<n]
                continue
            }
            if n == 0 || errno == ECONNRESET || errno == EPIPE { return String(decoding: text, as: UTF8.self) }
            return nil  // EAGAIN: the server's end is still open
        }
    }

    /// 1 000 connections, every other one sending `status` as it connects, the rest
    /// silent. All at once, with nobody accepting: the kernel queues the backlog and
    /// refuses the rest at once. Then while the server is serviced between attempts,
    /// as the kiosk's loop does: all of them get in, the speakers are answered, the
    /// silent ones wait in at most 16 places and are closed (evicted, or after 2 s).
    @Test func aThousandConnectionsAtOnceAreRefusedOrAnsweredAndAllClosed() throws {
        Self.raiseDescriptorLimit()
        let server = try ControlServer(path: tempPath("thousand"))
        let handle: (String) -> [String] = { ["ok \($0)"] }
        let line = Array("status\n".utf8)

        // At once, nobody accepting.
        var burst: [Int32] = []
        var refused = 0
        for _ in 0..<1000 {
            if let fd = Self.connectNow(server.path) { burst.append(fd) } else { refused += 1 }
        }
        #expect(burst.count <= Int(ControlServer.backlog) + 1)
        #expect(refused >= 1000 - Int(ControlServer.backlog) - 1)
        for fd in burst { close(fd) }
        server.service(now: MonotonicClock.now(), handle: handle)
        #expect(server.clients.isEmpty)

        // Serviced between attempts: every one gets in.
        var clients: [(fd: Int32, speaks: Bool)] = []
        defer { for c in clients { close(c.fd) } }
        let started = MonotonicClock.now()
        while clients.count < 1000 && MonotonicClock.now() - started < 60 {
            if let fd = Self.connectNow(server.path) {
                let speaks = clients.count % 2 == 0
                if speaks { _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
                clients.append((fd, speaks))
            } else {
                server.service(now: MonotonicClock.now(), handle: handle)
            }
            #expect(server.clients.count <= ControlServer.maxClients)
        }
        #expect(clients.count == 1000)
        server.service(now: MonotonicClock.now(), handle: handle)
        #expect(server.clients.count <= ControlServer.maxClients)
        #expect(server.evictedClients > 0)
        // The last silent ones time out.
        let end = MonotonicClock.now() + ControlServer.clientTimeout + 0.5
        while MonotonicClock.now() < end {
            server.service(now: MonotonicClock.now(), handle: handle)
            usleep(20_000)
        }
        #expect(server.clients.isEmpty)

        // Every connection was closed by the server: each speaker read its answer, each
        // silent one an end of file.
        var answered = 0
        var stillOpen = 0
        for c in clients {
            guard let text = Self.readToHangUp(c.fd) else {
                stillOpen += 1
                continue
            }
            if c.speaks {
                #expect(text == "ok status\n")
                if text == "ok status\n" { answered += 1 }
            } else {
                #expect(text == "")
            }
        }
        #expect(stillOpen == 0)
        #expect(answered == 500)
        print("control flood: \(refused) of 1000 refused at once; then all in, \(server.evictedClients) evicted")
    }

    /// A 1 MB line: the server reads no more than its limit and a chunk, answers with
    /// the error and closes; the writer's send ends (EPIPE), and the reply is read whole.
    @Test func aMegabyteLineGetsTheErrorAndTheServerHoldsAtMost384Bytes() throws {
        let server = try ControlServer(path: tempPath("megabyte"))
        let path = server.path
        nonisolated(unsafe) var reply: String?
        nonisolated(unsafe) var sent = 0
        let writer = Background {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            defer { close(fd) }
            guard (try? UnixAddress(path: path))?.withSockaddr({ connect(fd, $0, $1) }) == 0 else { return }
            let megabyte = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            while sent < megabyte.count {
                let n = megabyte.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { break }
                sent += n
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 10_000)
            reply = Self.readToHangUp(fd)
        }
        let started = MonotonicClock.now()
        var most = 0
        while !writer.finished && MonotonicClock.now() - started < 20 {
            server.service(now: MonotonicClock.now()) { _ in ["ok"] }
            most = max(most, server.clients.map(\.buffer.count).max() ?? 0)
            usleep(1000)
        }
        writer.join()
        #expect(reply == "error: command longer than 256 bytes\n")
        #expect(sent < 1 << 20, "the whole megabyte went into socket buffers")
        #expect(most <= ControlServer.maxRequestBytes + 128)
        #expect(server.clients.isEmpty)
    }

    /// `vitrine ctl`'s client sending more than the kiosk takes: the error reply, not a
    /// connection reset.
    @Test func theClientReadsTheReplyToALineTooLong() throws {
        let server = try ControlServer(path: tempPath("client-long"))
        let path = server.path
        nonisolated(unsafe) var reply: [String] = []
        nonisolated(unsafe) var failure: String?
        let client = Background {
            do {
                reply = try ControlClient.send(String(repeating: "y", count: 200_000), to: path, timeout: 10)
            } catch { failure = "\(error)" }
        }
        let started = MonotonicClock.now()
        while !client.finished && MonotonicClock.now() - started < 20 {
            server.service(now: MonotonicClock.now()) { _ in ["ok"] }
            usleep(1000)
        }
        client.join()
        #expect(failure == nil)
        #expect(reply == ["error: command longer than 256 bytes"])
    }
}

/// The whole kiosk under the same flood: its loop (poll on the display's flips, timers
/// and the control socket) keeps drawing the launch's frames, one per refresh period at
/// most, answers `status` in the middle of it, and ends with no connection held.
@Suite(.serialized) struct KioskControlFloodTests {
    final class Results: @unchecked Sendable {
        var started = 0.0
        var ended = 0.0
        var status: [String] = []
        var statusFailure: String?
        var longReply: String?
        var clients: [Int32] = []
    }

    @Test func framesAndAnswersContinueThroughAThousandConnectionsAndAMegabyteLine() throws {
        ControlBadInputTests.raiseDescriptorLimit()
        let path = "/tmp/vitrine-kiosk-flood-\(getpid())"
        let display = try FlipPacedDisplay(width: 160, height: 96)
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.watchdogInterval = 0.1
        settings.controlPath = path
        settings.paintThreads = 0
        let kiosk = try Kiosk(
            settings: settings, display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: nil) },
            textRasterizer: nil, notify: { _ in },
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        kiosk.watchdogTimer.arm(after: 0.05, every: 0.05)
        try kiosk.frame(at: 0, force: true)
        kiosk.scheduleIfMoving()

        // The flood starts while the doors open (hold 0.5 s, then 1.2 s of motion).
        while kiosk.now < 0.6 { try kiosk.pollOnce() }
        let r = Results()
        let flood = ControlFloodTests.Background {
            r.started = MonotonicClock.now()
            // 1 000 connections as fast as the kernel takes them (a refused one is tried
            // again), every other one with a line; the rest silent and kept open.
            let line = Array("status\n".utf8)
            let deadline = MonotonicClock.now() + 30
            while r.clients.count < 1000 && MonotonicClock.now() < deadline {
                guard let fd = ControlBadInputTests.connectNow(path) else {
                    usleep(200)
                    continue
                }
                if r.clients.count % 2 == 0 { _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
                r.clients.append(fd)
            }
            // A megabyte line, then the operator's status.
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            if (try? UnixAddress(path: path))?.withSockaddr({ connect(fd, $0, $1) }) == 0 {
                let megabyte = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
                var sent = 0
                while sent < megabyte.count {
                    let n = megabyte.withUnsafeBytes {
                        send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
                    }
                    if n <= 0 { break }
                    sent += n
                }
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&p, 1, 10_000)
                r.longReply = ControlBadInputTests.readToHangUp(fd)
            }
            close(fd)
            do { r.status = try ControlClient.send("status", to: path, timeout: 10) } catch {
                r.statusFailure = "\(error)"
            }
            r.ended = MonotonicClock.now()
        }
        defer { for fd in r.clients { close(fd) } }
        // The loop runs as `run()` runs it, until the flood is over and the launch done.
        let limit = MonotonicClock.now() + 60
        while (!flood.finished || kiosk.now < 2.5) && MonotonicClock.now() < limit { try kiosk.pollOnce() }
        flood.join()

        #expect(r.clients.count == 1000)
        #expect(r.statusFailure == nil)
        #expect(r.status.first == "ok")
        #expect(r.status.contains("state=running"))
        #expect(r.longReply == "error: command longer than 256 bytes\n")
        // Frames went on during the flood, never two in one refresh period.
        let during = display.presents.filter { $0 >= r.started && $0 <= r.ended }
        let periods = display.presents.map { (($0 - display.origin) / display.period).rounded(.down) }
        #expect(Set(periods).count == periods.count, "two presents within one refresh period")
        #expect(display.violations == 0)
        let milliseconds = Int((r.ended - r.started) * 1000)
        print(
            "kiosk under a control flood: \(during.count) frames presented in the flood's \(milliseconds) ms "
                + "(\(display.presents.count) in all, a period is \(Int(display.period * 1000)) ms)")
        // Where the flood overlapped the doors' motion for 5 periods or more, frames
        // were presented in it: a loop starved by the flood would present none.
        let motionStart = max(r.started, kiosk.startTime + 0.55)
        let motionEnd = min(r.ended, kiosk.startTime + 1.65)
        if motionEnd - motionStart > 5 * display.period {
            #expect(display.presents.contains { $0 >= motionStart && $0 <= motionEnd }, "no frames while flooded")
        }
        // Every silent connection is closed within the client timeout.
        let end = MonotonicClock.now() + ControlServer.clientTimeout + 0.5
        while MonotonicClock.now() < end { try kiosk.pollOnce() }
        #expect(kiosk.control?.clients.isEmpty == true)
        let open = r.clients.filter { ControlBadInputTests.readToHangUp($0) == nil }
        #expect(open.isEmpty, "\(open.count) connections still held")
    }
}
