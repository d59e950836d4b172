import LinuxSystem
import Assets
import Board
import ConfigFile
import Display
import FixedPoint
import Input
import Logging
import Rotation
import Runtime
import Scenes
import Show

#if canImport(Glibc)
    import Glibc
#endif

/// `vitrine render`: frames of the headless runtime as PNG files: what the panel would
/// show, from a cold start, on a manual clock.
struct RenderCommand: Command {
    static let syntax = CommandSyntax(
        name: "render",
        abstract: "Render frames on the headless backend with a manual clock, from a cold start.",
        discussion: """
            The panel is the board's (--board), or a headless one of --size. With one --at, \
            --out is the PNG file; with several, or --frames, it is a folder of numbered PNGs \
            (plus, for --frames, an animated PNG and a contact sheet). With --at the runtime \
            steps from t = 0 once per refresh period (the board's mode refresh, else 60 Hz), \
            touches at their own times, as on the panel; only the requested frames are \
            written. Prints one line per requested frame with its time (frame_ms: the scene's update and the composite) and \
            repainted pixel count. Scenes: launch (the \
            default: a cold start), home, folder:<id>, shelf, book:<id> (or book:<id>@<page>), cards:<id>, menu \
            (home, the menu dropping from t = 0), any of those but launch and test with +menu after it (that \
            screen with the menu open: shelf+menu), and test (the built-in test scene).
            """,
        options: [
            .value("--board", help: "The board file: the panel's size, format, buffers and mount."),
            .value("--size", help: "Without --board: a headless panel of this native size, WxH pixels."),
            .value("--show", help: "The show folder (default: the board's [show] path, else the built-in demo show)."),
            .value("--format", help: "Scanout format, overriding the board's: xrgb8888 or rgb565."),
            .value("--buffers", help: "Buffers in the swap chain, overriding the board's: 1, 2 or 3."),
            .value(
                "--rotation", help: "Clockwise mount angle, overriding the board's: 0, 90, 180 or 270.",
                values: Orientation.allowedValues),
            .value("--scene", help: "The scene to start on (see above).", default: "launch"),
            .value(
                "--touch",
                help: "A touch script to play: one event a line, times in seconds, panel coordinates; 'TIME rotate 0|90|180|270|auto' lines turn the show as 'ctl rotate' does."
            ),
            .flag(
                "--tour",
                help: "Play the demo tour: a touch script through the show (doors, a folder, a book, the cards, the menu), made for this panel and mount; written into the output folder as tour.touch."
            ),
            .repeated("--at", help: "A time to render, seconds from the cold start (0...3600); repeatable."),
            .value("--frames", help: "Render this many frames from t = 0 (with --tour, default: the whole tour)."),
            .value("--fps", help: "Frames per second for --frames.", default: "60.0"),
            .value("--out", help: "Output PNG file (one --at) or folder.", required: true),
            .flag(
                "--timing-only",
                help: "Time the frames without writing any picture (PNG encoding between frames would evict the CPU caches)."),
            .flag(
                "--full-repaint",
                help: "Repaint every frame whole, as a display that can't tell a buffer's age: the cost of a full frame."),
            .value(
                "--paint-threads", help: "Threads that paint alongside the main one (default: one per further CPU, up to 3)."),
            .flag("--quiet", help: "No per-frame lines, only the summary."),
            .flag(
                "--present",
                help: "Present every frame on the board's own display (a Wayland window, DRM, fbdev) at its size, waiting for each to be shown before the next (not counted in its time): the same frames' times on a real display. Needs --board and --timing-only."
            ),
        ])

    let board: String?
    let size: String?
    let show: String?
    let format: String?
    let buffers: Int?
    let rotation: Orientation?
    let scene: String
    let touch: String?
    let tour: Bool
    let at: [Double]
    let frames: Int?
    let fps: Double
    let out: String
    let timingOnly: Bool
    let fullRepaint: Bool
    let paintThreads: Int?
    let quiet: Bool
    let present: Bool

