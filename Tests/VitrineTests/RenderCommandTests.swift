import Glibc
import Runtime
import Testing

@testable import vitrine

/// `vitrine render`'s command line and what a run leaves behind.
@Suite struct RenderCommandTests {
    func failure(_ arguments: [String]) -> (message: String, code: Int32) {
        do {
            _ = try RenderCommand.parse(arguments)
            return ("", 0)
        } catch {
            let f = CommandFailure(error)
            return (f.message, f.status)
        }
    }

    @Test func badCommandLinesAreUsageErrors() {
        #expect(failure(["--out", "x"]) == ("give either --at SECONDS (repeatable) or --frames N", 64))
        #expect(failure(["--out", "x", "--at", "1", "--frames", "3"]).code == 64)
        #expect(failure(["--out", "x", "--at=-1"]) == ("--at times must be 0...3600 seconds", 64))
        #expect(failure(["--out", "x", "--frames", "0"]) == ("--frames must be 1...100000", 64))
        #expect(failure(["--out", "x", "--frames", "2", "--fps", "0"]) == ("--fps must be in (0, 1000]", 64))
        // With --tour the frames are counted from --fps before it was checked: Int() of
        // 1e300 frames trapped.
        #expect(failure(["--out", "x", "--tour", "--fps", "1e300"]) == ("--fps must be in (0, 1000]", 64))
        #expect(failure(["--out", "x", "--tour", "--fps", "nan"]) == ("--fps must be in (0, 1000]", 64))
        #expect(failure(["--out", "x", "--at", "1", "--size", "800"]) == ("--size: \"800\" is not WIDTHxHEIGHT (like \"800x480\")", 64))
        #expect(failure(["--out", "x", "--at", "1", "--size", "1x1"]) == ("--size: width must be from 120 to 8192 pixels, found 1", 64))
        #expect(failure(["--at", "1"]).code == 64)  // --out is required
        #expect(failure(["--out", "x", "--at", "1", "--board", "b.toml", "--size", "8x8"]) == ("give --board or --size, not both", 64))
        #expect(failure(["--out", "x", "--at", "1", "--tour", "--touch", "t"]) == ("give --tour or --touch, not both", 64))
        #expect(failure(["--out", "x", "--tour", "--scene", "home"]) == ("--tour starts from the launch: leave out --scene", 64))
        #expect(
            failure(["--out", "x", "--at", "1", "--scene", "attic"])
                == ("unknown scene 'attic' (launch, home, folder:<id>, shelf, book:<id>, cards:<id>, menu, test)", 64))
    }

    @Test func unknownSceneFormatOrRotationIsNamed() {
        let base = RenderRequest(width: 64, height: 48, times: .at([0]), outPath: "/tmp/x.png")
        var r = base
        r.scene = "home"
        #expect(throws: RenderError.usage("scene 'home' needs a show")) {
            try HeadlessRenderer(r)
        }
        r = base
        r.format = "bgr"
        #expect(throws: RenderError.usage("unknown format 'bgr' (xrgb8888 or rgb565)")) { try HeadlessRenderer(r) }
    }

    @Test func malformedTouchScriptNamesFileAndLine() throws {
        let path = "/tmp/vitrine-render-\(getpid()).touch"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let text = "0.1 tap 10 10\n0.2 dwn 0 1 2\n"
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        defer { unlink(path) }
        var r = RenderRequest(width: 64, height: 48, times: .at([0]), outPath: "/tmp/x.png")
        r.touchPath = path
        #expect(throws: RenderError.self) { try HeadlessRenderer(r) }
        do {
            _ = try HeadlessRenderer(r)
        } catch {
            #expect(error.description == "\(path):2: unknown verb 'dwn'")
        }
    }

    /// --frames writes numbered PNGs, an animated PNG and a contact sheet, and reports a
    /// line per frame; once the scene is still, frames repaint nothing.
    @Test func framesRunWritesEverything() throws {
        let dir = "/tmp/vitrine-render-\(getpid())"
        defer {
            for f in ["frame-0000.png", "frame-0001.png", "frame-0002.png", "animation.png", "contact-sheet.png"] {
                unlink("\(dir)/\(f)")
            }
            rmdir(dir)
        }
        let request = RenderRequest(width: 96, height: 64, buffers: 1, times: .frames(count: 3, fps: 0.5), outPath: dir)
        var lines: [String] = []
        let reports = try HeadlessRenderer(request).run { lines.append($0.line) }
        #expect(reports.count == 3)
        #expect(lines[0].hasPrefix("frame 0000 t=0.000 frame_ms="))
        #expect(lines[0].hasSuffix("repainted_px=6144 rects=1"))
        // t = 2 and 4 s: the scene stopped moving at 2 s, so the last frame repaints 0.
        #expect(reports[2].stats.repaintedPixels == 0)
        for f in ["frame-0000.png", "frame-0002.png", "animation.png", "contact-sheet.png"] {
            #expect(access("\(dir)/\(f)", F_OK) == 0, "\(f)")
        }
        let summary = RenderSummary(reports).line
        #expect(summary.hasPrefix("frames=3 median_ms="))
        #expect(summary.contains(" idle=1 "))
    }
}
