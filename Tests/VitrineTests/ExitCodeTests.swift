import Glibc
import Testing
import VitrineTestSupport

/// The process exit codes (`ExitStatus`), each through the real binary.
@Suite struct ExitCodeTests {
    let vitrine = ChildProcess.vitrineBinary()
    static let root = KioskProcessTests.root

    func temp(_ name: String, _ text: String) -> String {
        let path = "/tmp/vitrine-exit-\(getpid())-\(name)"
        ChildProcessFile.write(path, text)
        return path
    }

    @Test func zeroForAFinishedRender() throws {
        let out = "/tmp/vitrine-exit-\(getpid())-frame.png"
        let r = try ChildProcess.run([vitrine, "render", "--size", "160x120", "--scene", "test", "--at", "0", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(access(out, F_OK) == 0)
        unlink(out)
    }

    @Test func oneForAnUnexpectedFailure() throws {
        // The output folder's parent does not exist: nothing a usage check can see.
        let r = try ChildProcess.run([
            vitrine, "render", "--size", "160x120", "--scene", "test", "--frames", "2", "--out", "/proc/vitrine/nope",
        ])
        #expect(r.status == 1)
        #expect(r.stderr.contains("/proc/vitrine/nope"))
    }

    @Test func sixtyFourForABadCommandLine() throws {
        let unknownFolder = try ChildProcess.run([vitrine, "render", "--out", "/tmp/x.png", "--at", "0", "--scene", "folder:nope"])
        #expect(unknownFolder.status == 64)
        #expect(unknownFolder.stderr.contains("scene 'folder:nope': the show has no folder \"nope\""))
        for args in [["run", "--bogus"], ["render", "--out", "x"], ["ctl"], ["ctl", "spin"], ["check"], ["frobnicate"]] {
            let r = try ChildProcess.run([vitrine] + args)
            #expect(r.status == 64, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("Usage:") || r.stderr.contains("Error:"), "\(args): \(r.stderr)")
        }
        // An orientation other than the four angles, named with what is allowed.
        let turned = try ChildProcess.run([vitrine, "render", "--rotation", "45", "--out", "/tmp/x.png", "--at", "0"])
        #expect(turned.status == 64)
        #expect(turned.stderr.contains("'45'") && turned.stderr.contains("'0', '90', '180' or '270'"), "\(turned.stderr)")
    }

    @Test func sixtyNineWithoutADisplay() throws {
        // This machine has no /dev/dri and no /dev/fb0 (nor does CI's).
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("WAYLAND_DISPLAY=") }
        let r = try ChildProcess.run([vitrine, "run"], environment: env)
        #expect(r.status == 69)
        #expect(r.stderr.hasPrefix("Error: no usable display: looked at WAYLAND_DISPLAY (unset), "))
        let drm = try ChildProcess.run([vitrine, "run", "--board", Self.root + "board/qemu-std-vga.toml", "--wait-for-display", "0"])
        #expect(drm.status == 69)
        #expect(drm.stderr.contains("no usable display"))
        #expect(!drm.stderr.contains("waiting"))
        // A card still probing at boot: the kiosk waits for it (logged once), then gives up.
        let late = try ChildProcess.run([
            vitrine, "run", "--board", Self.root + "board/qemu-std-vga.toml", "--wait-for-display", "0.3",
        ])
        #expect(late.status == 69)
        #expect(late.stderr.hasPrefix("info: display: not there yet ("), "\(late.stderr)")
        #expect(late.stderr.contains("; waiting up to 0.3 s, woken by udev's device events\n"), "\(late.stderr)")
        #expect(late.stderr.contains(" s)\n") && late.stderr.contains("(after waiting 0."), "\(late.stderr)")
        let bad = try ChildProcess.run([vitrine, "run", "--board", Self.root + "board/qemu-std-vga.toml", "--wait-for-display=-1"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--wait-for-display wants seconds from 0 to 600, not -1.0"), "\(bad.stderr)")
    }

    @Test func seventyEightForABadBoardOrShow() throws {
        let bad = temp("bad.toml", "name = \"x\"\n[display]\nbackend = \"headless\"\nsize = \"800x480\"\nbufers = 2\n")
        let run = try ChildProcess.run([vitrine, "run", "--board", bad])
        #expect(run.status == 78)
        #expect(run.stderr == "Error: \(bad):5: display.bufers: unknown key (did you mean \"buffers\"?)\n")
        let check = try ChildProcess.run([vitrine, "check", bad])
        #expect(check.status == 78)
        #expect(check.stderr == "Error: \(bad):5: display.bufers: unknown key (did you mean \"buffers\"?)\n")
        // A bad file and a missing one: the bad one decides (78).
        let both = try ChildProcess.run([vitrine, "check", "/nonexistent/board.toml", bad])
        #expect(both.status == 78)
        #expect(both.stderr.hasPrefix("Error: /nonexistent/board.toml: cannot read: No such file or directory (ENOENT)\nError: \(bad):5: "))
        unlink(bad)
    }

    /// A misspelt label in a show: 78, named with its line and the nearest label.
    @Test func seventyEightForAnUnknownLabel() throws {
        let dir = "/tmp/vitrine-exit-\(getpid())-labels"
        _ = try ChildProcess.run(["/bin/mkdir", "-p", dir])
        ChildProcessFile.write(
            dir + "/show.toml", "title = \"x\"\n[home]\nwallpaper = \"w.jpg\"\ntiles = []\n[labels]\nmenu_emtpy = \"Leer\"\n")
        let check = try ChildProcess.run([vitrine, "check", dir])
        #expect(check.status == 78)
        #expect(
            check.stderr == "Error: \(dir)/show.toml:6: labels.menu_emtpy: unknown key (did you mean \"menu_empty\"?)\n")
        _ = try ChildProcess.run(["/bin/rm", "-rf", dir])
    }

    @Test func checkPassesEveryShippedBoard() throws {
        let boards = try ChildProcess.run(["/bin/sh", "-c", "ls \(Self.root)board/*.toml"]).stdout
            .split(separator: "\n").map(String.init)
        #expect(boards.count >= 6)
        let r = try ChildProcess.run([vitrine, "check"] + boards)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == boards.count)
    }

    @Test func showInitWritesAShowThatChecksAndRefusesToOverwrite() throws {
        let dir = "/tmp/vitrine-exit-\(getpid())-show"
        _ = try ChildProcess.run(["/bin/rm", "-rf", dir])
        let made = try ChildProcess.run([vitrine, "show", "init", dir])
        #expect(made.status == 0, "\(made.stderr)")
        let check = try ChildProcess.run([vitrine, "check", dir + "/show.toml"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == "\(dir)/show.toml: ok\n")
        let again = try ChildProcess.run([vitrine, "show", "init", dir])
        #expect(again.status == 1)
        #expect(again.stderr.contains(dir + "/show.toml"))
        _ = try ChildProcess.run(["/bin/rm", "-rf", dir])
    }
}
