import Compositor
import Input
import Raster
import Show
import ShowDemo
import Testing

@testable import Scenes

/// The demo show's tour, drawn frame by frame as `vitrine render --tour` draws it, never
/// shows a black area: no frame has more than 2 % of its pixels near black (every
/// channel under 16), at 800x480, 1920x1080 and 800x480 turned a quarter. A screen
/// that should be there and isn't (home behind a folder coming back from a book) shows
/// the compositor's clear colour, black.
@Suite struct DemoTourBlackTests {
    /// The share of near-black pixels of `s`, counted on every 4th pixel of every 4th row
    /// (a black area of 2 % of the screen is tens of thousands of pixels: the grid sees it).
    static func nearBlackShare(_ s: Surface) -> Double {
        var black = 0, seen = 0
        var y = 0
        while y < s.height {
            let row = s.row(y, as: UInt32.self)
            var x = 0
            while x < s.width {
                let p = row[x]
                if (p >> 16) & 0xff < 16 && (p >> 8) & 0xff < 16 && p & 0xff < 16 { black += 1 }
                seen += 1
                x += 4
            }
            y += 4
        }
        return Double(black) / Double(Swift.max(seen, 1))
    }

    @Test(arguments: [(800, 480, 0), (1920, 1080, 0), (800, 480, 90)])
    func noFrameOfTheTourIsBlack(panel: (Int, Int, Int)) throws {
        let (w, h, mount) = panel
        let text = DemoTour.script(show: DemoShow.show, panel: MountedPanel(mount: mount, width: w, height: h).tour)
        let script = try TouchScript.parse(text, path: "tour.touch")
        let harness = try ShowHarness(
            show: DemoShow.show, assets: ShowAssets.demo(), panelWidth: w, panelHeight: h, mount: mount, text: true)
        harness.player = TouchScript.Player(script)
        var worst = (share: 0.0, time: 0.0)
        // Every 1/15 s from the cold start (the closed doors) to home at rest again.
        harness.run(until: script.duration + 1, step: 1.0 / 15) { t in
            guard let frame = try? harness.render() else { return }
            let share = Self.nearBlackShare(frame)
            if share > worst.share { worst = (share, t) }
        }
        #expect(
            worst.share <= 0.02,
            "\(w)x\(h) mount \(mount): \(Int((worst.share * 100).rounded())) % near black at t = \(worst.time) s")
    }
}
