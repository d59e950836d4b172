import LinuxSystem
import Glibc
import Testing

@testable import Runtime

/// The control socket's server and client, in one process: the server is serviced on
/// a thread while the client waits for its reply.
@Suite struct ControlSocketTests {
    func tempPath(_ name: String) -> String { "/tmp/vitrine-ctl-\(getpid())-\(name)" }

    /// Sends `command` from a client thread while this thread services the server.
    func roundTrip(_ server: ControlServer, _ command: String, reply: @escaping (String) -> [String]) throws -> [String] {
        nonisolated(unsafe) var result: [String] = []
        nonisolated(unsafe) var failure: (any Error)?
        nonisolated(unsafe) var done = false
        let path = server.path
        var thread = pthread_t()
        let box = Unmanaged.passRetained(ClientJob { 
            do { result = try ControlClient.send(command, to: path) } catch { failure = error }
            done = true
        })
        pthread_create(&thread, nil, { raw in
            let job = Unmanaged<ClientJob>.fromOpaque(raw!).takeRetainedValue()
            job.body()
            return nil
        }, box.toOpaque())
        let deadline = MonotonicClock.now() + 5
        while MonotonicClock.now() < deadline {
            server.service(now: MonotonicClock.now(), handle: reply)
            usleep(1000)
            if done { break }
        }
        pthread_join(thread, nil)
        if let failure { throw failure }
        return result
    }

    @Test func commandAndReplyRoundTrip() throws {
        let server = try ControlServer(path: tempPath("a"))
        let lines = try roundTrip(server, "status") { line in ["ok", "got=\(line)", "two=2"] }
        #expect(lines == ["ok", "got=status", "two=2"])
        // The server trims what a person might type with stray spaces.
        #expect(try roundTrip(server, "  home \r") { ["ok \($0)"] } == ["ok home"])
    }

    @Test func aLiveSocketIsBusyAndAStaleOneIsReplaced() throws {
        let path = tempPath("b")
        let first = try ControlServer(path: path)
        #expect(throws: ControlSocketError.busy(path: path)) { try ControlServer(path: path) }
        #expect(ControlSocketError.busy(path: path).description == "control socket \(path) is in use: another vitrine is running")
        _ = first
        // A socket file nobody listens on (a crashed kiosk's) is taken over.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let stalePath = tempPath("c")
        try UnixAddress(path: stalePath).withSockaddr { _ = bind(stale, $0, $1) }
        close(stale)
        #expect(access(stalePath, F_OK) == 0)
        let server = try ControlServer(path: stalePath)
        #expect(server.path == stalePath)
    }

    @Test func noServerIsANamedError() {
        let path = tempPath("none")
        let absent = ControlClientError.noKiosk(path: path, SystemCallError("connect \(path)", errno: ENOENT))
        #expect(throws: absent) { try ControlClient.send("status", to: path) }
        #expect(absent.description == "no kiosk answers at \(path): connect \(path): No such file or directory (ENOENT)")
        #expect(absent.exitStatus == .unavailable)
    }

    @Test func tooLongAPathIsRefused() {
        let path = "/tmp/" + String(repeating: "x", count: 200)
        #expect(throws: ControlSocketError.system(SystemCallError("socket path \(path)", errno: ENAMETOOLONG))) {
            try ControlServer(path: path)
        }
    }

    @Test func defaultPathFollowsRuntimeDirectory() {
        #expect(ControlClient.defaultPath(environment: ["RUNTIME_DIRECTORY": "/run/vitrine"]) == "/run/vitrine/control")
        #expect(ControlClient.defaultPath(environment: ["RUNTIME_DIRECTORY": "/run/a:/run/b"]) == "/run/a/control")
        #expect(ControlClient.defaultPath(environment: [:]) == "/run/vitrine/control")
    }

    /// A time that is not finite, or far off, is clamped, never trapped on (Int() of
    /// infinity traps): a refresh rate of 0 makes a frame period of infinity.
    @Test func aTimerTimeThatIsNotFiniteIsClamped() {
        for t in [Double.infinity, .nan, 1e300, -5] {
            let spec = TimerFD.timespec(t)
            #expect(spec.tv_sec >= 0 && spec.tv_sec <= 1_000_000_000 && spec.tv_nsec >= 0 && spec.tv_nsec < 1_000_000_000)
        }
        #expect(TimerFD.timespec(1.5).tv_sec == 1 && TimerFD.timespec(1.5).tv_nsec == 500_000_000)
    }

    @Test func timerFiresOnceWhenArmed() throws {
        let timer = try TimerFD()
        #expect(timer.acknowledge() == 0)
        timer.arm(after: 0.01)
        var p = pollfd(fd: timer.fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 2000) == 1)
        #expect(timer.acknowledge() == 1)
        timer.arm(after: 10)
        timer.disarm()
        #expect(poll(&p, 1, 20) == 0)
    }
}

final class ClientJob {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
