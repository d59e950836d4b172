import Compositor
import Glibc
import Input
import Motion
import Testing

@testable import Runtime
@testable import Scenes

/// `vitrine render --touch F --at T` shows what the panel shows at T: the runtime steps
/// at the refresh rate from t = 0 and each touch arrives at its own time (the touches
/// used to arrive all at T, so a tap before T showed nothing).
@Suite struct RenderTimelineTests {
    @Test func stepsFollowTheRefreshGridAndHitEveryRequestedTime() {
        let steps = HeadlessRenderer.steps(.at([0.05, 0.0, 0.05, 1.0 / 30]), refreshRate: 60)
        // 0, 1/60, 1/30 (requested, on the grid), 0.05 (on the grid: 3/60) asked twice.
        #expect(steps.map(\.time) == [0, 1.0 / 60, 1.0 / 30, 0.05])
        #expect(steps.map(\.outputs) == [[1], [], [3], [0, 2]])
        // Off the grid: the requested time is a step of its own between two grid steps.
        let off = HeadlessRenderer.steps(.at([0.025]), refreshRate: 60)
        #expect(off.map(\.time) == [0, 1.0 / 60, 0.025])
        #expect(off.last?.outputs == [0])
        // A 50 Hz board steps at 20 ms.
        #expect(HeadlessRenderer.steps(.at([0.1]), refreshRate: 50).count == 6)
        // --frames: the frames are the steps.
        let frames = HeadlessRenderer.steps(.frames(count: 3, fps: 10), refreshRate: 60)
        #expect(frames.map(\.time) == [0, 0.1, 0.2] && frames.map(\.outputs) == [[0], [1], [2]])
    }

    /// A tap on the Books tile at 2.3 s opens the folder; `--at 2.55 --at 2.8 --at 3.8`
    /// shows the reveal midway, (nearly) open, and closed again after a tap above the
    /// panel at 3.0 s. The lower part's top edge follows the ease-out curve from the
    /// frame after the panel's pictures were fetched.
    @Test func touchesArriveAtTheirOwnTimes() throws {
        let playback = try ShowPlayback.load(folder: nil)
        let show = playback.show
        let home = HomeLayout(home: show.home, width: 800, height: 480)
        let tile = try #require(show.home.tiles.firstIndex { $0.open == .folder("books") })
        let reveal = FolderRevealLayout(show: show, home: home, tile: tile, folder: show.folder(id: "books"))
        let tap = home.tapPoint(tile)
        let outside = reveal.abovePanel
        let dir = "/tmp/vitrine-timeline-\(getpid())"
        let scriptPath = dir + ".touch"
        let script = """
            2.300 tap \(Int(tap.x)) \(Int(tap.y))
            3.000 tap \(Int(outside.x)) \(Int(outside.y))

            """
        try FileIOHelper.write(script, to: scriptPath)
        defer {
            unlink(scriptPath)
            for i in 0..<3 { unlink("\(dir)/frame-000\(i).png") }
            rmdir(dir)
        }
        var request = RenderRequest(width: 800, height: 480, scene: "launch", times: .at([2.55, 2.8, 3.8]), outPath: dir)
        request.touchPath = scriptPath
        request.paintThreads = 0
        let renderer = try HeadlessRenderer(request, program: playback)
        var lowerTops: [Double?] = []
        let reports = try renderer.run { _ in
            let lower = Self.find("reveal.lower", in: renderer.pipeline.compositor.root)
            lowerTops.append(lower.map { $0.position.y - $0.bounds.height / 2 })
        }
        #expect(reports.map(\.index) == [0, 1, 2])
        #expect(reports.map(\.time) == [2.55, 2.8, 3.8])
        for i in 0..<3 { #expect(access("\(dir)/frame-000\(i).png", F_OK) == 0) }

        // The reveal started once its pictures were made, in the gap after the frame of
        // the tap's lift (2.35 s, a step of the 60 Hz grid): nothing moving on screen, the
        // gap makes a screen's worth of pixels, the panel's icons and the snapshot's
        // surface. It takes 0.5 s, ease-out.
        let opened = 2.35 + 1.0 / 60
        func expectedTop(_ t: Double) -> Double {
            reveal.lowerTop(TimingCurve.easeOut.value(at: (t - opened) / FolderReveal.duration))
        }
        #expect(lowerTops.count == 3)
        #expect(lowerTops[0] == expectedTop(2.55), "midway")
        #expect(lowerTops[0].map { $0 > reveal.split && $0 < reveal.lowerTop(1) } == true, "midway, not at either end")
        #expect(lowerTops[1] == expectedTop(2.8), "nearly open")
        #expect(lowerTops[1].map { ($0 - reveal.split) / (reveal.lowerTop(1) - reveal.split) > 0.9 } == true, "over 90% open: \(String(describing: lowerTops[1])) of \(reveal.lowerTop(1))")
        // Closed by 3.8 (the tap above the panel at 3.0 closes it over 0.5 s): the reveal's
        // layers are gone and the home screen shows again.
        #expect(lowerTops[2] == nil, "still revealed at 3.8 s")
    }

    static func find(_ name: String, in layer: Layer) -> Layer? {
        if layer.name == name { return layer }
        for s in layer.sublayers { if let f = find(name, in: s) { return f } }
        return nil
    }
}

/// Writes a small text file for a test.
enum FileIOHelper {
    static func write(_ text: String, to path: String) throws {
        let f = fopen(path, "w")
        try #require(f != nil, "cannot write \(path)")
        fputs(text, f)
        fclose(f)
    }
}
