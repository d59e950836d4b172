import Glibc
import Motion
import Raster
import Rotation
import Testing
import VitrineTestSupport

@testable import Runtime
@testable import Scenes

/// The demo show in all four orientations at 800x480, as `vitrine render --rotation R`
/// draws it (the panel's pictures), and the change of orientation at its midpoint. Each
/// golden was looked at; the numbers each shows are asserted too.
@Suite struct RotationGoldenTests {
    static let golden = GoldenImage.directory()
    static let (W, H) = (800, 480)

    /// The logical frame of `panel` (a panel picture drawn in orientation `o`): each
    /// logical (x, y) read from the panel pixel the Architecture article's table gives.
    static func logical(_ panel: Surface, _ o: Orientation) throws -> Surface {
        let (lw, lh) = o.logicalSize(panelWidth: panel.width, panelHeight: panel.height)
        let s = try Surface(width: lw, height: lh, format: .xrgb8888)
        let (W, H) = (panel.width, panel.height)
        for y in 0..<lh {
            for x in 0..<lw {
                let (px, py): (Int, Int) =
                    switch o {
                    case .upright: (x, y)
                    case .clockwise90: (y, H - 1 - x)
                    case .upsideDown: (W - 1 - x, H - 1 - y)
                    case .clockwise270: (W - 1 - y, x)
                    }
                s[x, y] = panel[px, py]
            }
        }
        return s
    }

    /// Home at rest (`--scene home --at 5`), in each orientation. Looked at: at 0 one row
    /// of six tiles (Books, Shelf, People, Visit, Atlas, Menu) across the landscape
    /// screen under the top bar ("Museum of Light", the menu button at its left); at 90
    /// the picture reads from bottom to top (the panel turned a quarter clockwise), the
    /// grid laid out for a 480x800 portrait screen (four columns: Books, Shelf, People,
    /// Visit, then Atlas, Menu), its bar along the panel's left edge, the menu button at
    /// the panel's bottom left; at 180 the 0 picture upside down; at 270 the 90 picture
    /// upside down, reading from top to bottom.
    ///
    /// Numbers: the logical frame read back through the Architecture article's table is the same
    /// picture for 0 and 180 and for 90 and 270 (one layout per logical size, turned
    /// onto the panel), and the 90 one is what an upright 480x800 panel shows.
    @Test(arguments: Orientation.allCases) func homeAtRest(o: Orientation) throws {
        let frame = try RotationRender.frame("home", width: Self.W, height: Self.H, rotation: o, at: 5)
        try assertGolden(frame, named: "home_800x480_r\(o.degrees)_t5000", in: Self.golden)
        try expectOneLayoutPerLogicalSize(frame, o, scene: "home", at: 5)
    }

    /// The Books folder open (`--scene folder:books --at 1`), in each orientation. Looked
    /// at: the home grid split below the Books tile's row, the folder's panel ("Books":
    /// the three book covers and Shelf) below it, a notch under the Books tile; at 0 the
    /// lower half is off the landscape screen, at 90 the portrait layout with the Atlas
    /// and Menu row pushed down below the panel, reading from bottom to top; 180 and 270
    /// the same pictures upside down.
    ///
    /// Numbers: the lower half's top edge is where FolderRevealLayout puts it fully open
    /// for the logical size, and the table checks as for home.
    @Test(arguments: Orientation.allCases) func booksFolderOpen(o: Orientation) throws {
        let r = try RotationRender("folder:books", width: Self.W, height: Self.H, rotation: o, times: .at([1.0]))
        let frame = try #require(r.frames.first)
        try assertGolden(frame, named: "folder_books_800x480_r\(o.degrees)_t1000", in: Self.golden)

        let show = try ShowPlayback.load(folder: nil).show
        let (lw, lh) = o.logicalSize(panelWidth: Self.W, panelHeight: Self.H)
        let home = HomeLayout(home: show.home, width: lw, height: lh)
        let tile = try #require(show.home.tiles.firstIndex { $0.open == .folder("books") })
        let reveal = FolderRevealLayout(show: show, home: home, tile: tile, folder: show.folder(id: "books"))
        let lower = try #require(RenderTimelineTests.find("reveal.lower", in: r.renderer.pipeline.compositor.root))
        #expect(lower.position.y - lower.bounds.height / 2 == reveal.lowerTop(1), "\(o): fully open")
        try expectOneLayoutPerLogicalSize(frame, o, scene: "folder:books", at: 1)
    }

