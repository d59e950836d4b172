import ArgumentParser
import FixedPoint
import Runtime

/// `vitrine render`: frames of the headless runtime as PNG files (DESIGN.md §3).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render frames on the headless backend with a manual clock, from a cold start.",
        discussion: """
            With one --at, --out is the PNG file; with several, or --frames, it is a folder of \
            numbered PNGs (plus, for --frames, a contact sheet). Prints one line per frame with \
            its composite time and repainted pixel count.
            """)

    @Option(help: "The panel's native size, WxH pixels (until board files exist).")
    var size = "800x480"

    @Option(help: "Scanout format: xrgb8888 or rgb565.")
    var format = "xrgb8888"

    @Option(help: "Buffers in the swap chain: 1, 2 or 3.")
    var buffers = 2

    @Option(help: "Clockwise mount angle of the panel: 0, 90, 180 or 270.")
    var rotation = 0

    @Option(help: "The scene: 'test' (the built-in test scene).")
    var scene = "test"

    @Option(help: "A touch script to play (DESIGN.md §3): times in seconds, panel coordinates.")
    var touch: String?

    @Option(help: "A time to render, seconds from the cold start; repeatable.")
    var at: [Double] = []

    @Option(help: "Render this many frames from t = 0.")
    var frames: Int?

    @Option(help: "Frames per second for --frames.")
    var fps = 60.0

    @Option(help: "Output PNG file (one --at) or folder.")
    var out: String

    @Flag(help: "Time the frames without writing any picture (PNG encoding between frames would evict the CPU caches).")
    var timingOnly = false

    @Flag(help: "Repaint every frame whole, as a display that can't tell a buffer's age: the cost of a full frame.")
    var fullRepaint = false

    @Option(help: "Threads that paint alongside the main one (default: one per further CPU, up to 3).")
    var paintThreads: Int?

    @Flag(help: "No per-frame lines, only the summary.")
    var quiet = false

    func parsedSize() throws -> (Int, Int) {
        let parts = size.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...8192).contains(w),
            (1...8192).contains(h)
        else {
            throw ValidationError("bad --size '\(size)': want WxH, each 1...8192")
        }
        return (w, h)
    }

    func request() throws -> RenderRequest {
        let (w, h) = try parsedSize()
        let times: RenderRequest.Times
        switch (at.isEmpty, frames) {
        case (false, nil):
            guard at.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw ValidationError("--at times must be 0 or more seconds") }
            times = .at(at)
        case (true, let n?):
            guard (1...100_000).contains(n) else { throw ValidationError("--frames must be 1...100000") }
            guard fps.isFinite, fps > 0, fps <= 1000 else { throw ValidationError("--fps must be in (0, 1000]") }
            times = .frames(count: n, fps: fps)
        default:
            throw ValidationError("give either --at SECONDS (repeatable) or --frames N")
        }
        var r = RenderRequest(
            width: w, height: h, format: format, buffers: buffers, rotation: rotation, scene: scene, times: times,
            outPath: out)
        r.timingOnly = timingOnly
        r.touchPath = touch
        r.fullRepaint = fullRepaint
        if let n = paintThreads {
            guard (0...15).contains(n) else { throw ValidationError("--paint-threads must be 0...15") }
            r.paintThreads = n
        }
        return r
    }

    func validate() throws { _ = try request() }

    func run() throws {
        let renderer: HeadlessRenderer
        do {
            renderer = try HeadlessRenderer(try request(), textRasterizer: TextSupport.rasterizer())
        } catch let RenderError.usage(message) {
            throw ValidationError(message)
        } catch let RenderError.touchScript(error) {
            // A bad input file named on the command line: exit 64 with the file and line.
            throw ValidationError("\(error)")
        }
        let quiet = self.quiet
        let reports = try renderer.run { r in if !quiet { print(r.line) } }
        print(RenderSummary(reports).line)
    }
}
