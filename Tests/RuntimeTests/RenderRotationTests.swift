import Input
import Raster
import Rotation
import Testing

@testable import Runtime
@testable import Scenes

/// `vitrine render` plays a touch script's `rotate` lines as the kiosk carries out a
/// turn: at the first step at or after the line's time, touches cancelled, the show laid
/// out anew for the new orientation on the screen shown, the old frame turning into it
/// over 0.3 s; the pictures stay the panel's. On a small panel (240x144): the goldens at
/// 800x480 are `RotationGoldenTests`.
@Suite struct RenderRotationTests {
    static let (W, H) = (240, 144)

    /// Through four turns (one starting while the last still runs, `auto` back to the
    /// board's mount of 180, and one to the orientation shown: nothing), every frame is
    /// the panel's size, and each is drawn in the orientation the script has asked for
    /// by its time.
    @Test func framesStayPanelSizedThroughEveryTurn() throws {
        let r = try RotationRender(
            "home", width: Self.W, height: Self.H, rotation: .upsideDown,
            script: "0.2 rotate 90\n0.4 rotate 270\n0.8 rotate auto\n1.1 rotate 180",
            times: .frames(count: 45, fps: 30))
        #expect(r.frames.count == 45)
        #expect(r.frames.allSatisfy { $0.width == Self.W && $0.height == Self.H })
        for (i, o) in r.orientations.enumerated() {
            let t = Double(i) / 30
            let want: Orientation = t < 0.2 - 1e-9 ? .upsideDown : t < 0.4 - 1e-9 ? .clockwise90 : t < 0.8 - 1e-9 ? .clockwise270 : .upsideDown
            #expect(o == want, "frame \(i) at \(t)")
        }
        #expect(r.renderer.orientation == .upsideDown)
        #expect(r.renderer.pipeline.logicalWidth == Self.W && r.renderer.pipeline.logicalHeight == Self.H)
        #expect(r.renderer.transition == nil, "the last turn is over by 1.47 s")
    }

    /// The frame after the turn is the frame of a render started in the new orientation on
    /// the same screen, at rest: pixel for pixel (the launch resumes home).
    @Test(arguments: [
        ("home", Orientation.clockwise90, "home"),
        ("home", .upsideDown, "home"),
        ("folder:books", .clockwise90, "folder:books"),
        ("folder:books", .clockwise270, "folder:books"),
        ("launch", .clockwise270, "home"),
    ])
    func theFrameAfterTheTurnIsTheNewOrientationsAtRest(scene: String, to: Orientation, resumed: String) throws {
        let turned = try RotationRender(
            scene, width: Self.W, height: Self.H, script: "0.3 rotate \(to.degrees)", times: .at([0.25, 1.0]))
        #expect(turned.orientations == [.upright, to])
        #expect(turned.renderer.scene.screen == resumed)
        let before = try RotationRender.frame(scene, width: Self.W, height: Self.H, at: 0.25)
        let after = try RotationRender.frame(resumed, width: Self.W, height: Self.H, rotation: to, at: 1.0)
        #expect(differingPixels(turned.frames[0], before) == 0, "before the line: the old orientation")
        #expect(differingPixels(turned.frames[1], after) == 0, "after the turn: \(to) at rest on \(resumed)")
        #expect(differingPixels(after, before) > 1000, "the two orientations' pictures differ")
    }

    /// A turn asked for while another still runs starts from what the panel shows, the
    /// half-turned picture included, not from the last layout at rest: its first frame is
    /// the frame before it (within a level or two of rounding: the picture is drawn again
    /// through a quarter turn), so nothing jumps. Upright draws without a shadow, so the
    /// old picture is composited, and must be taken before the running turn is ended.
    @Test func aTurnInterruptingATurnStartsFromWhatIsOnScreen() throws {
        let r = try RotationRender(
            "home", width: Self.W, height: Self.H, rotation: .clockwise90,
            script: "0.3 rotate 0\n0.4 rotate 90", times: .at([0.4 - 1.0 / 60, 0.4]))
        #expect(r.orientations == [.upright, .clockwise90])
        var far = 0
        for y in 0..<Self.H {
            for x in 0..<Self.W {
                let a = r.frames[0][x, y], b = r.frames[1][x, y]
                for shift in [0, 8, 16] where abs(Int((a >> shift) & 0xff) - Int((b >> shift) & 0xff)) > 2 { far += 1 }
            }
        }
        #expect(far == 0, "\(far) channels differ by more than 2 between the last frame and the new turn's first")
    }

    /// A burst of lines at one time turns once, to the last (as `ctl rotate` twice before
    /// a frame does); a burst that comes back to the orientation shown turns not at all.
    @Test func aBurstTurnsOnceToTheLast() throws {
        let burst = try RotationRender(
            "home", width: Self.W, height: Self.H, script: "0.3 rotate 90\n0.3 rotate 270", times: .at([0.3]))
        #expect(burst.orientations == [.clockwise270])
        let turn = try #require(burst.renderer.transition)
        #expect(turn.startAngle == -Double.pi / 2, "0 -> 270 is a quarter counter-clockwise, not through 90")
        let back = try RotationRender(
            "home", width: Self.W, height: Self.H, script: "0.3 rotate 90\n0.3 rotate 0", times: .at([0.35]))
        #expect(back.orientations == [.upright])
        #expect(back.renderer.transition == nil)
        let plain = try RotationRender.frame("home", width: Self.W, height: Self.H, at: 0.35)
        #expect(differingPixels(back.frames[0], plain) == 0)
    }

    /// A touch down when the turn comes is cancelled: its lift, after the turn, opens
    /// nothing (the same press and lift without the turn opens the Books folder).
    @Test func aTouchInProgressIsCancelledByTheTurn() throws {
        let show = try ShowPlayback.load(folder: nil).show
        let home = HomeLayout(home: show.home, width: Self.W, height: Self.H)
        let tile = try #require(show.home.tiles.firstIndex { $0.open == .folder("books") })
        let p = home.tapPoint(tile)
        let press = "0.40 down 0 \(Int(p.x)) \(Int(p.y))\n0.45 up 0\n"
        let untouched = try RotationRender("home", width: Self.W, height: Self.H, script: press, times: .at([1.0]))
        #expect(untouched.renderer.scene.screen == "folder:books")
        let turned = try RotationRender(
            "home", width: Self.W, height: Self.H,
            script: "0.40 down 0 \(Int(p.x)) \(Int(p.y))\n0.42 rotate 90\n0.45 up 0\n", times: .at([1.0]))
        #expect(turned.renderer.scene.screen == "home")
        #expect(turned.renderer.router.activeTouchCount == 0)
        #expect(turned.orientations == [.clockwise90])
    }
}