    /// 0 and 180 (90 and 270) show one logical frame; 90's is an upright portrait
    /// panel's (480x800: the layout is for the logical size, not the panel's).
    func expectOneLayoutPerLogicalSize(_ frame: Surface, _ o: Orientation, scene: String, at t: Double) throws {
        let mine = try Self.logical(frame, o)
        let partner: Orientation = o.swapsAxes ? .clockwise90 : .upright
        let (lw, lh) = o.logicalSize(panelWidth: Self.W, panelHeight: Self.H)
        // The reference: an upright panel of the logical size.
        let upright = try RotationRender.frame(scene, width: lw, height: lh, at: t)
        #expect(differingPixels(mine, upright) == 0, "\(o): the logical frame is an upright \(lw)x\(lh) panel's")
        if o != partner {
            let other = try RotationRender.frame(scene, width: Self.W, height: Self.H, rotation: partner, at: t)
            #expect(differingPixels(mine, try Self.logical(other, partner)) == 0, "\(o) and \(partner): one layout")
        }
    }

    /// `rotate 90` at 1.0 s on home: the frame at 1.15 s, the turn's midpoint. Looked at:
    /// the new portrait layout as in `home_800x480_r90_t5000` (reading from bottom to top
    /// on the panel), and over it, half faded, the old landscape row of six tiles turned
    /// half way: on the panel it runs from the bottom left (Books) to the top right
    /// (Menu), its titles reading upwards at 45 degrees, half way between the old picture
    /// (0 degrees on the panel) and the new (a quarter counter-clockwise on the panel).
    ///
    /// Numbers, on the new logical frame (the panel read back through the table): where
    /// the old picture lies, turned 45 degrees clockwise about the screen's centre, each
    /// pixel is the old frame's colour there over the new layout's at the opacity the
    /// turn's ease-in-out gives half way (0.5); everywhere else the new layout alone. A
    /// turn the wrong way (counter-clockwise), by another angle, at another opacity, or
    /// none, fails: the band of mixed pixels would lie elsewhere or be another mix.
    @Test func theTurnAtItsMidpoint() throws {
        let r = try RotationRender(
            "home", width: Self.W, height: Self.H, script: "1.0 rotate 90", times: .at([0.9, 1.0, 1.15]))
        let mid = r.frames[2]
        try assertGolden(mid, named: "turn_home_800x480_r0_to_r90_t1150", in: Self.golden)
        #expect(r.orientations == [.upright, .clockwise90, .clockwise90])
        #expect(differingPixels(r.frames[1], r.frames[0]) == 0, "the turn's first frame is the old frame exactly")

        // The model half way: 45 degrees left of the 90 it started at, opacity 0.5.
        let e = TimingCurve.easeInOut.value(at: 0.5)
        #expect(abs(e - 0.5) < 1e-6)
        let turn = try #require(r.renderer.transition)
        #expect(turn.startAngle == Double.pi / 2)
        #expect(turn.overlay?.opacity == 128)

        let old = r.frames[0]  // home at rest at 0 degrees: the picture that turns
        let new = try Self.logical(
            try RotationRender.frame("home", width: Self.W, height: Self.H, rotation: .clockwise90, at: 1.15), .clockwise90)
        let (mixed, alone, median) = try Self.expectTurn(
            of: old, over: new, in: try Self.logical(mid, .clockwise90), by: Double.pi / 4, opacity: 0.5)
        print("turn midpoint: \(mixed) mixed, \(alone) new-only samples; old picture's opacity median \(median)")
    }

