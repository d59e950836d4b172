import Glibc
import Testing
import VitrineTestSupport

@testable import vitrine

/// Screen power from the command line: `vitrine ctl display|brightness` as parsed, and
/// against the binary running a headless board whose `[power]` names a backlight in a
/// stand-in sysfs tree (`VITRINE_SYSFS_ROOT`, set for the child process only).
@Suite(.serialized) struct KioskPowerProcessTests {
    let vitrine = ChildProcess.vitrineBinary()

    func failure(_ words: [String]) -> (message: String, code: Int32) {
        CommandLineParserTests().failure(CtlCommand.self, words)
    }

    @Test func ctlChecksDisplayWordsAndLeavesTheLevelToTheKiosk() throws {
        #expect(try CtlCommand.parse(["display", "off"]).line() == "display off")
        #expect(try CtlCommand.parse(["display", "on"]).line() == "display on")
        #expect(failure(["display", "dim"]) == ("display wants on or off, not 'dim'", 64))
        #expect(failure(["display"]) == ("display wants on or off", 64))
        // Any one word goes to the kiosk, which refuses a level out of 0...1 (exit 1).
        #expect(try CtlCommand.parse(["brightness", "7"]).line() == "brightness 7")
        #expect(try CtlCommand.parse(["brightness", "-1"]).line() == "brightness -1")
        #expect(failure(["brightness"]) == ("brightness wants a level from 0 to 1", 64))
        #expect(failure(["brightness", "0.5 1"]) == ("brightness wants one number from 0 to 1, not '0.5 1'", 64))
    }

    @Test func theKioskSetsTheBoardsBacklightAndAnswersCtl() throws {
        let tree = try BacklightTree(max: 100, level: 50)
        defer { tree.remove() }
        let dir = tree.root + "/run"
        mkdir(dir, 0o755)
        let board = dir + "/board.toml"
        let text = """
            name = "power test"

            [display]
            backend = "headless"
            size = "800x480"

            [power]
            backlight = "\(tree.boardPath)"
            brightness = 0.8
            """
        let f = try #require(fopen(board, "w"))
        fputs(text, f)
        fclose(f)
        let listener = try NotifyListener(path: dir + "/notify")
        defer { withExtendedLifetime(listener) {} }
        let env = ChildProcess.inheritedEnvironment().filter {
            !$0.hasPrefix("NOTIFY_SOCKET=") && !$0.hasPrefix("WATCHDOG_") && !$0.hasPrefix("VITRINE_SYSFS_ROOT=")
        } + ["NOTIFY_SOCKET=\(dir)/notify", "VITRINE_SYSFS_ROOT=\(tree.root)"]
        let kiosk = try ChildProcess([vitrine, "run", "--board", board, "--control", dir + "/control"], environment: env)
        defer {
            kiosk.signal(SIGTERM)
            kiosk.wait(timeout: 20)
        }
        #expect(listener.wait(for: "READY=1", timeout: 60) != nil, "stderr: \(kiosk.standardError)")
        func ctl(_ words: String...) throws -> (status: Int32, stdout: String, stderr: String) {
            try ChildProcess.run([vitrine, "ctl"] + words + ["--socket", dir + "/control"])
        }
        // Set at start, before the loop answers any command.
        let status = try ctl("status")
        #expect(status.status == 0)
        #expect(status.stdout.contains("\ndisplay=on\nbrightness=0.8\nbacklight=\(tree.directory)\n"), "\(status.stdout)")
        #expect(tree.value("brightness") == 80)

        let bad = try ctl("brightness", "7")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("brightness wants a number from 0 to 1, not \"7\""), "\(bad.stderr)")
        #expect(try ctl("brightness", "NaN").status == 1)

        let off = try ctl("display", "off")
        #expect(off.status == 0 && off.stdout == "ok display=off\n")
        #expect(tree.value("brightness") == 0 && tree.value("bl_power") == 4)
        let on = try ctl("display", "on")
        #expect(on.status == 0 && on.stdout == "ok display=on\n")
        #expect(tree.value("brightness") == 80 && tree.value("bl_power") == 0)
    }
}