    init(_ line: ParsedCommandLine) throws(CommandLineError) {
        board = try line.value("--board")
        size = try line.value("--size")
        show = try line.value("--show")
        format = try line.value("--format")
        buffers = try line.value("--buffers")
        rotation = try line.value("--rotation")
        scene = try line.value("--scene") ?? "launch"
        touch = try line.value("--touch")
        tour = line.flag("--tour")
        at = try line.values("--at")
        frames = try line.value("--frames")
        fps = try line.value("--fps") ?? 60.0
        out = try line.required("--out")
        timingOnly = line.flag("--timing-only")
        fullRepaint = line.flag("--full-repaint")
        paintThreads = try line.value("--paint-threads")
        quiet = line.flag("--quiet")
        present = line.flag("--present")
    }

    /// The latest `--at`, seconds: the runtime steps once a refresh period up to it (an
    /// hour at 60 Hz is 216 000 frames drawn, a few minutes' work).
    static let maxAt = 3600.0

    /// `--size WxH`, within the panel sizes a board may give (`PanelDimensions.range`).
    static func parseSize(_ text: String) throws -> (Int, Int) {
        do {
            let d = try PanelDimensions(parsing: text)
            return (d.width, d.height)
        } catch {
            throw UsageError("--size: \(error)")
        }
    }

