import Assets
import CLinux
import Glibc
import Raster
import Runtime
import Testing
import VitrineTestSupport

/// `vitrine ctl screenshot FILE` against `vitrine run` on a headless panel: the PNG is the
/// frame on the panel (the same pixels `vitrine render` draws for that screen), in the
/// panel's orientation after a turn, also while the screen is off; a FILE it will not
/// replace leaves nothing behind and the kiosk running; no request, whatever comes with
/// it, leaves the kiosk a descriptor more.
@Suite(.serialized) struct KioskScreenshotProcessTests {
    let vitrine = ChildProcess.vitrineBinary()

    /// A fresh folder under /tmp for one test, with a small headless board in it.
    func folder(_ name: String) -> String {
        let path = "/tmp/vitrine-screenshot-\(getpid())-\(name)"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", path])
        mkdir(path, 0o755)
        ChildProcessFile.write(
            path + "/board.toml",
            """
            name = "Headless 320x192"
            [display]
            backend = "headless"
            size = "320x192"
            [show]
            idle_reset = 0

            """)
        return path
    }

    /// Starts the kiosk on the folder's board; `prefix`: a command it runs under (prlimit).
    func start(_ dir: String, under prefix: [String] = []) throws -> (ChildProcess, NotifyListener) {
        let listener = try NotifyListener(path: dir + "/notify")
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("NOTIFY_SOCKET=") && !$0.hasPrefix("WATCHDOG_") }
            + ["NOTIFY_SOCKET=\(dir)/notify"]
        let kiosk = try ChildProcess(
            prefix + [vitrine, "run", "--board", dir + "/board.toml", "--control", dir + "/control"], environment: env)
        return (kiosk, listener)
    }

    func stop(_ kiosk: ChildProcess) {
        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 20))
        #expect(kiosk.exitStatus == 0, "stderr: \(kiosk.standardError)")
    }

    func ctl(_ dir: String, _ args: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        try ChildProcess.run([vitrine, "ctl"] + args + ["--socket", dir + "/control"], timeout: 60)
    }

    /// Waits until the kiosk shows home at rest in `rotation` (a hang bound, not a timing).
    func waitUntilStill(_ dir: String, rotation: String = "0") throws -> Bool {
        let deadline = ChildProcess.now + 30
        while ChildProcess.now < deadline {
            var s: [String: String] = [:]
            for line in try ctl(dir, "status").stdout.split(separator: "\n") {
                let kv = line.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { s[String(kv[0])] = String(kv[1]) }
            }
            if s["animating"] == "false", s["screen"] == "home", s["rotation"] == rotation { return true }
            usleep(100_000)
        }
        return false
    }

    /// The home screen at rest as `vitrine render` draws it on the same board.
    func rendered(_ dir: String, rotation: String) throws -> Surface {
        let out = dir + "/render-\(rotation).png"
        let r = try ChildProcess.run(
            [vitrine, "render", "--board", dir + "/board.toml", "--rotation", rotation, "--scene", "home", "--at", "5",
             "--out", out, "--quiet"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        return try PNG.read(path: out)
    }

    static func samePixels(_ a: Surface, _ b: Surface) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { return false } }
        return true
    }

    @Test func theScreenshotIsTheFrameOnThePanelInItsOrientation() throws {
        let dir = folder("frame")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let (kiosk, notify) = try start(dir)
        #expect(notify.wait(for: "READY=1", timeout: 60) != nil, "stderr: \(kiosk.standardError)")
        #expect(try waitUntilStill(dir))
        let file = dir + "/shot.png"
        let upright = try ctl(dir, "screenshot", file)
        #expect(upright.status == 0, "\(upright.stderr)")
        let bytes = try FileIO.readAll(path: file)
        #expect(upright.stdout == "ok 320x192 display=on bytes=\(bytes.count)\n")
        let shot = try PNG.decode(bytes)
        #expect(shot.width == 320 && shot.height == 192)
        #expect(Self.samePixels(shot, try rendered(dir, rotation: "0")), "the kiosk's frame is the one rendered")

        // Turned a quarter: the panel's size still, the picture turned as the panel shows it.
        #expect(try ctl(dir, "rotate", "90").status == 0)
        #expect(try waitUntilStill(dir, rotation: "90"))
        let turned = try ctl(dir, "screenshot", file)
        #expect(turned.status == 0, "\(turned.stderr)")
        #expect(turned.stdout.hasPrefix("ok 320x192 display=on bytes="))
        let turnedShot = try PNG.read(path: file)
        #expect(turnedShot.width == 320 && turnedShot.height == 192)
        #expect(Self.samePixels(turnedShot, try rendered(dir, rotation: "90")), "the frame at 90, as the panel shows it")
        #expect(!Self.samePixels(turnedShot, shot))

        // Screen off: the frame last shown.
        #expect(try ctl(dir, "display", "off").stdout == "ok display=off\n")
        let dark = try ctl(dir, "screenshot", dir + "/dark.png")
        #expect(dark.stdout.hasPrefix("ok 320x192 display=off bytes="), "\(dark.stderr)")
        #expect(Self.samePixels(try PNG.read(path: dir + "/dark.png"), turnedShot))
        let left = try ChildProcess.run(["/bin/ls", "-A", dir]).stdout
        #expect(!left.contains(".tmp"), "no temporary file left: \(left)")
        stop(kiosk)
    }

    @Test func aFileItWillNotReplaceLeavesNothingAndTheKioskRuns() throws {
        let dir = folder("refused")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        mkdir(dir + "/sub", 0o755)
        mkfifo(dir + "/fifo", 0o644)
        let (kiosk, notify) = try start(dir)
        #expect(notify.wait(for: "READY=1", timeout: 60) != nil, "stderr: \(kiosk.standardError)")
        let before = try ChildProcess.run(["/bin/ls", "-A", dir]).stdout
        for (path, what) in [(dir + "/sub", "a directory"), (dir + "/fifo", "a FIFO"), ("/dev/null", "a character device")] {
            let r = try ctl(dir, "screenshot", path)
            #expect(r.status == 1, "\(path): \(r.status)")
            #expect(r.stderr == "Error: \(path): not replacing \(what) (only a regular file is replaced)\n")
            #expect(r.stdout == "")
        }
        let missing = try ctl(dir, "screenshot", dir + "/none/shot.png")
        #expect(missing.status == 1)
        #expect(missing.stderr == "Error: \(dir)/none/shot.png: cannot write: No such file or directory (ENOENT)\n")
        let noFile = try ctl(dir, "screenshot")
        #expect(noFile.status == 64)
        #expect(noFile.stderr.hasPrefix("Error: screenshot wants a file to write: vitrine ctl screenshot FILE\n"))
        #expect(try ChildProcess.run(["/bin/ls", "-A", dir]).stdout == before, "nothing made")
        #expect(access("/dev/null", W_OK) == 0)

        // A full disk: the kiosk's write fails, named; the temporary file is removed.
        if ScratchMount.isAvailable {
            let scratch = try ScratchMount(sizeKiB: 16)
            let filler = open(scratch.writable + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            let chunk = [UInt8](repeating: 0x5a, count: 4096)
            while chunk.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
            close(filler)
            let full = try ctl(dir, "screenshot", scratch.writable + "/shot.png")
            #expect(full.status == 1)
            #expect(full.stderr == "Error: screenshot: write: No space left on device (ENOSPC)\n")
            #expect(try ChildProcess.run(["/bin/ls", "-A", scratch.writable]).stdout == "filler\n")
        }
        let s = try ctl(dir, "status")
        #expect(s.status == 0 && s.stdout.contains("state=running"))
        stop(kiosk)
    }

    /// A kiosk with a file-size limit (systemd's LimitFSIZE=, here prlimit's): a
    /// screenshot past it is an error naming EFBIG, not a SIGXFSZ that kills the kiosk.
    @Test(.enabled(if: access("/usr/bin/prlimit", X_OK) == 0)) func aFileSizeLimitIsAnErrorNotADeath() throws {
        let dir = folder("fsize")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let (kiosk, notify) = try start(dir, under: ["/usr/bin/prlimit", "--fsize=1000"])
        #expect(notify.wait(for: "READY=1", timeout: 60) != nil, "stderr: \(kiosk.standardError)")
        let r = try ctl(dir, "screenshot", dir + "/shot.png")
        #expect(r.status == 1)
        #expect(r.stderr == "Error: screenshot: write: File too large (EFBIG)\n")
        #expect(access(dir + "/shot.png", F_OK) != 0)
        #expect(try ctl(dir, "status").stdout.contains("state=running"))
        stop(kiosk)
    }

    /// Screenshot requests with a file, without, with a socket for a file, with two
    /// descriptors, and another command with a file: the kiosk holds no descriptor more
    /// after them than before.
    @Test func manyRequestsLeaveTheKioskNoDescriptor() throws {
        let dir = folder("leak")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let (kiosk, notify) = try start(dir)
        #expect(notify.wait(for: "READY=1", timeout: 60) != nil, "stderr: \(kiosk.standardError)")
        defer { withExtendedLifetime(notify) {} }
        #expect(try waitUntilStill(dir))
        #expect(try ctl(dir, "screenshot", dir + "/warm.png").status == 0)
        let path = dir + "/control"
        let before = KioskControlTests.descriptors(kiosk.pid)
        var replies: [String] = []
        for i in 0..<40 {
            let file = open(dir + "/raw.png", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            var pair: [Int32] = [-1, -1]
            _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair)
            defer {
                close(file)
                close(pair[0])
                close(pair[1])
            }
            let reply: [String]
            switch i % 5 {
            case 0: reply = try ControlClient.send("screenshot", to: path, timeout: 30, descriptor: file)
            case 1: reply = try ControlClient.send("screenshot", to: path, timeout: 30)
            case 2: reply = try ControlClient.send("screenshot", to: path, timeout: 30, descriptor: pair[0])
            case 3: reply = try Self.send("screenshot", with: [file, pair[0]], to: path)
            default: reply = try ControlClient.send("status", to: path, timeout: 30, descriptor: file)
            }
            replies.append(reply.first ?? "")
        }
        #expect(replies[0].hasPrefix("ok 320x192 display=on bytes="))
        #expect(replies[1] == "error: screenshot needs a file to write: use vitrine ctl screenshot FILE")
        #expect(replies[2] == "error: screenshot: the descriptor sent is a socket, not a regular file: wrote nothing")
        #expect(replies[3] == "error: screenshot takes one file to write, not 2 descriptors: closed them all, wrote nothing")
        #expect(replies[4] == "ok")
        #expect(KioskControlTests.descriptors(kiosk.pid) == before, "descriptors in the kiosk")
        stop(kiosk)
    }

    /// `line` with `descriptors` attached, on a connection of its own; the reply's lines.
    static func send(_ line: String, with descriptors: [Int32], to path: String) throws -> [String] {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(fd) }
        _ = KioskControlTests.withAddress(path) { connect(fd, $0, $1) }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { raw in
            descriptors.withUnsafeBufferPointer { fds in
                vitrine_send_with_descriptors(fd, raw.baseAddress, UInt(raw.count), nil, 0, fds.baseAddress, Int32(fds.count))
            }
        }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while poll(&p, 1, 30_000) > 0 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            reply += chunk[0..<n]
        }
        return String(decoding: reply, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
