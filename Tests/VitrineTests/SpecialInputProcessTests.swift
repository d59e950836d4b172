import Board
import Glibc
import Input
import Testing
import VitrineTestSupport

/// Through the real binary: a show picture or a touch script that is a FIFO never hangs
/// the process, and a panel too small for the kiosk is refused by `check` (never a trap
/// in `render`). Time bounds are ones only a hang crosses.
@Suite(.serialized) struct SpecialInputProcessTests {
    let vitrine = ChildProcess.vitrineBinary()

    /// A fresh folder under /tmp, emptied first.
    func folder(_ name: String) -> String {
        let path = "/tmp/vitrine-special-\(getpid())-\(name)"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", path])
        mkdir(path, 0o755)
        return path
    }

    /// The demo show written out under `dir`/show, its wallpaper replaced by a FIFO.
    func showWithAFIFOWallpaper(_ dir: String) throws -> (show: String, fifo: String) {
        let show = dir + "/show"
        let made = try ChildProcess.run([vitrine, "show", "init", show], timeout: 300)
        try #require(made.status == 0, "show init: \(made.stderr)")
        let fifo = show + "/home/wall.jpg"
        #expect(unlink(fifo) == 0)
        #expect(mkfifo(fifo, 0o644) == 0)
        return (show, fifo)
    }

    /// `render` with a FIFO for a picture: the placeholder, one warning naming the path
    /// and what it is, a picture written, exit 0 (before: blocked in open() forever).
    @Test func renderWithAFIFOPictureFinishes() throws {
        let dir = folder("render")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let (show, fifo) = try showWithAFIFOWallpaper(dir)
        let out = dir + "/home.png"
        let r = try ChildProcess.run(
            [vitrine, "render", "--show", show, "--scene", "home", "--size", "320x240", "--at", "0", "--out", out],
            timeout: 300)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let warning = "warning: \(fifo): cannot read: a FIFO, not a regular file"
        #expect(r.stderr.split(separator: "\n").filter { $0 == warning }.count == 1, "stderr: \(r.stderr)")
        #expect(access(out, F_OK) == 0)
    }

    /// `run` with a FIFO for a picture: the kiosk comes up (READY=1), and SIGTERM stops
    /// it with exit 0 (before: stuck in open(), deaf to SIGTERM, only SIGKILL ended it).
    @Test func kioskWithAFIFOPictureStartsAndStops() throws {
        let dir = folder("run")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let (show, fifo) = try showWithAFIFOWallpaper(dir)
        let board = dir + "/board.toml"
        ChildProcessFile.write(
            board, "name = \"FIFO test\"\n[display]\nbackend = \"headless\"\nsize = \"320x240\"\n[show]\npath = \"\(show)\"\n")
        let listener = try NotifyListener(path: dir + "/notify")
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("NOTIFY_SOCKET=") && !$0.hasPrefix("WATCHDOG_") }
            + ["NOTIFY_SOCKET=\(dir)/notify"]
        let kiosk = try ChildProcess([vitrine, "run", "--board", board, "--control", dir + "/control"], environment: env)
        #expect(listener.wait(for: "READY=1", timeout: 120) != nil, "no READY=1; stderr: \(kiosk.standardError)")
        // Home's pictures are made after READY=1, under the closed doors: the warning
        // comes with the wallpaper's turn (the bound is for a hang only).
        let warning = "\(fifo): cannot read: a FIFO, not a regular file"
        for _ in 0..<1200 where !kiosk.standardError.contains(warning) { usleep(50_000) }
        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 60), "SIGTERM did not stop the kiosk")
        #expect(kiosk.exitStatus == 0, "stderr: \(kiosk.standardError)")
        #expect(kiosk.standardError.contains(warning), "\(kiosk.standardError)")
    }

    /// A touch script that is a FIFO: a usage error naming it, at once.
    @Test func renderWithAFIFOTouchScriptIsAUsageError() throws {
        let dir = folder("touch")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let fifo = dir + "/tour.touch"
        #expect(mkfifo(fifo, 0o644) == 0)
        FIFOWatchdog.start(fifo: fifo, after: 120)
        let r = try ChildProcess.run(
            [vitrine, "render", "--size", "160x120", "--scene", "test", "--touch", fifo, "--at", "0", "--out", dir + "/x.png"],
            timeout: 300)
        // A script that cannot be read at all: exit 66, as for a board or show.
        #expect(r.status == 66, "stderr: \(r.stderr)")
        #expect(r.stderr == "Error: \(fifo): cannot read: a FIFO, not a regular file\n", "stderr: \(r.stderr)")
    }

    /// The review's tiny boards: `check` refuses each (78, `file:line: display.size: ...`),
    /// so does `render --board`; the smallest supported panel renders the test scene.
    @Test func tinyPanelsAreRefusedAndTheSmallestRenders() throws {
        let dir = folder("tiny")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let cases = [
            ("1x1", "width must be from 120 to 8192 pixels, found 1"),
            ("2x2", "width must be from 120 to 8192 pixels, found 2"),
            ("1x2000", "width must be from 120 to 8192 pixels, found 1"),
            ("8192x1", "height must be from 120 to 8192 pixels, found 1"),
        ]
        for (size, why) in cases {
            let board = dir + "/tiny-\(size).toml"
            ChildProcessFile.write(board, "name = \"tiny\"\n[display]\nbackend = \"headless\"\nsize = \"\(size)\"\n")
            let check = try ChildProcess.run([vitrine, "check", board])
            #expect(check.status == 78)
            #expect(check.stderr == "Error: \(board):4: display.size: \(why)\n")
            let render = try ChildProcess.run(
                [vitrine, "render", "--board", board, "--scene", "test", "--at", "0", "--out", dir + "/t.png"])
            #expect(render.status == 78, "\(size): \(render.stderr)")
            #expect(render.stderr.contains("\(board):4: display.size: \(why)"), "\(size): \(render.stderr)")
        }
        let smallest = dir + "/smallest.toml"
        ChildProcessFile.write(smallest, "name = \"small\"\n[display]\nbackend = \"headless\"\nsize = \"120x120\"\n")
        let check = try ChildProcess.run([vitrine, "check", smallest])
        #expect(check.status == 0, "\(check.stderr)")
        let render = try ChildProcess.run(
            [vitrine, "render", "--board", smallest, "--scene", "test", "--at", "0", "--at", "2", "--out", dir + "/frames"],
            timeout: 300)
        #expect(render.status == 0, "\(render.stderr)")
    }

    /// Touch scripts and board files agree on the largest panel.
    @Test func theLargestPanelIsTheSameEverywhere() {
        #expect(TouchScript.maximumCoordinate == Double(PanelDimensions.maximumSide - 1))
    }
}
