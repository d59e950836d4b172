import Glibc
import Runtime
import Scenes
import Show
import ShowDemo
import Testing
import VitrineTestSupport

@testable import vitrine

/// The command line's conventions, through the real binary: the version, help for an
/// unknown command, `Error:` lines, exit 66 for a file that cannot be read, log lines
/// that carry priorities only for the journal, a book's page past its last, `check`'s
/// warnings about pictures and glyphs, a control socket that cannot be made, and help
/// and template texts that point nowhere outside the project.
@Suite struct CLIConventionTests {
    let vitrine = ChildProcess.vitrineBinary()
    static let board = KioskProcessTests.board

    /// A fresh folder under /tmp for one test's files.
    func folder(_ name: String) -> String {
        let path = "/tmp/vitrine-cli-\(getpid())-\(name)"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", path])
        mkdir(path, 0o755)
        return path
    }

    func remove(_ path: String) { _ = try? ChildProcess.run(["/bin/rm", "-rf", path]) }

    // MARK: - Version and help

    @Test func versionIsPrintedBothWaysFromOnePlace() throws {
        #expect(VitrineVersion.line == "vitrine \(VitrineVersion.number)")
        for args in [["--version"], ["version"]] {
            let r = try ChildProcess.run([vitrine] + args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(r.stdout == VitrineVersion.line + "\n", "\(args)")
            #expect(r.stderr.isEmpty, "\(args)")
        }
        let help = try ChildProcess.run([vitrine, "--help"])
        #expect(help.stdout.contains("\nOPTIONS:\n  --version               Show the version.\n"))
        #expect(help.stdout.contains("\n  version                 Print the version.\n"))
    }

    @Test func helpForAnUnknownCommandIs64WithTheCommands() throws {
        let expected = """
            Error: Unknown command 'nosuch'. Please provide one of 'run', 'render', 'check', 'outputs', 'inputs', 'ctl', 'show', 'bench' or 'version'.
            Usage: vitrine <subcommand>
              See 'vitrine --help' for more information.

            """
        for args in [["help", "nosuch"], ["nosuch"], ["nosuch", "--help"]] {
            let r = try ChildProcess.run([vitrine] + args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stdout.isEmpty, "\(args)")
            #expect(r.stderr == expected, "\(args): \(r.stderr)")
        }
        let show = try ChildProcess.run([vitrine, "help", "show", "nosuch"])
        #expect(show.status == 64)
        #expect(
            show.stderr == """
                Error: Unknown command 'nosuch'. Please provide one of 'init'.
                Usage: vitrine show <subcommand>
                  See 'vitrine show --help' for more information.

                """)
        // A command that is there: its help, exit 0.
        let run = try ChildProcess.run([vitrine, "help", "run"])
        #expect(run.status == 0 && run.stdout.hasPrefix("OVERVIEW: Run the kiosk"))
    }