    /// The old frame is drawn on the panel from whichever of its two pictures leaves
    /// the smaller angle to turn (`TurnTransition`): early in a quarter turn the picture
    /// as the panel showed it, turned by a little; late, its copy turned a quarter
    /// clockwise beforehand, turned back by the rest. Either way the pixels are the model's
    /// old frame at that moment's angle and opacity.
    @Test(arguments: [(1.05, false), (1.25, true)])
    func theTurnDrawsThePictureNearestItsAngle(t: Double, quarter: Bool) throws {
        let r = try RotationRender(
            "home", width: Self.W, height: Self.H, script: "1.0 rotate 90", times: .at([0.9, 1.0, t]))
        let turn = try #require(r.renderer.transition)
        let e = TimingCurve.easeInOut.value(at: (t - 1.0) / TurnTransition.duration)
        let panelAngle = turn.panelAngle(at: e)
        #expect(TurnTransition.wantsQuarter(panelAngle) == quarter, "\(panelAngle) rad on the panel")
        // Both at half the old frame's size each way: a turning frame reads a quarter of
        // the pixels (the old frame itself is drawn only at the start, not resampled).
        let picture = try #require(turn.drawn?.picture, "the turn draws a picture")
        let size = quarter ? (Self.H / 2, Self.W / 2) : (Self.W / 2, Self.H / 2)
        #expect(picture.width == size.0 && picture.height == size.1, quarter ? "the quarter-turned picture" : "the panel's")
        #expect(picture !== turn.upright)
        // Turned at half the buffer's size (and a pixel of margin a side), then stretched
        // twice over the new layout.
        let overlay = try #require(turn.overlay)
        #expect(overlay.picture.width == Self.W / 2 + 2 && overlay.picture.height == Self.H / 2 + 2)
        #expect(overlay.homography.integerTranslation == nil)
        let back = try #require(overlay.homography.inverse)
        #expect(back.a == 0.5 && back.e == 0.5 && back.c == 1 && back.f == 1 && back.b == 0 && back.d == 0)
        let new = try Self.logical(
            try RotationRender.frame("home", width: Self.W, height: Self.H, rotation: .clockwise90, at: t), .clockwise90)
        let (mixed, alone, median) = try Self.expectTurn(
            of: r.frames[0], over: new, in: try Self.logical(r.frames[2], .clockwise90), by: turn.angle(at: e),
            opacity: 1 - e, alone: 0)
        print("turn at \(t) s: \(mixed) mixed, \(alone) new-only samples; opacity median \(median) (model \(1 - e))")
    }

    /// A turn asked for while one is under way starts from what the panel shows: its
    /// first frame is the frame before it, the half-turned picture included, pixel for
    /// pixel; and once both are over the panel shows the last orientation's layout alone.
    @Test func aTurnDuringATurnStartsFromThePanelsPicture() throws {
        let r = try RotationRender(
            "home", width: Self.W, height: Self.H, script: "1.0 rotate 90\n1.1 rotate 180",
            times: .at([0.9, 65.0 / 60, 66.0 / 60, 1.2, 1.5]))
        #expect(r.orientations == [.upright, .clockwise90, .upsideDown, .upsideDown, .upsideDown])
        #expect(differingPixels(r.frames[1], r.frames[0]) > 1000, "the first turn is under way in the frame before")
        #expect(differingPixels(r.frames[2], r.frames[1]) == 0, "the second turn starts from the panel's picture")
        #expect(differingPixels(r.frames[3], r.frames[2]) > 1000, "and turns it")
        let rest = try RotationRender.frame("home", width: Self.W, height: Self.H, rotation: .upsideDown, at: 1.5)
        #expect(differingPixels(r.frames[4], rest) == 0, "the last orientation's layout alone")
    }

