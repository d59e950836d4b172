import Glibc
import Testing
import VitrineTestSupport

/// `vitrine run --watch` as an author runs it: the real binary, the show found through
/// the board's `[show]` path, edits made on disk, `vitrine ctl status` reading the
/// reloads; and `--watch` with no show folder to watch refused as a bad command line.
@Suite(.serialized) struct KioskWatchProcessTests {
    let vitrine = ChildProcess.vitrineBinary()

    func folder(_ name: String) -> String {
        let path = "/tmp/vitrine-watchrun-\(getpid())-\(name)"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", path])
        mkdir(path, 0o755)
        return path
    }

    /// Appends `text` to the file at `path` (a save in place).
    static func append(_ path: String, _ text: String) {
        guard let f = fopen(path, "a") else { return }
        fputs(text, f)
        fclose(f)
    }

    /// `ctl status`'s value for `key` ("" when there is none or no kiosk answers).
    func status(_ dir: String, _ key: String) throws -> String {
        let out = try ChildProcess.run([vitrine, "ctl", "status", "--socket", dir + "/control"]).stdout
        let line = out.split(separator: "\n").first { $0.hasPrefix(key + "=") }
        return line.map { String($0.dropFirst(key.count + 1)) } ?? ""
    }

    /// Asks `status` until `done` holds for `key`'s value, at most 30 s (a hang bound).
    func wait(_ dir: String, _ key: String, until done: (String) -> Bool) throws -> String {
        let by = ChildProcess.now + 30
        var value = try status(dir, key)
        while !done(value) && ChildProcess.now < by {
            usleep(50_000)
            value = try status(dir, key)
        }
        return value
    }

    @Test func watchWithoutAShowFolderIsAUsageError() throws {
        let dir = folder("demo")
        let r = try ChildProcess.run(
            [vitrine, "run", "--board", KioskProcessTests.board, "--watch", "--control", dir + "/control"])
        #expect(r.status == 64, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("--watch needs a show folder"), "\(r.stderr)")
    }

    @Test func theBoardsShowIsWatchedAndStatusCountsItsReloads() throws {
        let dir = folder("board")
        #expect(try ChildProcess.run([vitrine, "show", "init", dir + "/show"]).status == 0)
        // The headless board with a [show] path, relative to the board file.
        let board = ChildProcess.read(KioskProcessTests.board).replacingOccurrences(
            of: "[show]\n", with: "[show]\npath = \"show\"\n")
        #expect(board.contains("path = \"show\""))
        let boardPath = dir + "/board.toml"
        Self.append(boardPath, board)
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("NOTIFY_SOCKET=") && !$0.hasPrefix("WATCHDOG_") }
        let kiosk = try ChildProcess(
            [vitrine, "run", "--board", boardPath, "--watch", "--control", dir + "/control"], environment: env)
        #expect(try wait(dir, "reloads", until: { $0 == "0" }) == "0", "stderr: \(kiosk.standardError)")
        #expect(try status(dir, "show") == dir + "/show")
        #expect(try status(dir, "reload_error") == "none")

        Self.append(dir + "/show/show.toml", "\n# edited\n")
        #expect(try wait(dir, "reloads", until: { $0 == "1" }) == "1", "stderr: \(kiosk.standardError)")
        Self.append(dir + "/show/show.toml", "[[[\n")
        let error = try wait(dir, "reload_error", until: { $0 != "none" })
        #expect(error.contains("show.toml:"), "\(error)")
        #expect(try status(dir, "reloads") == "1")

        kiosk.signal(SIGTERM)
        #expect(kiosk.wait(timeout: 20))
        #expect(kiosk.exitStatus == 0, "stderr: \(kiosk.standardError.suffix(2000))")
        let failures = kiosk.standardError.split(separator: "\n").filter { $0.contains("reload: ") }
        #expect(failures.count == 1, "\(failures)")
    }
}