    /// The request without the board's values (those need the file: see `run`).
    /// - Parameter tourLength: with --tour and no times given, the frames run this many
    ///   seconds (the tour's length).
    func request(panel: (width: Int, height: Int, format: String, buffers: Int, mount: Orientation), tourLength: Double? = nil)
        throws -> RenderRequest
    {
        let times: RenderRequest.Times
        var frames = self.frames
        // Checked before the tour's frames are counted from it: Int() of a count made of
        // --fps 1e300 (or nan) trapped.
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw UsageError("--fps must be in (0, 1000]") }
        if tour, at.isEmpty, frames == nil, let tourLength { frames = Int((tourLength * fps).rounded(.up)) + 1 }
        switch (at.isEmpty, frames) {
        case (false, nil):
            guard at.allSatisfy({ $0.isFinite && (0...Self.maxAt).contains($0) }) else {
                throw UsageError("--at times must be 0...\(Int(Self.maxAt)) seconds")
            }
            times = .at(at)
        case (true, let n?):
            guard (1...100_000).contains(n) else { throw UsageError("--frames must be 1...100000") }
            times = .frames(count: n, fps: fps)
        default:
            throw UsageError("give either --at SECONDS (repeatable) or --frames N")
        }
        var r = RenderRequest(
            width: panel.width, height: panel.height, format: format ?? panel.format, buffers: buffers ?? panel.buffers,
            rotation: rotation ?? panel.mount, scene: scene, times: times, outPath: out)
        r.timingOnly = timingOnly
        r.touchPath = touch
        r.fullRepaint = fullRepaint
        if let n = paintThreads {
            guard (0...15).contains(n) else { throw UsageError("--paint-threads must be 0...15") }
            r.paintThreads = n
        }
        return r
    }

    func validate() throws {
        if board != nil && size != nil { throw UsageError("give --board or --size, not both") }
        if tour && touch != nil { throw UsageError("give --tour or --touch, not both") }
        if present && board == nil { throw UsageError("--present needs --board: the display to present on") }
        if present && !timingOnly {
            throw UsageError("--present needs --timing-only: the frames go to the display, no pictures are kept")
        }
        if tour && scene != "launch" { throw UsageError("--tour starts from the launch: leave out --scene") }
        if scene != "launch" && scene != "test" && ShowScene.resume(parsing: scene) == nil {
            throw UsageError(
                "unknown scene '\(scene)' (launch, home, folder:<id>, shelf, book:<id>, cards:<id>, menu, test)")
        }
        if let size { _ = try Self.parseSize(size) }
        _ = try request(panel: (800, 480, "xrgb8888", 2, .upright), tourLength: 1)
    }

    func run() throws {
        // The panel: the board's, else a headless one of --size (800x480 by default).
        var panel = (width: 800, height: 480, format: "xrgb8888", buffers: 2, mount: Orientation.upright)
        var boardShow: String? = nil
        var refresh: Int? = nil
        var screen: (any DisplayBackend)? = nil
        defer { screen?.close() }
        if let board {
            let b: Board
            do { b = try Board.load(path: board) } catch { throw exitWith(error.exitStatus, "\(error)") }
            guard let s = b.display.size ?? b.display.mode.map({ PanelDimensions(width: $0.width, height: $0.height) })
            else {
                throw exitWith(
                    .configuration, "\(board): display: render needs the panel's size: give [display] size or mode")
            }
            panel = (s.width, s.height, b.display.format == .rgb565 ? "rgb565" : "xrgb8888", b.display.buffers, b.rotation.mount)
            boardShow = b.show.path
            refresh = b.display.mode?.refresh
            if present {
                // The display's own size and format (a window's is the compositor's choice).
                let opened: any DisplayBackend
                do {
                    opened = try DisplayOpener.open(b.display, log: DisplayLog(logger: Logger(label: "vitrine")))
                } catch {
                    throw exitWith(error.exitStatus, "\(error)")
                }
                screen = opened
                panel.width = opened.width
                panel.height = opened.height
                panel.format = opened.format == .rgb565 ? "rgb565" : "xrgb8888"
            }
        } else if let size {
            let (w, h) = try Self.parseSize(size)
            panel.width = w
            panel.height = h
        }
        let program: (any ShowProgram)?
        var request: RenderRequest
        if scene == "test" {
            program = nil
            request = try self.request(panel: panel)
        } else {
            let playback: ShowPlayback
            do { playback = try ShowPlayback.load(folder: show ?? boardShow) } catch {
                throw exitWith(error.exitStatus, "\(error)")
            }
            if let start = ShowScene.resume(parsing: scene),
                let problem = playback.show.problem(with: start.target, page: start.bookPage)
            {
                throw UsageError("scene '\(scene)': \(problem)")
            }
            program = playback
            request = try self.request(panel: panel, tourLength: DemoTour.duration(show: playback.show))
            if tour {
                let transform = PanelTransform(
                    orientation: request.rotation, panelWidth: request.width, panelHeight: request.height)
                let script = DemoTour.script(show: playback.show, panel: DemoTour.TourPanel(transform))
                do {
                    request.touchScript = try TouchScript.parse(
                        script, path: "tour.touch", panel: PanelSize(width: request.width, height: request.height))
                } catch {
                    throw exitWith(.failure, "the demo tour's script does not parse: \(error)")
                }
                if !request.writesSingleFile && !request.timingOnly { try writeTour(script, folder: request.outPath) }
            }
        }
        if let refresh { request.refreshRate = Double(refresh) }
        if let screen { request.refreshRate = screen.refreshRate }
        let renderer = try Self.makeRenderer(request, program: program, screen: screen)
        let quiet = self.quiet
        let reports = try renderer.run(
            report: { r in if !quiet { print(r.line) } },
            warning: { w in
                FileOutput.standardError(DiagnosticLine.warning(w))
            })
        print(RenderSummary(reports).line)
    }

    /// The renderer, its usage errors (a bad touch script named on the command line
    /// among them: the file and line) as exit 64; a touch script that cannot be read at
    /// all, exit 66.
    static func makeRenderer(_ request: RenderRequest, program: (any ShowProgram)?, screen: (any DisplayBackend)? = nil)
        throws -> HeadlessRenderer
    {
        let result: Result<HeadlessRenderer, RenderError>
        do {
            result = .success(
                try HeadlessRenderer(
                    request, program: program, textRasterizer: TextSupport.rasterizer(), presentingOn: screen))
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success(let r): return r
        case .failure(.usage(let message)): throw UsageError(message)
        case .failure(.touchScript(let e)) where e.isUnreadable: throw exitWith(.noInput, "\(e)")
        case .failure(.touchScript(let e)): throw UsageError("\(e)")
        case .failure(let e): throw e
        }
    }

    /// Writes the tour script into the output folder, as `tour.touch`, for a person to
    /// read or replay with --touch.
    func writeTour(_ script: String, folder: String) throws {
        if mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw exitWith(.failure, "can't create \(folder): \(SystemErrno.current)")
        }
        do {
            try FileIO.writeAtomically(Array(script.utf8), to: folder + "/tour.touch")
        } catch {
            throw exitWith(.failure, "\(error)")
        }
    }
}