    /// Checks a turn's frame `now` (logical) against the model: where the `old` picture
    /// lies, turned `angle` radians clockwise about the screen's centre, each pixel is
    /// its colour over `new`'s at `opacity`; everywhere else `new` alone. Returns the
    /// samples of each kind and the opacity read off the pixels (median).
    static func expectTurn(
        of old: Surface, over new: Surface, in now: Surface, by angle: Double, opacity: Double, alone least: Int = 1000
    ) throws -> (mixed: Int, alone: Int, opacity: Double) {
        let (lw, lh) = (now.width, now.height)  // 480 x 800 after a quarter turn
        let (c, s) = (cos(angle), sin(angle))
        var mixed = 0, alone = 0, opacities: [Double] = []
        for y in stride(from: 4, to: lh - 4, by: 6) {
            for x in stride(from: 4, to: lw - 4, by: 6) {
                // The logical pixel's centre, turned back 45 degrees about the screen's
                // centre: where it lies on the old 800x480 picture.
                let dx = Double(x) + 0.5 - Double(lw) / 2, dy = Double(y) + 0.5 - Double(lh) / 2
                let u = dx * c + dy * s + Double(old.width) / 2
                let v = -dx * s + dy * c + Double(old.height) / 2
                let margin = 3.0, reach = 5
                let inner = margin + Double(reach)
                let inside = u > inner && u < Double(old.width) - inner && v > inner && v < Double(old.height) - inner
                let outside = u < -margin || u > Double(old.width) + margin || v < -margin || v > Double(old.height) + margin
                let n = channels(new[x, y]), got = channels(now[x, y])
                if outside {
                    #expect(zip(got, n).allSatisfy { abs($0 - $1) <= 2 }, "(\(x), \(y)): the new layout alone")
                    alone += 1
                    continue
                }
                guard inside else { continue }
                // Only where the old picture is nearly flat around (u, v): sampling
                // then gives a colour between its least and greatest there. `reach`
                // pixels each way: the picture is halved (2x2 pixels), turned at half
                // size (2x2 of those) and stretched back (2x2 of those), each step
                // reaching a little further.
                let (ui, vi) = (Int(u), Int(v))
                var lo = [255, 255, 255], hi = [0, 0, 0]
                for j in -reach...reach {
                    for i in -reach...reach {
                        for (k, value) in channels(old[ui + i, vi + j]).enumerated() {
                            lo[k] = min(lo[k], value)
                            hi[k] = max(hi[k], value)
                        }
                    }
                }
                guard zip(lo, hi).allSatisfy({ $1 - $0 <= 6 }) else { continue }
                let oc = channels(old[ui, vi])
                let low = zip(lo, n).map { opacity * Double($0) + (1 - opacity) * Double($1) }
                let high = zip(hi, n).map { opacity * Double($0) + (1 - opacity) * Double($1) }
                #expect(
                    (0..<3).allSatisfy { Double(got[$0]) >= low[$0] - 2.5 && Double(got[$0]) <= high[$0] + 2.5 },
                    "(\(x), \(y)): \(got) is not \(lo)...\(hi) over \(n) at \(opacity)")
                mixed += 1
                // The opacity read off the pixels, where the two colours differ enough.
                for k in 0..<3 where abs(oc[k] - n[k]) >= 60 {
                    opacities.append(Double(got[k] - n[k]) / Double(oc[k] - n[k]))
                }
            }
        }
        #expect(mixed > 1000 && alone >= least, "\(mixed) mixed and \(alone) new-only samples")
        #expect(opacities.count > 100, "\(opacities.count) samples of the old picture's opacity")
        let sorted = opacities.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        #expect(abs(median - opacity) < 0.02, "the old picture's opacity: \(median), not \(opacity)")
        return (mixed, alone, median)
    }
}
