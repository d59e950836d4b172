import Glibc
import Testing
import VitrineTestSupport

/// `vitrine run` as systemd runs it: the real binary on the headless board, sd_notify to
/// a socket of the test's, the control socket through `vitrine ctl`, and signals.
@Suite(.serialized) struct KioskProcessTests {
    static let root = String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/").withSlash
    static let board = root + "board/headless-800x480.toml"
    let vitrine = ChildProcess.vitrineBinary()

    /// A fresh folder under /tmp for one test's sockets and files.
    func folder(_ name: String) -> String {
        let path = "/tmp/vitrine-kiosk-\(getpid())-\(name)"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", path])
        mkdir(path, 0o755)
        return path
    }

    /// Starts the kiosk with NOTIFY_SOCKET at `dir/notify` and the control socket at `dir/control`.
    func start(_ dir: String, _ extra: [String] = [], environment: [String] = []) throws -> (ChildProcess, NotifyListener) {
        let listener = try NotifyListener(path: dir + "/notify")
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("NOTIFY_SOCKET=") && !$0.hasPrefix("WATCHDOG_") }
            + ["NOTIFY_SOCKET=\(dir)/notify"] + environment
        let p = try ChildProcess(
            [vitrine, "run", "--board", Self.board, "--control", dir + "/control"] + extra, environment: env)
        return (p, listener)
    }

    func ctl(_ dir: String, _ args: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        try ChildProcess.run([vitrine, "ctl"] + args + ["--socket", dir + "/control"])
    }

    /// `key=value` from `vitrine ctl status`.
    func status(_ dir: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for line in try ctl(dir, "status").stdout.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { out[String(kv[0])] = String(kv[1]) }
        }
        return out
    }

    /// Waits until the launch has finished and nothing moves.
    func waitUntilStill(_ dir: String, timeout: Double = 30) throws -> [String: String] {
        let deadline = ChildProcess.now + timeout
        while ChildProcess.now < deadline {
            let s = try status(dir)
            if s["animating"] == "false", s["screen"] == "home" { return s }
            usleep(100_000)
        }
        return try status(dir)
    }

    @Test func readyStatusIdleAndCleanStop() throws {
        let dir = folder("ready")
        let (kiosk, notify) = try start(dir)
        let ready = notify.wait(for: "READY=1", timeout: 60)
        #expect(ready != nil, "no READY=1; stderr: \(kiosk.standardError)")
        let still = try waitUntilStill(dir)
        #expect(still["screen"] == "home")
        #expect(still["rotation"] == "0")
        #expect(still["panel"] == "800x480")
        #expect(still["backend"] == "headless 800x480 xrgb8888")
        #expect(still["show"] == "built-in demo show")
        // Nothing moves, nothing is touched: not one frame in 10 s.
        let before = Int(still["frames"] ?? "") ?? -1
        sleep(10)
        let after = try status(dir)
        #expect(Int(after["frames"] ?? "") == before, "frames drawn while idle: \(before) -> \(after["frames"] ?? "?")")

        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 20))
        #expect(kiosk.exitStatus == 0, "stderr: \(kiosk.standardError)")
        #expect(notify.lines().contains("STOPPING=1"))
        #expect(access(dir + "/control", F_OK) != 0, "the control socket is removed")
        // Not the journal: plain level words, no priority numbers.
        #expect(kiosk.standardError.contains("info: "))
        #expect(!kiosk.standardError.contains("<6>"))
    }

    @Test func controlCommands() throws {
        let dir = folder("ctl")
        let (kiosk, notify) = try start(dir)
        #expect(notify.wait(for: "READY=1", timeout: 60) != nil, "stderr: \(kiosk.standardError)")
        _ = try waitUntilStill(dir)
        let rotated = try ctl(dir, "rotate", "90")
        #expect(rotated.status == 0)
        #expect(rotated.stdout == "ok rotation=90\n")
        let s = try status(dir)
        #expect(s["rotation"] == "90")
        #expect(s["logical"] == "480x800")
        #expect(s["screen"] == "home")
        #expect(try ctl(dir, "rotate", "auto").stdout == "ok rotation=0\n")
        #expect(try ctl(dir, "home").stdout == "ok screen=home\n")
        #expect(try ctl(dir, "reload").stdout == "ok show=built-in demo show\n")
        // A bad value never reaches the kiosk: a usage error.
        let bad = try ctl(dir, "rotate", "45")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("rotate wants 0, 90, 180, 270 or auto, not '45'"))
        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 20))
        #expect(kiosk.exitStatus == 0)
        // No kiosk any more: 69, naming the socket.
        let gone = try ctl(dir, "status")
        #expect(gone.status == 69)
        #expect(gone.stderr == "Error: no kiosk answers at \(dir)/control: connect \(dir)/control: No such file or directory (ENOENT)\n")
    }

    @Test func sighupKeepsTheLastGoodShow() throws {
        let dir = folder("hup")
        let show = dir + "/show"
        let made = try ChildProcess.run([vitrine, "show", "init", show])
        #expect(made.status == 0, "\(made.stderr)")
        let (kiosk, notify) = try start(dir, ["--show", show])
        #expect(notify.wait(for: "READY=1", timeout: 60) != nil, "stderr: \(kiosk.standardError)")
        _ = try waitUntilStill(dir)
        #expect(try status(dir)["show"] == show)
        // Break the manifest, then SIGHUP: logged, and the old show stays.
        let manifest = show + "/show.toml"
        let good = ChildProcessFile.read(manifest)
        ChildProcessFile.write(manifest, good + "\nbogus = 1\n")
        kiosk.signal(SIGHUP)
        var logged = false
        for _ in 0..<400 where !logged {
            usleep(50_000)
            logged = kiosk.standardError.contains("keeping the last good show")
        }
        #expect(logged, "stderr: \(kiosk.standardError)")
        let line = kiosk.standardError.split(separator: "\n").first { $0.contains("keeping the last good show") } ?? ""
        #expect(line.hasPrefix("error: "))
        #expect(line.contains("show.toml:"))
        #expect(line.contains("bogus: unknown key"))
        #expect(try status(dir)["state"] == "running")
        let reloadBad = try ctl(dir, "reload")
        #expect(reloadBad.status == 1)
        #expect(reloadBad.stderr.contains("bogus: unknown key"))
        // Mended: reload takes it.
        ChildProcessFile.write(manifest, good)
        #expect(try ctl(dir, "reload").stdout == "ok show=\(show)\n")
        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 20))
        #expect(kiosk.exitStatus == 0)
    }

    @Test func watchdogPingsWhileIdle() throws {
        let dir = folder("watchdog")
        // WATCHDOG_USEC as systemd sets it (no WATCHDOG_PID: any process may ping).
        let (kiosk, notify) = try start(dir, environment: ["WATCHDOG_USEC=400000"])
        #expect(notify.wait(for: "READY=1", timeout: 60) != nil, "stderr: \(kiosk.standardError)")
        _ = try waitUntilStill(dir)
        let before = notify.lines().filter { $0 == "WATCHDOG=1" }.count
        usleep(3_000_000)
        let after = notify.lines().filter { $0 == "WATCHDOG=1" }.count
        // Every 0.2 s (half the interval): about 15 in 3 s, idle or not (4: 2 s to spare).
        #expect(after - before >= 4, "WATCHDOG=1 \(before) -> \(after)")
        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 20))
        #expect(kiosk.exitStatus == 0)
    }

    /// The first WATCHDOG=1 comes as soon as the launch's scene is whole, right after
    /// READY=1, not half an interval later: with a 20-minute watchdog the timer's first
    /// ping is 10 minutes away, so a ping within the test's minute is that one.
    @Test func theFirstWatchdogPingFollowsTheStartAtOnce() throws {
        let dir = folder("firstping")
        let (kiosk, notify) = try start(dir, environment: ["WATCHDOG_USEC=1200000000"])
        #expect(notify.wait(for: "READY=1", timeout: 60) != nil, "stderr: \(kiosk.standardError)")
        #expect(notify.wait(for: "WATCHDOG=1", timeout: 60) != nil, "no WATCHDOG=1 after READY=1")
        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 20))
        #expect(kiosk.exitStatus == 0)
    }

    @Test func aSecondKioskOnTheSameSocketIs75() throws {
        let dir = folder("busy")
        let (first, notify) = try start(dir)
        #expect(notify.wait(for: "READY=1", timeout: 60) != nil)
        let second = try ChildProcess.run(
            [vitrine, "run", "--board", Self.board, "--control", dir + "/control"], timeout: 60)
        #expect(second.status == 75)
        #expect(second.stderr == "Error: control socket \(dir)/control is in use: another vitrine is running\n")
        first.signal(SIGTERM)
        #expect(first.wait(timeout: 20))
        #expect(first.exitStatus == 0)
    }
}

