import Glibc
import Testing
import VitrineTestSupport

/// The control socket against what scripts and stray files do: 200 silent connections
/// held open don't lock `vitrine ctl` out and cost the kiosk bounded descriptors and
/// memory; `ctl` tells "no kiosk" from "a kiosk that did not answer"; `--control` never
/// replaces a file that is not a socket. What it guards against: a server that serves
/// connections in turn, where a few silent ones delay every `ctl status` and many make
/// it fail as "no kiosk answers".
@Suite(.serialized) struct KioskControlTests {
    let vitrine = ChildProcess.vitrineBinary()

    func folder(_ name: String) -> String {
        let path = "/tmp/vitrine-control-\(getpid())-\(name)"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", path])
        mkdir(path, 0o755)
        return path
    }

    func start(_ dir: String) throws -> (ChildProcess, NotifyListener) {
        let listener = try NotifyListener(path: dir + "/notify")
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("NOTIFY_SOCKET=") && !$0.hasPrefix("WATCHDOG_") }
            + ["NOTIFY_SOCKET=\(dir)/notify"]
        let p = try ChildProcess(
            [vitrine, "run", "--board", KioskProcessTests.board, "--control", dir + "/control"], environment: env)
        return (p, listener)
    }

    /// A sockaddr_un for `path`, for the raw clients below.
    static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() where i < raw.count - 1 { raw[i] = b }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// A connection to `path` that never sends anything; nil when the kiosk's queue is
    /// full just now (EAGAIN) or the connect fails.
    static func silentConnection(_ path: String) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return nil }
        if withAddress(path, { connect(fd, $0, $1) }) == 0 { return fd }
        close(fd)
        return nil
    }

    static func descriptors(_ pid: pid_t) -> Int {
        guard let dir = opendir("/proc/\(pid)/fd") else { return -1 }
        defer { closedir(dir) }
        var n = 0
        while let entry = readdir(dir) {
            if withUnsafeBytes(of: entry.pointee.d_name, { $0[0] }) != UInt8(ascii: ".") { n += 1 }
        }
        return n
    }

    @Test func twoHundredSilentConnectionsDoNotLockTheOperatorOut() throws {
        let dir = folder("flood")
        let (kiosk, notify) = try start(dir)
        #expect(notify.wait(for: "READY=1", timeout: 60) != nil, "stderr: \(kiosk.standardError)")
        #expect(try ChildProcess.run([vitrine, "ctl", "status", "--socket", dir + "/control"]).status == 0)
        // The kiosk's sd_notify lines are read below (a listener left unread fills up and
        // holds the kiosk in sendto).
        defer { withExtendedLifetime(notify) {} }
        let fds0 = Self.descriptors(kiosk.pid)
        let rss0 = KioskReloadTests.procStatus(kiosk.pid, "VmRSS") ?? -1

        // 200 connections that never speak, all held open by this test. When the kiosk's
        // queue is full, wait for it to take them (it accepts all at each wake-up).
        var silent: [Int32] = []
        defer { for fd in silent { close(fd) } }
        let deadline = ChildProcess.now + 60
        while silent.count < 200 && ChildProcess.now < deadline {
            if let fd = Self.silentConnection(dir + "/control") { silent.append(fd) } else { usleep(1000) }
            if silent.count % 50 == 0 { _ = notify.lines() }
        }
        #expect(silent.count == 200)

        // The operator, three times.
        var times: [Double] = []
        for _ in 0..<3 {
            let t0 = ChildProcess.now
            let r = try ChildProcess.run([vitrine, "ctl", "status", "--socket", dir + "/control"], timeout: 30)
            times.append(ChildProcess.now - t0)
            #expect(r.status == 0, "ctl status: \(r.status) \(r.stderr)")
            #expect(r.stdout.contains("state=running\n"))
        }
        _ = notify.lines()
        let fds1 = Self.descriptors(kiosk.pid)
        let rss1 = KioskReloadTests.procStatus(kiosk.pid, "VmRSS") ?? -1
        print(
            "ctl status with 200 silent connections held: \(times.map { Int($0 * 1000) }) ms; kiosk descriptors \(fds0) -> \(fds1), resident \(rss0) -> \(rss1) kB"
        )
        // Hang bounds only (a few milliseconds each on an idle machine, plus the process start).
        #expect(times.allSatisfy { $0 < 10 }, "ctl status took \(times) s")
        // At most 16 connections kept open, besides the kiosk's own descriptors.
        #expect(fds1 - fds0 <= 16, "descriptors \(fds0) -> \(fds1)")
        #expect(rss1 - rss0 < 10 * 1024, "resident \(rss0) kB -> \(rss1) kB")
        #expect(kiosk.standardError.contains("warning: control socket: more than 16 connections waiting; closed the oldest silent ones"))

        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 20))
        #expect(kiosk.exitStatus == 0, "stderr: \(kiosk.standardError.suffix(2000))")
    }

    /// The CPU time (user + system, clock ticks) process `pid` has used so far.
    static func cpuTicks(_ pid: pid_t) -> Int? {
        let stat = ChildProcess.read("/proc/\(pid)/stat")
        guard let close = stat.lastIndex(of: ")") else { return nil }
        // After "pid (comm)": state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// Out of descriptors, a waiting connection can't be accepted: without the server's
    /// spare descriptor the listening socket stays readable and the loop spins, taking
    /// all the CPU it gets for as long as any connection waits. With it, each connection
    /// over the limit is answered with an error and closed, and the kiosk's CPU stays at
    /// what the accepts cost.
    @Test func outOfDescriptorsTheControlSocketRefusesInsteadOfSpinning() throws {
        let dir = folder("emfile")
        let listener = try NotifyListener(path: dir + "/notify")
        defer { withExtendedLifetime(listener) {} }
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("NOTIFY_SOCKET=") && !$0.hasPrefix("WATCHDOG_") }
            + ["NOTIFY_SOCKET=\(dir)/notify"]
        // The kiosk with a soft limit of 24 descriptors (bash's ulimit, then exec), and
        // none of the descriptors this test process has open besides 0-2 (spawned
        // children inherit those without close-on-exec, and the count varies).
        let script = "for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done; "
            + "ulimit -n 24 && exec \"$0\" \"$@\""
        let kiosk = try ChildProcess(
            ["/bin/bash", "-c", script, vitrine, "run", "--board", KioskProcessTests.board, "--control", dir + "/control"],
            environment: env)
        #expect(listener.wait(for: "READY=1", timeout: 60) != nil, "stderr: \(kiosk.standardError)")
        let fds0 = Self.descriptors(kiosk.pid)
        #expect(fds0 < 20, "the kiosk starts with \(fds0) descriptors")

        // 40 connections that send nothing: more than the descriptors left. Each is
        // either kept (silent, up to the limit) or answered with the error and closed.
        var held: [Int32] = []
        defer { for fd in held { close(fd) } }
        let deadline = ChildProcess.now + 60
        while held.count < 40 && ChildProcess.now < deadline {
            if let fd = Self.silentConnection(dir + "/control") { held.append(fd) } else { usleep(1000) }
        }
        #expect(held.count == 40)
        // Nothing may stay queued, or the loop spins: its CPU over the next second (more
        // than a tick or two means it woke for nothing).
        let t0 = Self.cpuTicks(kiosk.pid) ?? -1
        usleep(1_000_000)
        let t1 = Self.cpuTicks(kiosk.pid) ?? -1
        // Read the refusals (hang bound 30 s; they are there at once).
        var refusals: [String] = []
        var answered = Set<Int32>()
        let readBy = ChildProcess.now + 30
        while refusals.isEmpty && ChildProcess.now < readBy {
            for fd in held where !answered.contains(fd) {
                var buffer = [UInt8](repeating: 0, count: 256)
                let n = read(fd, &buffer, buffer.count)
                if n > 0 {
                    refusals.append(String(decoding: buffer[0..<n], as: UTF8.self))
                    answered.insert(fd)
                }
            }
            usleep(10_000)
        }
        print("out of descriptors: \(refusals.count) connections refused, kiosk CPU in the second after: \(t1 - t0) ticks")
        #expect(refusals.first == "error: the kiosk is out of file descriptors (EMFILE); try again later\n")
        #expect(t1 - t0 < 40, "the kiosk used \(t1 - t0) clock ticks of CPU in 1 s holding silent connections")

        // Once the descriptors are back, the operator gets in, and status counts the refusals.
        for fd in held { close(fd) }
        held = []
        var status: (status: Int32, stdout: String, stderr: String)?
        let by = ChildProcess.now + 30
        while ChildProcess.now < by {
            let r = try ChildProcess.run([vitrine, "ctl", "status", "--socket", dir + "/control"], timeout: 30)
            if r.status == 0 { status = r; break }
            usleep(100_000)
        }
        #expect(status?.stdout.contains("state=running\n") == true)
        let refused = status?.stdout.split(separator: "\n").first { $0.hasPrefix("control_refused=") }
        #expect(refused.flatMap { Int($0.dropFirst("control_refused=".count)) }.map { $0 >= 1 } == true, "\(String(describing: refused))")
        #expect(kiosk.standardError.contains("error: control socket: out of file descriptors; refused connections with an error reply"))
        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 20))
        #expect(kiosk.exitStatus == 0, "stderr: \(kiosk.standardError.suffix(2000))")
    }

    /// `status`'s `reloads` counts every reload that replaced the show (`ctl reload` and
    /// SIGHUP here; the watch's in KioskWatchProcessTests) and `reload_error` says the
    /// last one's failure, `none` once one succeeds.
    @Test func statusCountsReloadsAndSaysTheLastError() throws {
        let dir = folder("reloads")
        let show = dir + "/show"
        #expect(try ChildProcess.run([vitrine, "show", "init", show]).status == 0)
        let listener = try NotifyListener(path: dir + "/notify")
        defer { withExtendedLifetime(listener) {} }
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("NOTIFY_SOCKET=") && !$0.hasPrefix("WATCHDOG_") }
            + ["NOTIFY_SOCKET=\(dir)/notify"]
        let kiosk = try ChildProcess(
            [vitrine, "run", "--board", KioskProcessTests.board, "--control", dir + "/control", "--show", show],
            environment: env)
        #expect(listener.wait(for: "READY=1", timeout: 60) != nil, "stderr: \(kiosk.standardError)")
        func status() throws -> [String] {
            try ChildProcess.run([vitrine, "ctl", "status", "--socket", dir + "/control"]).stdout
                .split(separator: "\n").map(String.init)
        }
        #expect(try status().contains("reloads=0") && status().contains("reload_error=none"))
        #expect(try ChildProcess.run([vitrine, "ctl", "reload", "--socket", dir + "/control"]).stdout == "ok show=\(show)\n")
        #expect(try status().contains("reloads=1"))
        // SIGHUP: the kiosk reads its signals before its control socket, so once `status`
        // answers after it, that reload is done.
        kiosk.signal(SIGHUP)
        #expect(try status().contains("reloads=2"))
        // A manifest that does not parse: refused, counted as no reload, its error kept.
        let f = try #require(fopen(show + "/show.toml", "a"))
        fputs("[[[\n", f)
        fclose(f)
        // `ctl` says the kiosk's "error: why" as its own `Error: why` on stderr, exit 1.
        let r = try ChildProcess.run([vitrine, "ctl", "reload", "--socket", dir + "/control"])
        let refused = r.stderr
        #expect(r.status == 1 && refused.contains("show.toml:"), "\(r)")
        let after = try status()
        #expect(after.contains("reloads=2"))
        let error = after.first { $0.hasPrefix("reload_error=") } ?? ""
        #expect(error.contains("show.toml:") && refused.contains(String(error.dropFirst("reload_error=".count))), "\(error)")
        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 20))
        #expect(kiosk.exitStatus == 0, "stderr: \(kiosk.standardError.suffix(2000))")
    }

    @Test func aKioskThatDoesNotAnswerIsNotNoKiosk() throws {
        let dir = folder("mute")
        // A socket that queues connections but never answers: a kiosk busy or stuck.
        let path = dir + "/control"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(listener) }
        #expect(Self.withAddress(path, { bind(listener, $0, $1) }) == 0)
        #expect(listen(listener, 8) == 0)
        let t0 = ChildProcess.now
        let r = try ChildProcess.run([vitrine, "ctl", "status", "--socket", path], timeout: 30)
        #expect(ChildProcess.now - t0 < 20)
        #expect(r.status == 75)
        #expect(r.stderr == "Error: the kiosk at \(path) accepted the connection but did not answer within 3 s\n")
        // No socket at all: 69, as before.
        let gone = try ChildProcess.run([vitrine, "ctl", "status", "--socket", dir + "/none"])
        #expect(gone.status == 69)
        #expect(gone.stderr == "Error: no kiosk answers at \(dir)/none: connect \(dir)/none: No such file or directory (ENOENT)\n")
    }

    @Test func controlNamingARegularFileIs64AndTheFileIsKept() throws {
        let dir = folder("file")
        let path = dir + "/control"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = "not a socket\n".withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let r = try ChildProcess.run(
            [vitrine, "run", "--board", KioskProcessTests.board, "--control", path], timeout: 60)
        #expect(r.status == 64)
        #expect(r.stderr == "Error: control socket: \(path) exists and is a regular file, not a socket: not replacing it\n")
        #expect(ChildProcess.read(path) == "not a socket\n")
        // A directory there: the same.
        let sub = dir + "/adir"
        mkdir(sub, 0o755)
        let d = try ChildProcess.run([vitrine, "run", "--board", KioskProcessTests.board, "--control", sub], timeout: 60)
        #expect(d.status == 64)
        #expect(d.stderr == "Error: control socket: \(sub) exists and is a directory, not a socket: not replacing it\n")
        var info = stat()
        #expect(lstat(sub, &info) == 0 && UInt32(info.st_mode) & 0o170000 == 0o040000)
    }
    /// `--control` naming a path where no socket can be made (its folder missing): exit
    /// 64 naming the path and the errno, before anything is shown; an empty path is
    /// refused as empty (it was "File name too long", and the kiosk ran unreachable).
    @Test func controlThatCannotBeBoundIs64() throws {
        let dir = folder("unbound")
        let path = dir + "/missing/control"
        let r = try ChildProcess.run(
            [vitrine, "run", "--board", KioskProcessTests.board, "--control", path], timeout: 60)
        #expect(r.status == 64)
        #expect(r.stderr == "Error: control socket: bind \(path): No such file or directory (ENOENT)\n")
        let empty = try ChildProcess.run([vitrine, "run", "--board", KioskProcessTests.board, "--control", ""], timeout: 60)
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("--control wants a socket path, not an empty one"), "\(empty.stderr)")
    }
}
