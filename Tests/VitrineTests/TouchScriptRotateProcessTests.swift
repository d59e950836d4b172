import Glibc
import Testing
import VitrineTestSupport

/// A touch script's `rotate` lines through the real binary: `render --touch` plays one
/// (the panel's picture, the turn half way), and both `render --touch` and `run --touch`
/// refuse a word that is not an orientation with the file and line, exit 64, before
/// anything is drawn.
@Suite struct TouchScriptRotateProcessTests {
    let vitrine = ChildProcess.vitrineBinary()
    static let board = KioskProcessTests.board

    func temp(_ name: String, _ text: String) -> String {
        let path = "/tmp/vitrine-rotate-\(getpid())-\(name)"
        ChildProcessFile.write(path, text)
        return path
    }

    @Test func renderPlaysARotateLine() throws {
        let script = temp("turn.touch", "1.0 rotate 90\n")
        let out = "/tmp/vitrine-rotate-\(getpid())-mid.png"
        defer {
            unlink(script)
            unlink(out)
        }
        let r = try ChildProcess.run(
            [vitrine, "render", "--size", "200x120", "--scene", "home", "--touch", script, "--at", "1.15", "--out", out],
            timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("frame 0000 t=1.150 "), "\(r.stdout)")
        #expect(access(out, F_OK) == 0)
    }

    @Test func aBadWordIsAUsageErrorNamingTheFileAndLine() throws {
        let script = temp("bad.touch", "0.5 tap 10 10\n1.0 rotate 45\n")
        defer { unlink(script) }
        let message = "\(script):2: rotate wants 0, 90, 180, 270 or auto, not \"45\""
        let render = try ChildProcess.run(
            [vitrine, "render", "--size", "160x120", "--scene", "test", "--touch", script, "--at", "0", "--out", "/tmp/x.png"])
        #expect(render.status == 64, "\(render.stderr)")
        #expect(render.stderr.contains(message), "\(render.stderr)")
        let run = try ChildProcess.run(
            [vitrine, "run", "--board", Self.board, "--control", "/tmp/vitrine-rotate-\(getpid()).sock", "--touch", script])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}
