internal import Glibc
import Assets
import Compositor
import Display
import FixedPoint
import Input
import Raster
import Rotation
import Scenes

/// `vitrine render`: the runtime on the headless backend with a manual clock, from a
/// cold start at t = 0 to each requested time. Writes what the panel would show (panel
/// space, native size, after rotation) and reports each frame's composite time.
public final class HeadlessRenderer {
    /// One drawn frame.
    public struct FrameReport: Sendable, Equatable {
        public var index: Int
        /// Scene time, seconds.
        public var time: Double
        /// Wall time to composite and hand over the frame (turned and converted included),
        /// milliseconds.
        public var milliseconds: Double
        public var stats: FrameStats

        /// The printed line: `frame 0003 t=0.050 composite_ms=2.413 repainted_px=1234 rects=2`.
        public var line: String {
            "frame \(Self.padded(index)) t=\(Decimal.format(time, places: 3))"
                + " composite_ms=\(Decimal.format(milliseconds, places: 3))"
                + " repainted_px=\(stats.repaintedPixels) rects=\(stats.repaintedRects)"
        }

        static func padded(_ n: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: Swift.max(0, 4 - s.count)) + s
        }
    }

    public let request: RenderRequest
    public let pipeline: FramePipeline
    public let display: HeadlessDisplay
    let scene: any PlayableScene
    public let program: any ShowProgram
    let touches: TouchScript?
    let tracker: TouchTracker
    let router: TouchRouter<LayerHitTester>

    /// - Parameter program: what to play (nil: the built-in test scene); `request.scene`
    ///   is the screen it starts on ("launch": a cold start).
    /// - Throws: `RenderError.usage` for an unknown format, rotation or size.
    public init(_ request: RenderRequest, program: (any ShowProgram)? = nil, textRasterizer: (any TextRasterizing)? = nil)
        throws(RenderError)
    {
        guard program != nil || request.scene == "test" else {
            throw .usage("scene '\(request.scene)' needs a show")
        }
        let program = program ?? TestProgram()
        self.program = program
        let format: PixelFormat
        switch request.format {
        case "xrgb8888": format = .xrgb8888
        case "rgb565": format = .rgb565
        default: throw .usage("unknown format '\(request.format)' (xrgb8888 or rgb565)")
        }
        do {
            display = try HeadlessDisplay(
                width: request.width, height: request.height, format: format, buffers: request.buffers,
                knowsAge: !request.fullRepaint)
            pipeline = try FramePipeline(
                display: display, orientation: request.rotation, paintThreads: request.paintThreads)
        } catch let e as DisplayError {
            throw .usage("\(e)")
        } catch let e as PipelineError {
            throw .usage("\(e)")
        } catch {
            throw .usage("\(error)")
        }
        pipeline.compositor.textRasterizer = textRasterizer
        self.request = request
        scene = program.makeScene(
            root: pipeline.compositor.root, width: pipeline.logicalWidth, height: pipeline.logicalHeight,
            resume: request.scene == "launch" ? nil : request.scene, orientationKnown: true)
        do {
            if let script = request.touchScript {
                touches = script
            } else {
                let panel = PanelSize(width: request.width, height: request.height)
                touches = try request.touchPath.map { path throws(TouchScriptError) in
                    try TouchScript.load(path: path, panel: panel)
                }
            }
        } catch {
            throw .touchScript(error)
        }
        let transform = pipeline.transform
        tracker = TouchTracker(panelSize: PanelSize(width: request.width, height: request.height)) { p in
            transform.logicalPoint(p)
        }
        router = TouchRouter(hitTester: LayerHitTester(compositor: pipeline.compositor))
        scene.attachGestures(to: router)
    }

    /// Draws every requested frame, writing the pictures and calling `report` after each.
    /// A missing or corrupt picture goes to `warning`, once each; the frames go on with
    /// the placeholder.
    ///
    /// The runtime steps as on the panel (`steps`): each touch of the script is delivered
    /// at the first step at or after its own time, then the scene is updated and a frame
    /// drawn for that step's time. Only the requested frames are reported and written
    /// (the others are drawn, as the panel would, but not encoded).
    public func run(report: (FrameReport) -> Void, warning: (String) -> Void = { _ in }) throws(RenderError)
        -> [FrameReport]
    {
        let steps = Self.steps(request.times, refreshRate: request.refreshRate)
        let requested = steps.reduce(0) { $0 + $1.outputs.count }
        let folder = request.writesSingleFile || request.timingOnly ? nil : request.outPath
        if let folder { try Self.makeFolder(folder) }
        var sheet: ContactSheet? = nil
        var animation: APNGWriter? = nil
        if case .frames(let count, let fps) = request.times, let folder {
            sheet = try? ContactSheet(frames: count, width: request.width, height: request.height)
            let (num, den) = Self.frameDelay(fps: fps)
            do {
                animation = try APNGWriter(
                    path: "\(folder)/animation.png", width: request.width, height: request.height, frameCount: count,
                    delayNumerator: num, delayDenominator: den)
            } catch {
                throw .image(error)
            }
        }
        var reports: [FrameReport] = []
        reports.reserveCapacity(requested)
        var player = touches.map { TouchScript.Player($0) }
        for step in steps {
            let t = step.time
            if player != nil {
                for event in player!.advance(to: t) {
                    tracker.handle(event) { router.handle($0) }
                }
            }
            router.tick(time: t)
            scene.update(time: t)
            for w in program.takeWarnings() { warning(w) }
            let start = Stopwatch.now()
            let stats: FrameStats
            do { stats = try pipeline.drawFrame() } catch { throw .frame(error) }
            let ms = (Stopwatch.now() - start) * 1000
            guard !step.outputs.isEmpty, let front = display.front else { continue }
            for index in step.outputs {
                let r = FrameReport(index: index, time: t, milliseconds: ms, stats: stats)
                if !request.timingOnly {
                    do {
                        if let folder {
                            try PNG.write(front, to: "\(folder)/frame-\(FrameReport.padded(index)).png")
                        } else {
                            try PNG.write(front, to: request.outPath)
                        }
                    } catch {
                        throw .image(error)
                    }
                    sheet?.add(front)
                    do { try animation?.append(front) } catch { throw .image(error) }
                }
                reports.append(r)
                report(r)
            }
        }
        if let folder, let sheet {
            do { try PNG.write(sheet.sheet, to: "\(folder)/contact-sheet.png") } catch { throw .image(error) }
        }
        if let animation = animation.take() {
            do { try animation.finish() } catch { throw .image(error) }
        }
        return reports
    }

    /// One step of the runtime: a frame drawn at `time` (seconds from the cold start),
    /// written out as the requested frames `outputs` (their indices; empty: drawn only).
    public struct Step: Sendable, Equatable {
        public var time: Double
        public var outputs: [Int]
    }

    /// The steps a render takes, in time order.
    ///
    /// - `--frames N --fps F`: the frames themselves, one step each (F is the rate the
    ///   runtime runs at; 60 by default, a panel's usual refresh).
    /// - `--at T...`: from t = 0 to the last requested time, one step per refresh period
    ///   (`refreshRate`, hertz), with each requested time a step of its own (on the grid
    ///   or between two of its steps), so the scene has seen every step a panel would
    ///   have drawn before T. A time asked for twice is one step written twice; the
    ///   outputs are numbered in the order the times were given.
    public static func steps(_ times: RenderRequest.Times, refreshRate: Double) -> [Step] {
        switch times {
        case .frames(let count, let fps):
            return (0..<count).map { Step(time: Double($0) / fps, outputs: [$0]) }
        case .at(let ts):
            let asked = ts.enumerated().sorted { $0.element != $1.element ? $0.element < $1.element : $0.offset < $1.offset }
            let period = 1 / refreshRate
            var steps: [Step] = []
            var k = 0
            var a = 0
            while a < asked.count {
                let grid = Double(k) * period
                let next = asked[a].element
                // A grid step within a microsecond of a requested time is that time.
                if grid < next - 1e-6 {
                    steps.append(Step(time: grid, outputs: []))
                    k += 1
                    continue
                }
                var outputs: [Int] = []
                while a < asked.count, asked[a].element == next {
                    outputs.append(asked[a].offset)
                    a += 1
                }
                steps.append(Step(time: next, outputs: outputs))
                if grid <= next + 1e-6 { k += 1 }
            }
            return steps
        }
    }

    /// An animated PNG frame delay for `fps`: exactly 1/fps when fps is a whole number,
    /// else to the nearest millisecond.
    static func frameDelay(fps: Double) -> (UInt16, UInt16) {
        if fps == fps.rounded(), fps >= 1, fps <= 65535 { return (1, UInt16(fps)) }
        let ms = Swift.min(65535, Swift.max(1, (1000 / fps).rounded()))
        return (UInt16(ms), 1000)
    }

    static func makeFolder(_ path: String) throws(RenderError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw .output(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