/// Small whole-file helpers for the tests above.
enum ChildProcessFile {
    static func read(_ path: String) -> String { ChildProcess.read(path) }

    static func write(_ path: String, _ text: String) {
        let fd = open(path + ".new", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
        rename(path + ".new", path)
    }
}

extension String {
    var withSlash: String { hasPrefix("/") ? self + "/" : "/" + self + "/" }
}

/// Touch on the running kiosk (a script played into the headless panel): the idle reset,
/// and a corrupt picture that must not stop the show.
@Suite struct KioskTouchTests {
    let vitrine = ChildProcess.vitrineBinary()

    func folder(_ name: String) -> String {
        let path = "/tmp/vitrine-touch-\(getpid())-\(name)"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", path])
        mkdir(path, 0o755)
        return path
    }

    @Test func idleResetReturnsHome() throws {
        let dir = folder("idle")
        // The demo tour's first step only: a tap on the Books folder tile at 2.3 s.
        let tour = try ChildProcess.run([
            vitrine, "render", "--board", KioskProcessTests.board, "--tour", "--at", "0", "--at", "0.1", "--out", dir + "/frames",
        ])
        #expect(tour.status == 0, "\(tour.stderr)")
        let script = ChildProcessFile.read(dir + "/frames/tour.touch")
        let firstTap = script.split(separator: "\n").first { $0.contains(" tap ") }.map(String.init) ?? ""
        #expect(firstTap.hasPrefix("2.300"), "\(script)")
        ChildProcessFile.write(dir + "/tap.touch", firstTap + "\n")
        ChildProcessFile.write(
            dir + "/board.toml",
            """
            name = "Headless with a quick idle reset"
            [display]
            backend = "headless"
            size = "800x480"
            [show]
            idle_reset = 1.5
            """)
        let notify = try NotifyListener(path: dir + "/notify")
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("NOTIFY_SOCKET=") } + ["NOTIFY_SOCKET=\(dir)/notify"]
        let kiosk = try ChildProcess(
            [vitrine, "run", "--board", dir + "/board.toml", "--control", dir + "/control", "--touch", dir + "/tap.touch"],
            environment: env)
        #expect(notify.wait(for: "READY=1", timeout: 60) != nil, "\(kiosk.standardError)")
        var screens: [String] = []
        let deadline = ChildProcess.now + 30
        while ChildProcess.now < deadline {
            let s = try ChildProcess.run([vitrine, "ctl", "status", "--socket", dir + "/control"]).stdout
            let screen = s.split(separator: "\n").first { $0.hasPrefix("screen=") }.map { String($0.dropFirst(7)) } ?? "?"
            if screens.last != screen { screens.append(screen) }
            if screens.contains("folder:books") && screen == "home" { break }
            usleep(50_000)
        }
        #expect(Array(screens.drop { $0 != "folder:books" }) == ["folder:books", "home"], "\(screens)")
        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 20))
        #expect(kiosk.exitStatus == 0)
        #expect(kiosk.standardError.contains("info: no touch for idle_reset seconds: back home idle_reset_s=1.500"))
        #expect(notify.lines().contains("STATUS=Idle: showing home"))
    }

    @Test func aCorruptPictureIsAPlaceholderAndOneWarning() throws {
        let dir = folder("corrupt")
        let show = dir + "/show"
        #expect(try ChildProcess.run([vitrine, "show", "init", show]).status == 0)
        let icon = show + "/icons/books.png"
        #expect(access(icon, F_OK) == 0)
        ChildProcessFile.write(icon, "not a picture at all")
        let r = try ChildProcess.run([
            vitrine, "render", "--size", "320x192", "--show", show, "--scene", "home", "--at", "0", "--at", "0.5", "--out",
            dir + "/frames",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let warnings = r.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 1, "\(r.stderr)")
        #expect(warnings.first?.contains(icon) == true)
        #expect(access(dir + "/frames/frame-0001.png", F_OK) == 0)
    }
}
