import Glibc
import Rotation
import Testing
import VitrineTestSupport

@testable import vitrine

/// The command-line parser (CommandLineParser, ParsedCommandLine, CommandLineHelp,
/// CommandDispatch): every error word for word, `=` forms, repeats, positionals among
/// options, help.
@Suite struct CommandLineParserTests {
    /// The message (after "Error: ") and status `words` come to for the command `C`; ("", 0)
    /// when they parse and validate.
    func failure<C: Command>(_ type: C.Type, _ words: [String]) -> (message: String, code: Int32) {
        do {
            _ = try C.parse(words)
            return ("", 0)
        } catch {
            let f = CommandFailure(error)
            return (f.message, f.status)
        }
    }

    let renderBase = ["--out", "x.png", "--at", "1"]

    @Test func unknownOptionIsNamedWithASuggestionWhenOneIsNear() {
        #expect(failure(RunCommand.self, ["--bogus"]) == ("Unknown option '--bogus'", 64))
        #expect(failure(RunCommand.self, ["--bords"]) == ("Unknown option '--bords'. Did you mean '--board'?", 64))
        #expect(failure(RunCommand.self, ["--bogus=1"]) == ("Unknown option '--bogus'", 64))
        #expect(failure(BenchCommand.self, ["-x"]) == ("Unknown option '-x'", 64))
        #expect(failure(BenchCommand.self, ["-qt", "1"]) == ("Unknown option '-qt'", 64))
        // --help is answered before parsing; -help is nothing.
        #expect(failure(CtlCommand.self, ["status", "-help"]) == ("Unknown option '-help'", 64))
    }

    @Test func missingValueIsNamed() {
        #expect(failure(RenderCommand.self, ["--at", "1", "--out"]) == ("Missing value for '--out <out>'", 64))
        // The next word is another option: not taken as the value.
        #expect(failure(RenderCommand.self, ["--out", "--at", "1"]) == ("Missing value for '--out <out>'", 64))
        #expect(failure(BenchCommand.self, ["-t"]) == ("Missing value for '-t <t>'", 64))
        #expect(failure(BenchCommand.self, ["-r", "-q"]) == ("Missing value for '-r <r>'", 64))
    }

