import Glibc
import Testing
import VitrineTestSupport

/// The fake Wayland compositor (Tests/WaylandFake, a libwayland-server program) as a
/// child process for one test, on a socket in a private runtime folder: started with the
/// test's options, commanded through its FIFO, read through the lines it prints (one per
/// thing its client did; `violation` lines for what a compositor could catch the client
/// doing wrong). Every wait has a hang bound and fails the test when it runs out.
final class FakeCompositor {
    /// The fake's binary, built beside the test bundle (`swift build --build-tests`).
    static let binary: String = {
        let vitrine = ChildProcess.vitrineBinary()
        return String(vitrine.dropLast("vitrine".count)) + "WaylandFake"
    }()
    static var isBuilt: Bool { access(binary, X_OK) == 0 }

    let runtime: String
    let socket = "wl-fake"
    let fifo: String
    let process: ChildProcess

    /// Starts the fake with `options` (main.c's); waits (hang bound 30 s) for `ready`.
    init(_ name: String, _ options: [String] = []) throws {
        runtime = "/tmp/vitrine-fake-\(getpid())-\(name)"
        _ = try ChildProcess.run(["/bin/rm", "-rf", runtime])
        mkdir(runtime, 0o700)
        fifo = runtime + "/fake-commands"
        process = try ChildProcess(
            [Self.binary, "--socket", socket, "--control", fifo] + options, environment: ["XDG_RUNTIME_DIR=\(runtime)"])
        try #require(waitFor("ready"), "the fake compositor did not start: \(process.standardError)")
    }

    deinit { stop() }

    /// The socket's absolute path (what a client connects to).
    var socketPath: String { runtime + "/" + socket }
    /// The environment a `vitrine run` child needs to find the fake.
    var clientEnvironment: [String] { ["XDG_RUNTIME_DIR=\(runtime)", "WAYLAND_DISPLAY=\(socket)"] }

    /// Everything the fake printed so far, a line each.
    var lines: [Substring] { process.standardOutput.split(separator: "\n") }
    /// The `violation ...` lines so far.
    var violations: [Substring] { lines.filter { $0.hasPrefix("violation") } }

    /// How many lines start with `prefix`.
    func count(_ prefix: String) -> Int { lines.reduce(0) { $0 + ($1.hasPrefix(prefix) ? 1 : 0) } }

    /// Waits (hang bound `timeout` s) until `count` lines start with `prefix`.
    @discardableResult
    func waitFor(_ prefix: String, count wanted: Int = 1, timeout: Double = 30) -> Bool {
        wait(timeout: timeout) { lines in lines.reduce(0) { $0 + ($1.hasPrefix(prefix) ? 1 : 0) } >= wanted }
    }

    /// Waits (hang bound `timeout` s) until `check` holds for the lines printed so far.
    @discardableResult
    func wait(timeout: Double = 30, until check: ([Substring]) -> Bool) -> Bool {
        let deadline = ChildProcess.now + timeout
        while ChildProcess.now < deadline {
            if check(lines) { return true }
            if process.wait(timeout: 0) { return check(lines) }
            usleep(20_000)
        }
        return false
    }

    /// Sends one command (control.c) and waits (hang bound 30 s) for its `did` line.
    func send(_ command: String) throws {
        let done = count("did \(command)")
        let fd = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(fd >= 0, "the fake's FIFO: \(String(cString: strerror(errno)))")
        defer { close(fd) }
        let text = Array((command + "\n").utf8)
        let n = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        try #require(n == text.count)
        try #require(waitFor("did \(command)", count: done + 1), "the fake did not do \(command)")
    }

    /// The fake's counters (`check`: the held buffers' pixels checked first): pools,
    /// buffers, live, live_max, commits, releases, frames, violations.
    func stats() throws -> [String: Int] {
        try send("check")
        let line = try #require(lines.last { $0.hasPrefix("stats ") })
        var out: [String: Int] = [:]
        for pair in line.split(separator: " ").dropFirst() {
            let kv = pair.split(separator: "=")
            if kv.count == 2, let v = Int(kv[1]) { out[String(kv[0])] = v }
        }
        return out
    }

    /// The buffer commits so far: (buffer number, width, height), in order.
    var commits: [(buffer: Int, width: Int, height: Int)] {
        lines.compactMap { line in
            let w = line.split(separator: " ")
            guard w.count >= 3, w[0] == "commit", let n = Int(w[1]), n > 0 else { return nil }
            let size = w[2].split(separator: "x").compactMap { Int($0) }
            return size.count == 2 ? (n, size[0], size[1]) : nil
        }
    }

    func stop() {
        if process.exitStatus == nil && process.terminatingSignal == nil {
            kill(process.pid, SIGTERM)
            if !process.wait(timeout: 10) {
                kill(process.pid, SIGKILL)
                process.wait(timeout: 10)
            }
        }
        _ = try? ChildProcess.run(["/bin/rm", "-rf", runtime])
    }
}
