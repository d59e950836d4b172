import CAllocCount
import Compositor
import ConfigFile
import Display
import FixedPoint
import Glibc
import Input
import Logging
import Rotation
import Testing

@testable import Runtime
@testable import Scenes

/// No heap allocation per frame in steady state, for every scene of the demo show
/// (the Performance article): the kiosk's own frame (`Kiosk.frame`: the router's tick, the
/// scene's update, a turn's step, the compositor, the panel buffer, present) and the
/// touches that reach it through the kiosk's touch feed (`Kiosk.feedTouches`: tracker,
/// router, the scene's gestures), on a manual clock at 60 Hz, counted on the loop's
/// thread (no paint threads). Every frame is drawn (`force`), so a frame where nothing
/// changed is counted too.
///
/// "Steady state" is what a scene does the second time it does it. The first time a
/// screen is opened, a page turned to or a cover brought near, its pictures are made and
/// cached (`ShowPictures`); so each gesture is played once or twice to warm up, undone,
/// and played again while counting. What is allowed to allocate, and only that:
/// - a screen's first `settle` frames after a navigation begins (its layers, text and
///   group pictures are made), and the frame a navigation ends in, which takes down what
///   was left (the folder's recognizers detached);
/// - the touch update that begins a touch (its route through the recognizers is made):
///   a cost per touch, never per frame;
/// - a card list's frame in which a card's view is given to a card coming near (its text
///   and picture drawn; `CardListScreen` keeps views for the cards near the screen only);
/// - the shelf's warm-up after the row rests (`ShelfScreen`: one picture a frame, once
///   per book rested on; the resting window starts when it is done).
///
/// `VITRINE_ALLOC_TRACE=FROM-TO` (scene seconds) writes the backtrace of every allocation
/// in those frames to stderr (`vitrine_trace_allocations`): how each case below was found.
@Suite(.serialized) struct SceneAllocationTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    /// Frames at the start of a navigation that may allocate (a screen's first draws).
    static let settle = 3

    /// A kiosk on a headless 400x240 panel (the demo show), stepped by hand.
    final class Harness {
        let kiosk: Kiosk
        private(set) var t = 0.0
        let dt = 1.0 / 60
        /// Per frame: its time, the allocations of the touches fed in it and of the frame
        /// itself, the touches that began in it, and whether `watch` changed.
        struct Frame {
            var t: Double
            var touch: UInt
            var frame: UInt
            var began: Int
            var changed: Bool
        }
        private(set) var frames: [Frame] = []
        /// Read after each frame (outside the count): a frame where it changed, or in the
        /// gap before it, is marked.
        var watch: (() -> [Int: ObjectIdentifier])?
        private var watched: [Int: ObjectIdentifier]?

        var metrics: ScreenMetrics {
            ScreenMetrics(width: kiosk.pipeline.logicalWidth, height: kiosk.pipeline.logicalHeight)
        }
        var show: ShowPlayback { kiosk.program as! ShowPlayback }
        var screen: String { kiosk.scene.screen }

        init(resume: String, width: Int = 400, height: Int = 240) throws {
            let display = try HeadlessDisplay(width: width, height: height, format: .xrgb8888, buffers: 2)
            var settings = KioskSettings(mount: .upright, idleReset: 0)
            settings.rotationSource = .control
            settings.paintThreads = 0
            kiosk = try Kiosk(
                settings: settings, display: display, signals: SignalFD(),
                loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: nil) },
                textRasterizer: AssetsTextRasterizer(), notify: { _ in }, logger: SceneAllocationTests.quiet)
            try kiosk.rebuild(resume: resume)
            frames.reserveCapacity(8192)
            try step()
        }

        /// Plays `script` (touch script lines, times from now) from the next frame on.
        func play(_ script: String) throws {
            kiosk.touchPlayer = TouchScript.Player(try TouchScript.parse(script, path: "scene.touch").shifted(by: t))
        }

        /// Scene seconds whose frames write the backtrace of each allocation to stderr:
        /// `VITRINE_ALLOC_TRACE=FROM-TO` (for finding what allocates; run one test).
        static let traced: ClosedRange<Double>? = {
            guard let text = getenv("VITRINE_ALLOC_TRACE").map({ String(cString: $0) }) else { return nil }
            let parts = text.split(separator: "-").compactMap { Double($0) }
            return parts.count == 2 && parts[0] <= parts[1] ? parts[0]...parts[1] : nil
        }()

        /// One frame, `dt` later: the touches due (the kiosk's own touch feed), then the
        /// frame, then the look-ahead between frames.
        func step() throws {
            t += dt
            let tracing = Self.traced?.contains(t) ?? false
            if tracing { vitrine_trace_allocations(1) }
            let began = kiosk.touchStats.began
            let before = vitrine_thread_allocations()
            kiosk.feedTouches(at: t)
            let touched = vitrine_thread_allocations()
            try kiosk.frame(at: t, force: true)
            let after = vitrine_thread_allocations()
            if tracing { vitrine_trace_allocations(0) }
            // Read before the look-ahead: a view given between the last frame and this
            // one marks this frame, the first to draw it (its text and picture).
            let now = watch?()
            frames.append(
                Frame(
                    t: t, touch: touched - before, frame: after - touched, began: kiosk.touchStats.began - began,
                    changed: now != watched))
            watched = now
            // Between frames, as the kiosk's loop does (not the frame's allocations).
            kiosk.prepareAhead()
        }

        /// Steps at least once, then until `done` holds (at most `bound` seconds of scene
        /// time), and returns the frames stepped.
        @discardableResult
        func run(until done: () -> Bool, bound: Double = 10) throws -> ArraySlice<Frame> {
            let first = frames.count
            let by = t + bound
            repeat { try step() } while !done() && t < by
            #expect(
                done(),
                "not done within \(bound) s of scene time: moving \(kiosk.isMoving), next change \(String(describing: kiosk.scene.nextChange)), touches \(kiosk.router.activeTouchCount), screen \(screen)"
            )
            return frames[first...]
        }

        /// Steps `seconds` of scene time and returns the frames stepped.
        @discardableResult
        func run(for seconds: Double) throws -> ArraySlice<Frame> {
            let first = frames.count
            let by = t + seconds - dt / 2
            while t < by { try step() }
            return frames[first...]
        }

        /// Every touch of the script played so far has been fed.
        var played: Bool { kiosk.touchPlayer?.isFinished ?? true }

        /// Nothing moves, no picture is waiting to be fetched, no finger is down.
        var atRest: Bool {
            !kiosk.isMoving && kiosk.scene.nextChange == nil && kiosk.router.activeTouchCount == 0 && played
        }
    }

    /// No frame of `window` allocates, nor its touches except where one began; with
    /// `changes`, a frame where the harness's `watch` changed may.
    func expectNone(
        _ window: ArraySlice<Harness.Frame>, _ what: String, changes: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!window.isEmpty, "\(what): no frames", sourceLocation: sourceLocation)
        let bad = window.filter { f in (f.touch != 0 && f.began == 0) || (f.frame != 0 && !(changes && f.changed)) }
        #expect(
            bad.count == 0,
            "\(what): \(bad.count) of \(window.count) frames allocate: \(bad.prefix(8).map { "t=\(Decimal.format($0.t, places: 3)) touch \($0.touch) frame \($0.frame)" })",
            sourceLocation: sourceLocation)
    }

    func swipe(_ s: (from: Point2D, to: Point2D), duration: Double) -> String {
        "0.05 swipe \(Int(s.from.x)) \(Int(s.from.y)) \(Int(s.to.x)) \(Int(s.to.y)) \(duration)\n"
    }

    func tap(_ p: Point2D) -> String { "0.05 tap \(Int(p.x)) \(Int(p.y))\n" }

    @Test func homeAtRest() throws {
        let h = try Harness(resume: "home")
        try h.run(for: 0.3)
        expectNone(try h.run(for: 1), "home at rest")
    }

    /// A folder's reveal opening, open at rest, and closing; opened and closed once
    /// before.
    @Test func folderOpeningOpenAndClosing() throws {
        let h = try Harness(resume: "home")
        try h.run(for: 0.2)
        let home = HomeLayout(home: h.show.show.home, width: 400, height: 240)
        let tile = try #require(h.show.show.home.tiles.firstIndex { $0.open == .folder("books") })
        let folder = try #require(h.show.show.folder(id: "books"))
        let open = tap(home.tapPoint(tile))
        let close = tap(FolderRevealLayout(show: h.show.show, home: home, tile: tile, folder: folder).abovePanel)
        try h.play(open)
        try h.run(until: { h.screen == "folder:books" && h.atRest })
        try h.play(close)
        try h.run(until: { h.screen == "home" && h.atRest })
        try h.play(open)
        expectNone(try h.run(until: { h.played }).dropLast(), "a finger on the folder's tile")
        let opening = try h.run(until: { h.atRest })
        #expect(h.screen == "folder:books" && opening.count > 10)
        expectNone(opening.dropFirst(Self.settle), "the folder's reveal opening")
        expectNone(try h.run(for: 0.5), "the folder open at rest")
        try h.play(close)
        try h.run(until: { h.played })
        let closing = try h.run(until: { h.atRest })
        #expect(h.screen == "home" && closing.count > 10)
        expectNone(closing.dropFirst(Self.settle).dropLast(), "the folder closing")
    }

    /// The shelf at rest (its pictures fetched), dragged and gliding to the next cover;
    /// there and back twice first.
    @Test func shelfRestingAndScrolling() throws {
        let h = try Harness(resume: "shelf")
        let next = swipe(BookScreen.swipe(forward: true, metrics: h.metrics), duration: 0.4)
        let back = swipe(BookScreen.swipe(forward: false, metrics: h.metrics), duration: 0.4)
        try h.run(until: { h.atRest })
        expectNone(try h.run(for: 0.5), "the shelf at rest")
        for _ in 0..<2 {
            try h.play(next)
            try h.run(until: { h.atRest })
            try h.play(back)
            try h.run(until: { h.atRest })
        }
        try h.play(next)
        let scroll = try h.run(until: { h.played && !h.kiosk.isMoving })
        #expect(scroll.count > 20)
        expectNone(scroll, "the shelf dragged and gliding")
        try h.run(until: { h.atRest })
        expectNone(try h.run(for: 0.5), "the shelf at rest on the next cover")
    }

    /// A book open at a page at rest, and a page turn (the drag, then the leaf settling);
    /// forward and back twice first.
    @Test func bookRestingAndTurning() throws {
        let h = try Harness(resume: "book:atlas@1")
        let forward = swipe(BookScreen.swipe(forward: true, metrics: h.metrics), duration: 0.3)
        let backward = swipe(BookScreen.swipe(forward: false, metrics: h.metrics), duration: 0.3)
        try h.run(until: { h.atRest })
        try h.run(for: 0.2)
        expectNone(try h.run(for: 0.5), "the book at rest")
        for _ in 0..<2 {
            try h.play(forward)
            try h.run(until: { h.atRest })
            try h.play(backward)
            try h.run(until: { h.atRest })
        }
        #expect(h.screen == "book:atlas@1")
        try h.play(forward)
        let turn = try h.run(until: { h.atRest })
        #expect(h.screen == "book:atlas@2" && turn.count > 20)
        expectNone(turn, "a page turning")
        expectNone(try h.run(for: 0.5), "the book at rest on the next page")
    }

    /// The card list: its cards tipping in, at rest, and dragged and flung down the list
    /// (cards coming near tip in); down and back twice first. A frame that gives a card a
    /// view may allocate (its text and picture); no other.
    @Test func cardListTippingRestingAndScrolling() throws {
        let h = try Harness(resume: "cards:team")
        let views = { () -> [Int: ObjectIdentifier] in
            guard let list = (h.kiosk.scene as? ShowScene)?.screenShown as? CardListScreen else { return [:] }
            return list.views.mapValues { ObjectIdentifier($0) }
        }
        h.watch = views
        // The cards the list opens on arrive at rest; those a scroll brings tip in (each
        // on its shadow): the scrolls below.
        // Its first frames give the cards near the viewport their views, one a frame.
        let opening = try h.run(for: 0.3)
        expectNone(opening.dropFirst(Self.settle), "the card list opening", changes: true)
        expectNone(try h.run(for: 0.5), "the card list at rest")
        let down = swipe(CardListScreen.swipe(forward: true, metrics: h.metrics), duration: 0.25)
        let up = swipe(CardListScreen.swipe(forward: false, metrics: h.metrics), duration: 0.25)
        for _ in 0..<2 {
            try h.play(down)
            try h.run(until: { h.atRest })
            try h.play(up)
            try h.run(until: { h.atRest })
        }
        try h.play(down)
        let scroll = try h.run(until: { h.atRest })
        #expect(scroll.count > 20)
        expectNone(scroll, "the card list dragged and flung", changes: true)
        // Most frames give no card a view: the allowance is the exception.
        #expect(scroll.filter(\.changed).count * 4 < scroll.count)
        expectNone(try h.run(for: 0.5), "the card list at rest down the list")
    }

    /// The guillotine menu swinging down over home, then open at rest.
    @Test func menuSwingingAndOpen() throws {
        let h = try Harness(resume: "menu")
        let swing = try h.run(until: { h.atRest })
        #expect(swing.count > 20)
        expectNone(swing.dropFirst(Self.settle), "the menu swinging down")
        expectNone(try h.run(for: 0.5), "the menu open at rest")
    }

    /// A quarter turn of the panel while home rests: the old frame turning over the new
    /// layout (a new pipeline and scene are made for the turn's first frame). Turned
    /// there and back once first.
    @Test func aTurnInProgress() throws {
        let h = try Harness(resume: "home")
        try h.run(for: 0.2)
        for o in [Orientation.clockwise90, .upright] {
            h.kiosk.rotate(.to(o), by: "test")
            try h.run(until: { h.atRest && h.kiosk.transition == nil })
        }
        h.kiosk.rotate(.to(.clockwise90), by: "test")
        let turn = try h.run(until: { h.atRest && h.kiosk.transition == nil })
        #expect(turn.count > 10)
        expectNone(turn.dropFirst(Self.settle), "a turn in progress")
    }
}