    @Test func aFlagTakesNoValue() {
        #expect(
            failure(RenderCommand.self, renderBase + ["--tour=yes"])
                == ("The option '--tour' does not take any value, but 'yes' was specified.", 64))
        #expect(
            failure(BenchCommand.self, ["-q="]) == ("The option '-q' does not take any value, but '' was specified.", 64))
    }

    @Test func aValueThatDoesNotParseIsNamedWithTheOption() {
        #expect(failure(RenderCommand.self, renderBase + ["--buffers", "two"]) == ("The value 'two' is invalid for '--buffers <buffers>'", 64))
        #expect(failure(RenderCommand.self, ["--out", "x", "--at", "soon"]) == ("The value 'soon' is invalid for '--at <at>'", 64))
        #expect(failure(RenderCommand.self, renderBase + ["--fps=fast"]) == ("The value 'fast' is invalid for '--fps <fps>'", 64))
        #expect(failure(RenderCommand.self, renderBase + ["--frames", "1.5"]) == ("The value '1.5' is invalid for '--frames <frames>'", 64))
        #expect(
            failure(RenderCommand.self, renderBase + ["--rotation", "45"])
                == ("The value '45' is invalid for '--rotation <rotation>'. Please provide one of '0', '90', '180' or '270'.", 64))
        #expect(failure(BenchCommand.self, ["-t", "abc"]) == ("The value 'abc' is invalid for '-t <t>'", 64))
        #expect(failure(RunCommand.self, ["--touch-loop", "1s"]) == ("The value '1s' is invalid for '--touch-loop <touch-loop>'", 64))
        #expect(
            failure(RunCommand.self, ["--wait-for-display="])
                == ("The value '' is invalid for '--wait-for-display <wait-for-display>'", 64))
    }

    @Test func theChoiceListsTwoOrMoreValues() {
        #expect(CommandLineError.choice([]) == "")
        #expect(CommandLineError.choice(["a"]) == ". Please provide one of 'a'.")
        #expect(CommandLineError.choice(["a", "b"]) == ". Please provide one of 'a' and 'b'.")
        #expect(CommandLineError.choice(["a", "b", "c"]) == ". Please provide one of 'a', 'b' or 'c'.")
    }

    @Test func missingRequiredOptionOrArgumentIsNamed() {
        #expect(failure(RenderCommand.self, ["--at", "1"]) == ("Missing expected argument '--out <out>'", 64))
        #expect(failure(CtlCommand.self, []) == ("Missing expected argument '<command>'", 64))
        #expect(failure(CtlCommand.self, ["--socket", "s"]) == ("Missing expected argument '<command>'", 64))
        #expect(failure(CheckCommand.self, []) == ("Missing expected argument '<files> ...'", 64))
        #expect(failure(ShowInitCommand.self, []) == ("Missing expected argument '<directory>'", 64))
    }

    @Test func extraPositionalWordsAreNamed() {
        #expect(failure(ShowInitCommand.self, ["a", "b"]) == ("Unexpected argument 'b'", 64))
        #expect(failure(RunCommand.self, ["a", "b"]) == ("2 unexpected arguments: 'a', 'b'", 64))
        #expect(failure(CtlCommand.self, ["rotate", "90", "180"]) == ("Unexpected argument '180'", 64))
        #expect(failure(Vitrine.self, ["frobnicate"]) == ("Unexpected argument 'frobnicate'", 64))
        #expect(failure(Vitrine.self, ["--versions"]) == ("Unknown option '--versions'. Did you mean '--version'?", 64))
    }

    /// The commands' own checks keep their words and exit 64.
    @Test func commandChecksAreUsageErrors() {
        #expect(failure(CtlCommand.self, ["spin"]) == ("unknown command 'spin' (status, rotate, reload, home, display, brightness, screenshot)", 64))
        #expect(failure(CtlCommand.self, ["rotate", "45"]) == ("rotate wants 0, 90, 180, 270 or auto, not '45'", 64))
        #expect(failure(CtlCommand.self, ["rotate"]) == ("rotate wants an angle: 0, 90, 180, 270 or auto", 64))
        #expect(failure(CtlCommand.self, ["status", "now"]) == ("'status' takes no value", 64))
        // A negative number is a value, refused by what checks it, not an unknown option.
        #expect(failure(CtlCommand.self, ["rotate", "-90"]) == ("rotate wants 0, 90, 180, 270 or auto, not '-90'", 64))
        #expect(failure(RenderCommand.self, ["--out", "x", "--at", "-1"]) == ("--at times must be 0...3600 seconds", 64))
        #expect(failure(RenderCommand.self, ["--out", "x", "--at", "-.5"]) == ("--at times must be 0...3600 seconds", 64))
    }

    @Test func equalsFormsAndSeparateValuesAreTheSame() throws {
        let spaced = try RenderCommand.parse(["--out", "o", "--at", "0.5", "--scene", "home", "--rotation", "90", "--buffers", "3"])
        let joined = try RenderCommand.parse(["--out=o", "--at=0.5", "--scene=home", "--rotation=90", "--buffers=3"])
        for c in [spaced, joined] {
            #expect(c.out == "o")
            #expect(c.at == [0.5])
            #expect(c.scene == "home")
            #expect(c.rotation == .clockwise90)
            #expect(c.buffers == 3)
        }
        // Only the first "=" splits: the value may hold more.
        #expect(try RenderCommand.parse(["--out=a=b.png", "--at", "0"]).out == "a=b.png")
        #expect(try BenchCommand.parse(["-t=0.25"]).seconds == 0.25)
    }

    @Test func defaultsWhenLeftOut() throws {
        let c = try RenderCommand.parse(["--out", "o", "--at", "0"])
        #expect(c.scene == "launch")
        #expect(c.fps == 60)
        #expect(c.board == nil && c.size == nil && c.rotation == nil && c.frames == nil && c.paintThreads == nil)
        #expect(!c.tour && !c.timingOnly && !c.fullRepaint && !c.quiet && !c.present)
        let b = try BenchCommand.parse([])
        #expect(b.seconds == 0.5 && b.resolutions.isEmpty && b.workloads == nil && b.dumpDirectory == nil && !b.quiet)
    }

    @Test func repeatsKeepEveryValueAndASingleValueItsLast() throws {
        let c = try RenderCommand.parse(["--at", "3", "--out", "o", "--at=1", "--at", "2", "--scene", "home", "--scene", "shelf"])
        #expect(c.at == [3, 1, 2])
        #expect(c.scene == "shelf")
        let b = try BenchCommand.parse(["-r", "800x480", "-r=64x48", "-w", "fill,copy", "-q", "-q"])
        #expect(b.resolutions == ["800x480", "64x48"])
        #expect(b.workloads == "fill,copy")
        #expect(b.quiet)
    }

    @Test func positionalArgumentsMayComeAmongOptions() throws {
        let a = try CtlCommand.parse(["rotate", "--socket", "/tmp/s", "90"])
        let b = try CtlCommand.parse(["--socket=/tmp/s", "rotate", "90"])
        let c = try CtlCommand.parse(["rotate", "90", "--socket", "/tmp/s"])
        for x in [a, b, c] {
            #expect(x.command == "rotate" && x.value == "90" && x.socket == "/tmp/s")
        }
        #expect(try CheckCommand.parse(["a.toml", "b.toml", "show/"]).files == ["a.toml", "b.toml", "show/"])
    }

    /// An empty socket path is refused as empty, before anything is tried (it was "socket
    /// path : File name too long"); `rotate 090` is not an angle as written.
    @Test func ctlRefusesAnEmptySocketAndAnAngleNotAsWritten() {
        #expect(failure(CtlCommand.self, ["status", "--socket", ""]) == ("--socket wants a socket path, not an empty one", 64))
        #expect(failure(CtlCommand.self, ["rotate", "090"]) == ("rotate wants 0, 90, 180, 270 or auto, not '090'", 64))
    }

    @Test func doubleDashEndsTheOptions() throws {
        #expect(try CheckCommand.parse(["a.toml", "--", "-b.toml", "--help"]).files == ["a.toml", "-b.toml", "--help"])
        #expect(try ShowInitCommand.parse(["--", "-"]).directory == "-")
        // "-" alone is a value (a common name for stdin), not an option.
        #expect(try ShowInitCommand.parse(["-"]).directory == "-")
    }

    @Test func isOptionTellsOptionsFromValues() {
        for word in ["--out", "-t", "--", "-x", "--at=1"] { #expect(CommandLineParser.isOption(word), "\(word)") }
        for word in ["out", "-", "-1", "-.5", "-90", "", "90"] { #expect(!CommandLineParser.isOption(word), "\(word)") }
    }

    /// `-h`/`--help` anywhere before `--`, or `vitrine help ...`: the help of the deepest
    /// command named.
    @Test func helpIsFoundAnywhere() {
        func resolved(_ words: [String]) -> (String, [String], Bool) {
            let r = CommandDispatch.resolve(words, root: Vitrine.self)
            return (r.path.map { $0.syntax.name }.joined(separator: " "), r.rest, r.help)
        }
        #expect(resolved(["render", "--out", "x", "-h"]) == ("vitrine render", ["--out", "x", "-h"], true))
        #expect(resolved(["--help"]) == ("vitrine", ["--help"], true))
        #expect(resolved(["help", "show", "init"]) == ("vitrine show init", [], true))
        #expect(resolved(["show", "init", "--help"]) == ("vitrine show init", ["--help"], true))
        #expect(resolved(["check", "--", "--help"]) == ("vitrine check", ["--", "--help"], false))
        #expect(resolved(["ctl", "status"]) == ("vitrine ctl", ["status"], false))
        #expect(resolved([]) == ("vitrine", [], false))
        // A subcommand's name only counts as one before anything else.
        #expect(resolved(["check", "run"]) == ("vitrine check", ["run"], false))
    }

    @Test func helpListsEveryOptionWithItsHelp() {
        let text = CommandLineHelp.text(path: ["vitrine", "render"], syntax: RenderCommand.syntax)
        #expect(text.hasPrefix("OVERVIEW: Render frames on the headless backend with a manual clock, from a\ncold start.\n"))
        #expect(text.contains("\nUSAGE: vitrine render [<options>] --out <out>\n"))
        for option in RenderCommand.syntax.options { #expect(text.contains("  \(option.synopsis)"), "\(option.name)") }
        #expect(text.contains("  --out <out>             Output PNG file (one --at) or folder.\n"))
        #expect(text.contains("  --fps <fps>             Frames per second for --frames. (default: 60.0)\n"))
        #expect(text.contains("180 or 270. (values: 0, 90, 180, 270)\n"))
        // A label too long to share its line: the help under it.
        #expect(text.contains("  --paint-threads <paint-threads>\n                          Threads that paint"))
        #expect(text.hasSuffix("  -h, --help              Show help information.\n\n"))
        for line in text.split(separator: "\n") { #expect(line.count <= 79, "\(line)") }

        let ctl = CommandLineHelp.text(path: ["vitrine", "ctl"], syntax: CtlCommand.syntax)
        #expect(ctl.contains("\nUSAGE: vitrine ctl <command> [<value>] [--socket <socket>]\n"))
        #expect(
            ctl.contains(
                "\nARGUMENTS:\n  <command>               The command: status, rotate, reload, home, display,\n                          brightness or screenshot.\n"
            ))
        let bench = CommandLineHelp.usage(path: ["vitrine", "bench"], syntax: BenchCommand.syntax)
        #expect(bench == "vitrine bench [-t <t>] [-r <r> ...] [-w <w>] [-d <d>] [-q] [--count <count>]")

        let root = CommandLineHelp.text(
            path: ["vitrine"], syntax: Vitrine.syntax, subcommands: Vitrine.subcommands.map { $0.syntax })
        #expect(root.contains("\nUSAGE: vitrine <subcommand>\n"))
        for sub in Vitrine.subcommands { #expect(root.contains("\n  \(sub.syntax.name) "), "\(sub.syntax.name)") }
        #expect(root.hasSuffix("  See 'vitrine help <subcommand>' for detailed help.\n"))
    }

    @Test func failuresAreClassified() {
        #expect(CommandFailure(CommandLineError.missingArgument("<x>")) == CommandFailure(UsageError("Missing expected argument '<x>'")))
        #expect(CommandFailure(UsageError("u")).status == 64)
        let exit = CommandFailure(CommandExit(status: 69))
        #expect(exit.status == 69 && exit.message.isEmpty && !exit.isUsage)
        struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
        let odd = CommandFailure(Odd())
        #expect(odd.message == "odd" && odd.status == 1 && !odd.isUsage)
    }

    /// Every command reads every option it declares (a name mistyped between the syntax
    /// and `init` stops the process here), and no two options share a name.
    @Test func everyCommandReadsEveryOptionItDeclares() throws {
        func check<C: Command>(_ type: C.Type) throws {
            let names = C.syntax.options.map(\.name)
            #expect(Set(names).count == names.count, "\(C.syntax.name)")
            var words: [String] = []
            for option in C.syntax.options {
                words += option.kind == .flag ? [option.name] : [option.name, "90"]
            }
            for argument in C.syntax.arguments { words.append(argument.name) }
            _ = try C(CommandLineParser.parse(words, syntax: C.syntax))
        }
        var types: [any Command.Type] = [Vitrine.self]
        while let t = types.popLast() {
            try check(t)
            types += t.subcommands
        }
    }
}

/// Help and errors through the real binary: exit statuses and where the text goes.
@Suite struct CommandLineProcessTests {
    let vitrine = ChildProcess.vitrineBinary()

    @Test func helpGoesToStdoutAndExitsZero() throws {
        for args in [["--help"], ["-h"], [], ["help"], ["show"], ["render", "--help"], ["bench", "-h"], ["help", "show", "init"], ["ctl", "status", "--help"]] {
            let r = try ChildProcess.run([vitrine] + args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(r.stdout.hasPrefix("OVERVIEW: "), "\(args): \(r.stdout)")
            #expect(r.stderr.isEmpty, "\(args)")
        }
        let render = try ChildProcess.run([vitrine, "render", "-h"])
        #expect(render.stdout.contains("  --at <at>               A time to render, seconds from the cold start\n"))
    }

    @Test func aBadLineIsOneErrorLineThenTheUsage() throws {
        let r = try ChildProcess.run([vitrine, "render", "--at", "1"])
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr == """
                Error: Missing expected argument '--out <out>'
                Usage: vitrine render [<options>] --out <out>
                  See 'vitrine render --help' for more information.

                """)
        let v = try ChildProcess.run([vitrine, "--verbose"])
        #expect(v.status == 64)
        #expect(v.stderr.hasPrefix("Error: Unknown option '--verbose'\nUsage: vitrine <subcommand>\n"))
    }

    @Test func equalsFormsRunTheCommand() throws {
        let out = "/tmp/vitrine-cli-\(getpid()).png"
        defer { unlink(out) }
        let r = try ChildProcess.run([vitrine, "render", "--size=160x120", "--scene=test", "--at=0", "--out=\(out)", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(access(out, F_OK) == 0)
        #expect(r.stdout.hasPrefix("frames=1 "), "\(r.stdout)")
    }
}
