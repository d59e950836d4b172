import Glibc
import Testing
import VitrineTestSupport

/// `vitrine render --present` on a display without flip events (the headless backend):
/// the frames are paced as the kiosk's loop paces that display, one a refresh period, and
/// are the same frames as render draws back to back. (In a Wayland window:
/// WestonWindowTests.)
@Suite struct RenderPresentTests {
    let vitrine = ChildProcess.vitrineBinary()

    @Test func onAHeadlessBoardTheFramesArePacedAtTheRefreshRate() throws {
        let dir = "/tmp/vitrine-present-\(getpid())"
        mkdir(dir, 0o755)
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let board = dir + "/board.toml"
        let text = "name = \"paced\"\n[display]\nbackend = \"headless\"\nsize = \"320x240\"\n"
        let fd = open(board, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let args = [vitrine, "render", "--board", board, "--frames", "31", "--timing-only", "--out", dir + "/o"]
        let t0 = ChildProcess.now
        let paced = try ChildProcess.run(args + ["--present"], timeout: 120)
        let took = ChildProcess.now - t0
        #expect(paced.status == 0, "\(paced.stderr)")
        let plain = try ChildProcess.run(args, timeout: 120)
        #expect(plain.status == 0, "\(plain.stderr)")
        func frames(_ out: String) -> [String] {
            out.split(separator: "\n").filter { $0.hasPrefix("frame ") }.map { line in
                line.split(separator: " ").filter { !$0.hasPrefix("frame_ms=") }.joined(separator: " ")
            }
        }
        #expect(frames(paced.stdout).count == 31)
        #expect(frames(paced.stdout) == frames(plain.stdout), "the same frames, times and damage")
        // 31 frames a 60th of a second apart: at least 0.5 s from the first to the last
        // (a lower bound only: a busy machine makes it longer, never shorter).
        #expect(took >= 0.5, "31 paced frames in \(took) s")
    }
}
