import Glibc
import Testing
import VitrineTestSupport

/// The real kiosk reloaded and turned many times keeps its threads and memory: what it
/// guards against is a reload or a turn that keeps the old paint thread and its pictures
/// (megabytes each time), and a heap that grows with every reload of a show folder (see
/// `AllocatorTuning`).
@Suite(.serialized) struct KioskReloadTests {
    let vitrine = ChildProcess.vitrineBinary()

    func folder(_ name: String) -> String {
        let path = "/tmp/vitrine-reload-\(getpid())-\(name)"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", path])
        mkdir(path, 0o755)
        return path
    }

    /// A `key:` line of /proc/PID/status, as a number ("Threads", "VmRSS" in kB).
    static func procStatus(_ pid: pid_t, _ key: String) -> Int? {
        let text = ChildProcess.read("/proc/\(pid)/status")
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return nil }
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
    }

    func ctl(_ dir: String, _ args: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        try ChildProcess.run([vitrine, "ctl"] + args + ["--socket", dir + "/control"])
    }

    /// Waits (up to 10 s) until the kiosk is still: `status` says nothing animates and no
    /// frame was drawn over the last 0.2 s. A `rotate` is answered before the turn is
    /// carried out at the next frame, while the new pipeline's paint thread starts and the
    /// old one's ends: threads counted right after the answer were sometimes one more.
    func settle(_ dir: String) throws {
        let by = ChildProcess.now + 10
        var last: String? = nil
        while ChildProcess.now < by {
            let s = try ctl(dir, "status").stdout
            let frames = s.split(separator: "\n").first { $0.hasPrefix("frames=") }.map(String.init)
            let still = s.contains("animating=false\n")
            if still, frames != nil, frames == last { return }
            last = still ? frames : nil
            usleep(200_000)
        }
    }

    @Test func fiftyReloadsAndFiftyTurnsKeepThreadsAndMemory() throws {
        let dir = folder("many")
        let show = dir + "/show"
        // A show folder: its manifest parsed and its pictures decoded at every reload.
        #expect(try ChildProcess.run([vitrine, "show", "init", show]).status == 0)
        // No NOTIFY_SOCKET: a test's listener that is not read fills up (10 datagrams) and
        // then holds the kiosk in sendto. Ready is when `ctl status` answers.
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("NOTIFY_SOCKET=") && !$0.hasPrefix("WATCHDOG_") }
        let kiosk = try ChildProcess(
            [vitrine, "run", "--board", KioskProcessTests.board, "--control", dir + "/control", "--show", show],
            environment: env)
        let readyBy = ChildProcess.now + 60
        while try ctl(dir, "status").status != 0 && ChildProcess.now < readyBy { usleep(50_000) }
        #expect(try ctl(dir, "status").status == 0, "stderr: \(kiosk.standardError)")
        let started = ChildProcess.now

        // Warm-up: a few of each, so caches and the allocator reach their steady size.
        for i in 0..<5 {
            #expect(try ctl(dir, "reload").stdout == "ok show=\(show)\n")
            #expect(try ctl(dir, "rotate", ["90", "180", "270", "0", "90"][i]).status == 0)
        }
        #expect(try ctl(dir, "rotate", "0").stdout == "ok rotation=0\n")
        try settle(dir)
        let threads0 = Self.procStatus(kiosk.pid, "Threads") ?? -1
        let rss0 = Self.procStatus(kiosk.pid, "VmRSS") ?? -1

        for _ in 0..<50 {
            let r = try ctl(dir, "reload")
            #expect(r.stdout == "ok show=\(show)\n", "\(r.stderr)")
        }
        let threads1 = Self.procStatus(kiosk.pid, "Threads") ?? -1
        let rss1 = Self.procStatus(kiosk.pid, "VmRSS") ?? -1
        for i in 0..<50 {
            let angle = ["90", "180", "270", "0"][i % 4]
            let r = try ctl(dir, "rotate", angle)
            #expect(r.stdout == "ok rotation=\(angle)\n", "\(r.stderr)")
        }
        try settle(dir)
        // SIGHUP reloads too (systemctl reload). The kiosk reads its signals before its
        // control socket, so once `status` answers, that reload is done.
        for _ in 0..<10 {
            kiosk.signal(SIGHUP)
            #expect(try ctl(dir, "status").status == 0)
        }
        // None failed (every failure is logged, as `reload: ...`).
        let log = kiosk.standardError
        #expect(!log.contains("reload:"), "a reload failed: \(log.suffix(2000))")
        try settle(dir)
        let threads2 = Self.procStatus(kiosk.pid, "Threads") ?? -1
        let rss2 = Self.procStatus(kiosk.pid, "VmRSS") ?? -1
        print(
            "kiosk after warm-up: \(threads0) threads, \(rss0) kB; after 50 reloads: \(threads1), \(rss1) kB; after 50 turns and 10 SIGHUPs: \(threads2), \(rss2) kB (\(Int(ChildProcess.now - started)) s)"
        )
        #expect(threads0 > 0)
        #expect(threads1 == threads0, "threads \(threads0) -> \(threads1) over 50 reloads")
        #expect(threads2 == threads0, "threads \(threads0) -> \(threads2) over 50 turns and 10 SIGHUPs")
        // The leak was 4-8 MB a reload (200-400 MB here); allocator slack is a few MB.
        #expect(rss1 - rss0 < 40 * 1024, "resident \(rss0) kB -> \(rss1) kB over 50 reloads")
        #expect(rss2 - rss0 < 40 * 1024, "resident \(rss0) kB -> \(rss2) kB over 50 reloads, 50 turns, 10 SIGHUPs")

        // Still the kiosk it was, turned where the last command left it.
        let status = try ctl(dir, "status")
        #expect(status.stdout.contains("state=running\n"))
        #expect(status.stdout.contains("rotation=180\n"))
        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 20))
        #expect(kiosk.exitStatus == 0, "stderr: \(kiosk.standardError.suffix(2000))")
    }
}
