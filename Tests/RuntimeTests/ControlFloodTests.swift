import LinuxSystem
import Glibc
import Testing

@testable import Runtime

/// Silent control clients never lock the operator out: the server accepts every waiting
/// connection at each wake-up, keeps at most 16 open (the oldest silent one closed to
/// make room), and answers a client that sent its line at once. And `vitrine ctl`'s
/// client says what happened when a kiosk is there but gives no answer, instead of "no
/// kiosk answers".
@Suite struct ControlFloodTests {
    func tempPath(_ name: String) -> String { "/tmp/vitrine-flood-\(getpid())-\(name)" }

    /// A connected, non-blocking client socket that sends nothing (nil when the
    /// connection can't be queued).
    func silentClient(_ path: String) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return nil }
        let r = (try? UnixAddress(path: path))?.withSockaddr { connect(fd, $0, $1) } ?? -1
        if r != 0 {
            close(fd)
            return nil
        }
        return fd
    }

    /// Runs `body` on a thread of its own; `join` waits for it.
    final class Background: @unchecked Sendable {
        private var thread = pthread_t()
        private let body: () -> Void
        private(set) var finished = false

        init(_ body: @escaping () -> Void) {
            self.body = body
            let raw = Unmanaged.passRetained(self).toOpaque()
            pthread_create(&thread, nil, { raw in
                let me = Unmanaged<Background>.fromOpaque(raw!).takeRetainedValue()
                me.body()
                me.finished = true
                return nil
            }, raw)
        }

        func join() { pthread_join(thread, nil) }
    }

    @Test func twoHundredSilentConnectionsDoNotKeepOutACommand() throws {
        let server = try ControlServer(path: tempPath("200"))
        var silent: [Int32] = []
        defer { for fd in silent { close(fd) } }
        // 200 connections that never speak, made while the server is serviced (as the
        // kiosk's loop would between them): the backlog alone holds 64.
        while silent.count < 200 {
            if let fd = silentClient(server.path) { silent.append(fd) } else { server.service(now: MonotonicClock.now()) { _ in [] } }
        }
        server.service(now: MonotonicClock.now()) { _ in [] }
        #expect(server.clients.count <= ControlServer.maxClients)
        #expect(server.evictedClients >= 200 - ControlServer.maxClients - Int(ControlServer.backlog))

        // The operator's command, from another thread, while this one services the loop.
        nonisolated(unsafe) var reply: [String] = []
        nonisolated(unsafe) var failure: String?
        let path = server.path
        let started = MonotonicClock.now()
        let client = Background {
            do { reply = try ControlClient.send("status", to: path, timeout: 10) } catch { failure = "\(error)" }
        }
        while !client.finished && MonotonicClock.now() - started < 15 {
            server.service(now: MonotonicClock.now()) { line in ["ok", "got=\(line)"] }
            usleep(1000)
        }
        client.join()
        let seconds = MonotonicClock.now() - started
        print("ctl status with 200 silent connections held: answered in \(seconds) s")
        #expect(failure == nil)
        #expect(reply == ["ok", "got=status"])
        // A hang bound only: on an idle machine this is a few milliseconds.
        #expect(seconds < 10)
        #expect(server.clients.count <= ControlServer.maxClients)
    }

    @Test func theOldestSilentClientGoesFirstNotOneHalfwayThroughItsLine() throws {
        let server = try ControlServer(path: tempPath("evict"))
        let noop: (String) -> [String] = { ["ok \($0)"] }
        // A client that has sent half its command, then 20 that send nothing.
        let halfway = try #require(silentClient(server.path))
        defer { close(halfway) }
        _ = "sta".withCString { write(halfway, $0, 3) }
        server.service(now: MonotonicClock.now(), handle: noop)
        var silent: [Int32] = []
        defer { for fd in silent { close(fd) } }
        for _ in 0..<20 { if let fd = silentClient(server.path) { silent.append(fd) } }
        server.service(now: MonotonicClock.now(), handle: noop)
        #expect(server.clients.count == ControlServer.maxClients)
        #expect(server.evictedClients == 21 - ControlServer.maxClients)
        #expect(server.clients.contains { !$0.buffer.isEmpty })
        // The rest of its line: answered.
        _ = "tus\n".withCString { write(halfway, $0, 4) }
        server.service(now: MonotonicClock.now(), handle: noop)
        var p = pollfd(fd: halfway, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 5000) == 1)
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = bytes.withUnsafeMutableBytes { read(halfway, $0.baseAddress, $0.count) }
        #expect(n > 0 && String(decoding: bytes[0..<max(n, 0)], as: UTF8.self) == "ok status\n")
        // The evicted ones were closed: each reads end-of-file.
        let closed = silent.prefix(21 - ControlServer.maxClients).filter { fd in
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 1000) == 1 else { return false }
            var b: UInt8 = 0
            return read(fd, &b, 1) == 0
        }
        #expect(closed.count == 21 - ControlServer.maxClients)
    }

    @Test func aLineTooLongIsRefusedAndMemoryStaysBounded() throws {
        let server = try ControlServer(path: tempPath("long"))
        let fd = try #require(silentClient(server.path))
        defer { close(fd) }
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 4000)
        _ = long.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        server.service(now: MonotonicClock.now()) { _ in ["ok"] }
        #expect(server.clients.isEmpty)
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 5000) == 1)
        var bytes = [UInt8](repeating: 0, count: 128)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        #expect(String(decoding: bytes[0..<max(n, 0)], as: UTF8.self) == "error: command longer than 256 bytes\n")
    }

    /// A socket listening at `path` that nobody ever accepts from: connections queue (up
    /// to `backlog`) and get no answer.
    func unansweredListener(_ path: String, backlog: Int32) throws -> Int32 {
        unlink(path)
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try UnixAddress(path: path).withSockaddr { #expect(bind(listener, $0, $1) == 0) }
        #expect(listen(listener, backlog) == 0)
        return listener
    }

    @Test func aKioskThatTakesTheConnectionButNeverAnswersIs75() throws {
        // A listening socket nobody accepts from: the connection is queued, no reply.
        let path = tempPath("mute")
        let listener = try unansweredListener(path, backlog: 8)
        defer {
            close(listener)
            unlink(path)
        }
        let started = MonotonicClock.now()
        #expect(throws: ControlClientError.noAnswer(path: path, seconds: 0.5)) {
            try ControlClient.send("status", to: path, timeout: 0.5)
        }
        #expect(MonotonicClock.now() - started < 10)
        let e = ControlClientError.noAnswer(path: path, seconds: 3)
        #expect(e.description == "the kiosk at \(path) accepted the connection but did not answer within 3 s")
        #expect(e.exitStatus == .temporaryFailure)
    }

    @Test func aKioskWhoseQueueIsFullIs75() throws {
        let path = tempPath("full")
        let listener = try unansweredListener(path, backlog: 0)
        defer {
            close(listener)
            unlink(path)
        }
        // Fill the queue (a backlog of 0 still queues one).
        var queued: [Int32] = []
        defer { for fd in queued { close(fd) } }
        for _ in 0..<8 {
            guard let fd = silentClient(path) else { break }
            queued.append(fd)
        }
        let started = MonotonicClock.now()
        #expect(throws: ControlClientError.notAccepted(path: path, seconds: 0.5)) {
            try ControlClient.send("status", to: path, timeout: 0.5)
        }
        #expect(MonotonicClock.now() - started < 10)
        #expect(
            ControlClientError.notAccepted(path: path, seconds: 3).description
                == "the kiosk at \(path) did not accept the connection within 3 s (too many connections waiting)")
        // And a new kiosk there is told it is busy, not handed a stale socket to delete.
        #expect(throws: ControlSocketError.busy(path: path)) { try ControlServer(path: path) }
    }

    @Test func aConnectionClosedWithoutAReplyIs75() throws {
        let path = tempPath("closer")
        unlink(path)
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer {
            close(listener)
            unlink(path)
        }
        try UnixAddress(path: path).withSockaddr { #expect(bind(listener, $0, $1) == 0) }
        #expect(listen(listener, 8) == 0)
        // Accepts, waits for the line, closes without a word.
        let closer = Background {
            let c = accept(listener, nil, nil)
            guard c >= 0 else { return }
            var p = pollfd(fd: c, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 5000)
            close(c)
        }
        #expect(throws: ControlClientError.closedWithoutAnswer(path: path)) {
            try ControlClient.send("status", to: path, timeout: 10)
        }
        closer.join()
        #expect(ControlClientError.closedWithoutAnswer(path: path).exitStatus == .temporaryFailure)
    }
}
