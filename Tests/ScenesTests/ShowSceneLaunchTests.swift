import Compositor
import Motion
import Raster
import Show
import ShowDemo
import Testing

@testable import Scenes

@Suite struct ShowSceneLaunchTests {
    /// At time t the left door's right edge is at W/2 - p(t) * max(W, H) and the right
    /// door's left edge at W/2 + p(t) * max(W, H), within 1 px, p being the curve's value
    /// at the elapsed fraction of the opening (0 during the hold).
    @Test(arguments: [(240, 144), (144, 240)]) func doorEdgesFollowTheCurve(size: (Int, Int)) throws {
        let h = try ShowHarness(panelWidth: size.0, panelHeight: size.1)
        let (w, height) = (Double(h.scene.width), Double(h.scene.height))
        let launch = ShowFixture.show.launch!
        for t in [0, 0.25, 0.5, 0.8, 1.1, 1.4, 1.65] {
            h.scene.update(time: t)
            let doors = try #require(h.scene.launch)
            let p = launch.curve.value(at: max(0, (t - launch.hold) / launch.duration))
            let expected = w / 2 - p * max(w, height)
            #expect(
                abs(doors.leftDoor.frame.maxX - expected) <= 1, "t=\(t): \(doors.leftDoor.frame.maxX) vs \(expected)")
            #expect(abs(doors.rightDoor.frame.minX - (w - expected)) <= 1, "t=\(t)")
            #expect(doors.leftDoor.frame.minY == 0 && doors.leftDoor.frame.height == height)
        }
        // The curve is the manifest's: half way through the opening, ease-in-out's value is 0.5.
        h.scene.update(time: 1.1)
        #expect(h.scene.launch!.leftDoor.frame.maxX == (w / 2).rounded(.down) - (max(w, height) / 2).rounded())
    }

    /// Closed doors cover the screen side by side: portrait pictures when taller than wide.
    @Test func closedDoorsCoverTheScreen() throws {
        let h = try ShowHarness(panelWidth: 241, panelHeight: 144)
        let doors = try #require(h.scene.launch)
        #expect(doors.leftDoor.frame == Rect2D(x: 0, y: 0, width: 120, height: 144))
        #expect(doors.rightDoor.frame == Rect2D(x: 120, y: 0, width: 121, height: 144))
        // The background covers the screen (in screen space: its clip is the gap between
        // the doors, which are opaque here, so it is hidden while they are closed).
        let clipX = doors.backgroundClip.frame.minX
        #expect(clipX + doors.background.frame.minX <= 0 && clipX + doors.background.frame.maxX >= 241)
        #expect(doors.doorsAreOpaque && doors.backgroundClip.isHidden)
        #expect(!doors.metrics.isPortrait)
        #expect(ScreenMetrics(width: 144, height: 240).isPortrait)
    }

    /// Nothing moves during the hold (the runtime sleeps until `nextChange`), the doors
    /// move until hold + duration, then they are gone and nothing moves.
    @Test func animatesOnlyWhileTheDoorsMove() throws {
        let h = try ShowHarness()
        h.scene.update(time: 0.25)
        #expect(!h.scene.isAnimating)
        #expect(h.scene.nextChange == 0.5)
        h.scene.update(time: 0.5)
        #expect(h.scene.isAnimating)
        #expect(h.scene.nextChange == nil)
        h.scene.update(time: 1.0)
        #expect(h.scene.isAnimating)
        h.scene.update(time: 1.7)
        #expect(!h.scene.isAnimating)
        #expect(h.scene.nextChange == nil)
        #expect(h.scene.launch == nil)
        #expect(!h.compositor.root.sublayers.contains { $0.name == "launch" })
        #expect(h.scene.current == .home)
        h.scene.update(time: 5)
        #expect(!h.scene.isAnimating)
    }

    /// The background shows only while the doors are closed: with opaque doors (it could
    /// show only between them, where home should appear) it goes as they part, its clip
    /// following the gap.
    @Test func backgroundGoesAsTheDoorsPart() throws {
        let h = try ShowHarness()
        let doors = try #require(h.scene.launch)
        #expect(doors.doorsAreOpaque)
        h.scene.update(time: 0.5)
        #expect(doors.background.opacity == 1)
        h.scene.update(time: 0.65)
        #expect(doors.background.opacity == 0 && doors.background.isHidden)
        // Only between the doors: p = ease-in-out(0.125) of 240 points each way.
        let d = (240 * TimingCurve.easeInOut.value(at: 0.125)).rounded()
        #expect(doors.backgroundClip.frame == Rect2D(x: 120 - d, y: 0, width: 2 * d, height: 144))
        #expect(!doors.backgroundClip.isHidden)
        // The background stays where it covers the screen: it is the screen, showing the
        // part of its picture that covers it.
        #expect(doors.backgroundClip.frame.minX + doors.background.frame.minX == 0)
        #expect(doors.background.frame.size == Size2D(width: 240, height: 144))
        h.scene.update(time: 0.85)
        #expect(doors.background.isHidden)
    }

    /// Between the parting doors is home, from the first frame of the opening: the
    /// demo's launch at 800x480, every frame of the opening's first 0.4 s, the pixels of
    /// home's top bar (its title) that show between the doors are home's at rest. Before,
    /// the splash's large text showed faintly there over home's title while the
    /// background faded over a quarter of the opening.
    @Test func homeShowsBetweenTheDoorsFromTheirFirstStep() throws {
        let h = try ShowHarness(show: DemoShow.show, assets: .demo(), panelWidth: 800, panelHeight: 480, text: true)
        let home = try ShowHarness(
            show: DemoShow.show, assets: .demo(), panelWidth: 800, panelHeight: 480, start: .home, text: true)
        let rest = try home.render().copy()
        let doors = try #require(h.scene.launch)
        let start = doors.openingStart
        var worst = 0, compared = 0
        for k in 1...24 {
            let t = start + Double(k) / 60
            h.frame(at: t)
            let s = try Surface(width: 800, height: 480, format: .xrgb8888)
            _ = try h.compositor.render(into: s, bufferAge: 0)
            let gap = doors.backgroundClip.frame
            let x0 = Int(gap.minX) + 2, x1 = Int(gap.maxX) - 2
            guard x0 < x1 else { continue }
            for y in 0..<Int(h.metrics.barHeight) {
                for x in x0..<x1 {
                    let p = s[x, y], q = rest[x, y]
                    for shift: UInt32 in [0, 8, 16] {
                        worst = max(worst, abs(Int((p >> shift) & 0xff) - Int((q >> shift) & 0xff)))
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > 1000)
        #expect(worst <= 4, "between the doors, home's bar differs by \(worst) levels from home at rest")
    }

    /// Touches during the doors are ignored, not queued: taps in the hold and the opening,
    /// and a touch that goes down during the doors and lifts after them, open nothing;
    /// a tap after the doors does.
    @Test(arguments: [0, 90]) func touchesDuringTheDoorsAreIgnored(mount: Int) throws {
        let h = try ShowHarness(mount: mount)
        let folder = h.home.tapPoint(0)
        let q = h.panel(folder)
        try h.load(
            h.tap(folder, at: 0.2) + h.tap(folder, at: 1.0)
                + "1.60 down 0 \(q.x) \(q.y)\n1.75 up 0\n")
        var seen: Set<ShowTarget> = []
        h.run(until: 2.2) { _ in seen.insert(h.scene.current) }
        #expect(seen == [.home])
        #expect(h.router.activeTouchCount == 0)
        try h.load(h.tap(folder, at: 2.3))
        h.run(until: 2.8)
        #expect(h.scene.current == .folder("books"))
    }

    /// A cold start shows the doors; a start at a screen shows it at once, without them;
    /// a start at a folder on the home screen shows home with the folder's reveal
    /// starting at t = 0 (as `--scene folder:<id>` does; before, the folder's plain screen).
    @Test func startAtAScreenSkipsTheDoors() throws {
        let h = try ShowHarness(start: .shelf)
        #expect(h.scene.launch == nil)
        #expect(h.scene.current == .shelf)
        #expect(!h.scene.isAnimating)
        #expect(h.scene.home.layer.isHidden)
        #expect(h.scene.screen?.layer.frame == Rect2D(x: 0, y: 0, width: 240, height: 144))
        let home = try ShowHarness(start: .home)
        #expect(home.scene.launch == nil && home.scene.current == .home && !home.scene.home.layer.isHidden)
        let folder = try ShowHarness(start: .folder("more"))
        #expect(folder.scene.launch == nil && folder.scene.current == .folder("more"))
        #expect(folder.scene.screen == nil && !folder.scene.home.layer.isHidden)
        #expect(folder.scene.reveal?.slide.start == 0)
        #expect(folder.scene.isAnimating)
    }
}

@Suite struct ShowSceneOrientationWaitTests {
    /// Doors that wait for the orientation (a rotation source other than `fixed`) stay
    /// closed, with nothing to draw and no timer, however long it takes. The orientation
    /// comes at 3 s as portrait: the doors switch to the portrait pictures before
    /// opening, hold 0.5 s from then and open over 1.2 s.
    @Test func doorsWaitForTheFirstOrientation() throws {
        let h = try ShowHarness(orientationKnown: false)
        let late = h.scene
        #expect(late.isWaitingForOrientation && late.isLaunching)
        for t in [0.0, 0.6, 1.8, 2.9] {
            late.update(time: t)
            #expect(!late.isAnimating && late.nextChange == nil, "t=\(t)")
            #expect(late.launch!.leftDoor.frame.maxX == 120, "t=\(t)")
        }
        late.resize(width: 144, height: 240)
        late.orientationKnown(at: 3)
        #expect(!late.isWaitingForOrientation)
        #expect(late.nextChange == 3.5)
        let doors = try #require(late.launch)
        #expect(doors.metrics.isPortrait)
        #expect(doors.leftDoor.frame == Rect2D(x: 0, y: 0, width: 72, height: 240))
        #expect(doors.leftDoor.contents == .image(late.pictures.picture("left-p.png", width: 72, height: 240, drawnNear: true)))
        #expect(doors.rightDoor.contents == .image(late.pictures.picture("right-p.png", width: 72, height: 240, drawnNear: true)))
        late.orientationKnown(at: 4)  // only the first counts
        for t in [3.2, 3.5, 3.8, 4.1, 4.4, 4.69] {
            late.update(time: t)
            let p = TimingCurve.easeInOut.value(at: max(0, (t - 3.5) / 1.2))
            #expect(abs(late.launch!.leftDoor.frame.maxX - (72 - p * 240)) <= 1, "t=\(t)")
        }
        late.update(time: 4.7)
        #expect(late.launch == nil && !late.isAnimating)
        late.orientationKnown(at: 5)  // after the launch: nothing
        #expect(!late.isWaitingForOrientation)
    }

    /// Touches while the doors wait are ignored, and during their opening; a tap after
    /// they opened works.
    @Test func touchesWhileWaitingAreIgnored() throws {
        let h = try ShowHarness(orientationKnown: false)
        let tile = h.home.tapPoint(1)
        try h.load(h.tap(tile, at: 1.0) + h.tap(tile, at: 3.0) + h.tap(tile, at: 3.5))
        h.run(until: 1.5)
        #expect(h.scene.current == .home && h.scene.isWaitingForOrientation)
        h.scene.orientationKnown(at: 1.5)  // the doors are gone at 1.5 + 0.5 + 1.2 = 3.2 s
        h.run(until: 3.4)
        #expect(h.scene.current == .home && h.scene.launch == nil)
        h.run(until: 3.7)
        #expect(h.scene.current == .shelf)
    }
}