    /// No help text and no template points to a file outside the project.
    @Test func helpAndTheTemplateStayInsideTheProject() {
        // A folder beside the project, spelled in parts so that this file names no such path.
        let besideTheProject = ["..", "shared"].joined(separator: "/")
        var types: [(path: [String], type: any Command.Type)] = [(["vitrine"], Vitrine.self)]
        while let (path, type) = types.popLast() {
            let text = CommandLineHelp.text(path: path, syntax: type.syntax, subcommands: type.subcommands.map { $0.syntax })
            #expect(!text.contains("DESIGN.md") && !text.contains(besideTheProject) && !text.contains("§"), "\(path): \(text)")
            types += type.subcommands.map { (path + [$0.syntax.name], $0) }
        }
        let run = CommandLineHelp.text(path: ["vitrine", "run"], syntax: RunCommand.syntax)
        #expect(
            run.contains(
                "  --board <board>         The board file: the panel's display, touch, rotation,\n                          show and power (see the Board file reference in the\n                          documentation).\n"
            ), "\(run)")
        let template = DemoShow.show.manifestText()
        #expect(template.hasPrefix("# A Vitrine show: what the kiosk plays. Every key is explained in the guide\n"))
        #expect(!template.contains("DESIGN.md") && !template.contains("§"))
    }

    // MARK: - Error lines and exit 66

    /// A board or show that is missing (or not a file) is exit 66 with one `Error:` line
    /// naming the path and the errno; a bad one stays 78 (ExitCodeTests).
    @Test func aMissingOrUnreadableBoardOrShowIs66() throws {
        let missing = "/nonexistent/vitrine/board.toml"
        let line = "Error: \(missing): cannot read: No such file or directory (ENOENT)\n"
        for args in [
            ["run", "--board", missing], ["render", "--board", missing, "--at", "0", "--out", "/tmp/x.png"],
            ["check", missing], ["inputs", "--board", missing],
        ] {
            let r = try ChildProcess.run([vitrine] + args)
            #expect(r.status == 66, "\(args): \(r.stderr)")
            #expect(r.stderr == line, "\(args): \(r.stderr)")
        }
        let showLine = "Error: /nonexistent/show/show.toml: cannot read: No such file or directory (ENOENT)\n"
        for args in [
            ["run", "--board", Self.board, "--show", "/nonexistent/show"],
            ["render", "--size", "160x120", "--show", "/nonexistent/show", "--at", "0", "--out", "/tmp/x.png"],
            ["check", "/nonexistent/show/show.toml"],
        ] {
            let r = try ChildProcess.run([vitrine] + args, timeout: 60)
            #expect(r.status == 66, "\(args): \(r.stderr)")
            #expect(r.stderr == showLine, "\(args): \(r.stderr)")
        }
        // A folder named as a board: nothing to read.
        let dir = folder("notafile")
        defer { remove(dir) }
        let notAFile = try ChildProcess.run([vitrine, "run", "--board", dir + "/", "--show", dir])
        #expect(notAFile.status == 66, "\(notAFile.stderr)")
        mkdir(dir + "/board.toml", 0o755)
        let r = try ChildProcess.run([vitrine, "render", "--board", dir + "/board.toml", "--at", "0", "--out", "/tmp/x.png"])
        #expect(r.status == 66)
        #expect(r.stderr == "Error: \(dir)/board.toml: not a regular file (a directory)\n")
        // Permission bits mean nothing to root: only checked as another user.
        if getuid() != 0 {
            let locked = dir + "/locked.toml"
            ChildProcessFile.write(locked, "name = \"x\"\n")
            chmod(locked, 0)
            let denied = try ChildProcess.run([vitrine, "check", locked])
            #expect(denied.status == 66)
            #expect(denied.stderr == "Error: \(locked): cannot read: Permission denied (EACCES)\n")
        }
    }

    /// Every command's own error is one line starting `Error:` (at a terminal, in a file
    /// or a pipe: anything but the journal).
    @Test func everyErrorLineStartsWithError() throws {
        let dir = folder("errors")
        defer { remove(dir) }
        let made = try ChildProcess.run([vitrine, "show", "init", dir])
        #expect(made.status == 0)
        for (args, status) in [
            (["show", "init", dir], Int32(1)),
            (["ctl", "status", "--socket", dir + "/none"], 69),
            (["render", "--size", "160x120", "--scene", "folder:nope", "--at", "0", "--out", dir + "/x.png"], 64),
            (["run", "--board", Self.board, "--touch", dir + "/none.touch"], 66),
        ] {
            let r = try ChildProcess.run([vitrine] + args, timeout: 60)
            #expect(r.status == status, "\(args): \(r.stderr)")
            #expect(r.stderr.hasPrefix("Error: "), "\(args): \(r.stderr)")
        }
    }

    // MARK: - Log lines

    /// `sh -c` running vitrine with stderr to `err`, JOURNAL_STREAM set to `stream`
    /// ("match": the device and inode of that very stderr, as systemd sets it).
    func runWithJournalStream(_ stream: String, _ args: [String]) throws -> (status: Int32, stderr: String) {
        let value = stream == "match" ? "$(stat -L -c %d:%i /proc/self/fd/2)" : stream
        let quoted = args.map { "'\($0)'" }.joined(separator: " ")
        let env =
            ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("JOURNAL_STREAM=") && !$0.hasPrefix("VITRINE_LOG=") }
            + ["VITRINE_LOG=verbose"]
        let r = try ChildProcess.run(
            ["/bin/sh", "-c", "JOURNAL_STREAM=\(value) exec '\(vitrine)' \(quoted)"], environment: env, timeout: 60)
        return (r.status, r.stderr)
    }

    /// Priority prefixes only when stderr is the journal (JOURNAL_STREAM naming it, as
    /// systemd sets it); plain words otherwise, also with a JOURNAL_STREAM inherited from
    /// elsewhere. VITRINE_LOG=verbose makes a warning.
    @Test func logLinesCarryPrioritiesOnlyForTheJournal() throws {
        let missing = "/nonexistent/vitrine/board.toml"
        let levels = "trace, debug, info, notice, warning, error, critical, using info"
        let journal = try runWithJournalStream("match", ["run", "--board", missing])
        #expect(journal.status == 66)
        #expect(
            journal.stderr == """
                <4>vitrine: VITRINE_LOG="verbose" is not one of \(levels)
                <3>vitrine: \(missing): cannot read: No such file or directory (ENOENT)

                """)
        for stream in ["1:1", ""] {
            let plain = try runWithJournalStream(stream, ["run", "--board", missing])
            #expect(plain.status == 66)
            #expect(
                plain.stderr == """
                    warning: VITRINE_LOG="verbose" is not one of \(levels)
                    Error: \(missing): cannot read: No such file or directory (ENOENT)

                    """, "\(stream)")
        }
        // A command line refused under the journal: the priority, then the usage.
        let usage = try runWithJournalStream("match", ["check"])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("<3>vitrine: Missing expected argument '<files> ...'\nUsage: vitrine check"))
    }

    @Test func logStyleFollowsTheStreamAndFormatsBoth() throws {
        #expect(LogStyle.detect(environment: [:]) == .plain)
        #expect(LogStyle.detect(environment: ["JOURNAL_STREAM": ""]) == .plain)
        let path = "/tmp/vitrine-cli-\(getpid())-stream"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer {
            close(fd)
            unlink(path)
        }
        var info = stat()
        #expect(fstat(fd, &info) == 0)
        let stream = "\(info.st_dev):\(info.st_ino)"
        #expect(LogStyle.detect(environment: ["JOURNAL_STREAM": stream], fd: fd) == .journal)
        #expect(LogStyle.detect(environment: ["JOURNAL_STREAM": stream + "0"], fd: fd) == .plain)
        #expect(
            JournalLine.format(level: .warning, label: "vitrine", message: "m", metadata: ["k": "v"], style: .plain)
                == "warning: m k=v")
        #expect(JournalLine.format(level: .warning, label: "vitrine", message: "m", metadata: [:]) == "<4>vitrine: m")
        #expect(DiagnosticLine.error("e", style: .plain) == "Error: e")
        #expect(DiagnosticLine.error("e", style: .journal) == "<3>vitrine: e")
        #expect(DiagnosticLine.warning("w", style: .plain) == "warning: w")
        #expect(DiagnosticLine.warning("w", style: .journal) == "<4>vitrine: w")
    }

    // MARK: - A book's page

    @Test func aBookPagePastTheLastIsRefusedWithThePageCount() throws {
        #expect(ShowScene.lastBookPage(pageCount: 0) == 0)
        #expect(ShowScene.lastBookPage(pageCount: 2) == 0)
        #expect(ShowScene.lastBookPage(pageCount: 3) == 1)
        #expect(ShowScene.lastBookPage(pageCount: 8) == 3)
        let book = try #require(DemoShow.show.books.first)
        let last = ShowScene.lastBookPage(pageCount: book.pages.count)
        let dir = folder("book")
        defer { remove(dir) }
        let base = ["render", "--size", "160x120", "--at", "0", "--out", dir + "/x.png", "--scene"]
        let past = try ChildProcess.run([vitrine] + base + ["book:\(book.id)@\(last + 1)"])
        #expect(past.status == 64)
        #expect(
            past.stderr.hasPrefix(
                "Error: scene 'book:\(book.id)@\(last + 1)': the book \"\(book.id)\" has \(book.pages.count) pages: @-1 (closed) to @\(last), not @\(last + 1)\n"
            ), "\(past.stderr)")
        let atLast = try ChildProcess.run([vitrine] + base + ["book:\(book.id)@\(last)"], timeout: 120)
        #expect(atLast.status == 0, "\(atLast.stderr)")
    }

    // MARK: - check

    /// `check` decodes every picture and matches every text against the fonts, the
    /// installed ones included (fontconfig): what would show badly is a warning (exit 0),
    /// with --strict exit 78. "東京" is drawn by the installed Droid Sans Fallback (no
    /// warning); U+E000, a private-use character, by no font.
    @Test func checkWarnsAboutMissingPicturesAndMissingGlyphs() throws {
        let dir = folder("check")
        defer { remove(dir) }
        #expect(try ChildProcess.run([vitrine, "show", "init", dir]).status == 0)
        let clean = try ChildProcess.run([vitrine, "check", dir])
        #expect(clean.status == 0 && clean.stderr.isEmpty, "\(clean.stderr)")
        let show = DemoShow.show
        let wallpaper = show.home.wallpaper
        let icon = show.home.tiles[0].icon
        unlink(dir + "/" + wallpaper)
        ChildProcessFile.write(dir + "/" + icon, "not a picture")
        let manifest = dir + "/show.toml"
        let text = ChildProcess.read(manifest)
        ChildProcessFile.write(manifest, text.replacing("title = \"", with: "title = \"東京 \u{E000}\u{E001} ", maxReplacements: 1))
        let expected = [
            "warning: \(manifest): home.wallpaper: \(dir)/\(wallpaper): cannot read: No such file or directory (ENOENT); a placeholder is drawn instead",
            "warning: \(manifest): home.tiles[0].icon: \(dir)/\(icon): ",
            "warning: \(manifest): title: \"東京 \u{E000}\u{E001} \(show.title)\": no installed font has a glyph for 2 characters (the first U+E000); drawn as empty boxes",
        ]
        let r = try ChildProcess.run([vitrine, "check", dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "\(dir): ok\n")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r.stderr)")
        for (line, want) in zip(lines, expected) { #expect(line.hasPrefix(want), "\(line)") }
        let strict = try ChildProcess.run([vitrine, "check", "--strict", dir])
        #expect(strict.status == 78)
        #expect(strict.stdout.isEmpty)
        #expect(strict.stderr == r.stderr)
    }

    // MARK: - The control socket

    /// `--control` naming a path where no socket can be made is exit 64 naming why: too
    /// long for a socket address, or a folder no one may make files in (sysfs's root).
    @Test func aControlSocketThatCannotBeMadeIs64() throws {
        let long = "/tmp/" + String(repeating: "c", count: 120)
        let r = try ChildProcess.run([vitrine, "run", "--board", Self.board, "--control", long], timeout: 60)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: control socket: ") && r.stderr.contains("File name too long"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        let denied = "/sys/vitrine-\(getpid())"
        let d = try ChildProcess.run([vitrine, "run", "--board", Self.board, "--control", denied], timeout: 60)
        #expect(d.status == 64)
        #expect(d.stderr.hasPrefix("Error: control socket: bind \(denied): "), "\(d.stderr)")
        #expect(d.stderr.contains("Operation not permitted") || d.stderr.contains("Permission denied"), "\(d.stderr)")
        #expect(access(denied, F_OK) != 0)
    }
}
