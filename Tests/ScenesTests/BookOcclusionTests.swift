import Assets
import Compositor
import Raster
import Show
import ShowDemo
import Testing
import VitrineTestSupport

@testable import Scenes

/// The book drawn with the compositor's occlusion by transformed opaque pictures is byte
/// for byte the book drawn without it, at rest, mid-turn and while a finger drags. The
/// book clips each leaf to the columns where it shows (`BookLayout.visibleColumns`), so
/// by default (`.worthwhile`) little is left to hide; `.everywhere` hides the background
/// under the pages and the column each leaf shares with the one above it.
@Suite struct BookOcclusionTests {
    /// Harnesses showing the demo's atlas, one per `Occlusion` (in `allCases` order).
    static func twins(mount: Int) throws -> [ShowHarness] {
        try Occlusion.allCases.map { occlusion in
            let h = try ShowHarness(
                show: DemoShow.show, assets: ShowAssets.demo(), panelWidth: 800, panelHeight: 480, mount: mount,
                start: .book("atlas"))
            h.compositor.occlusion = occlusion
            return h
        }
    }

    static func sameBytes(_ a: Surface, _ b: Surface) -> String? {
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                return "(\(x), \(y)): \(String(a[x, y], radix: 16)) vs \(String(b[x, y], radix: 16))"
            }
        }
        return nil
    }

    @Test(arguments: [0, 90]) func restingAndTurningPages(mount: Int) throws {
        let hs = try Self.twins(mount: mount)
        var occluded = 0
        for p in [-1, -0.6, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.4, 2] {
            var stats: [FrameStats] = []
            for h in hs {
                (h.scene.screen as! BookScreen).show(position: p)
                stats.append(try h.compositor.render(into: h.target, bufferAge: 1))
            }
            for k in 1..<hs.count {
                #expect(
                    Self.sameBytes(hs[k].target, hs[0].target) == nil,
                    "p \(p), mount \(mount), \(Occlusion.allCases[k])")
            }
            #expect(stats[0].occludedPixels == 0)
            occluded += stats[2].occludedPixels
        }
        #expect(occluded > 100_000, "occluded \(occluded)")
    }

    /// A drag across the book and its settle, frame by frame with two buffers (damage
    /// rectangles, not whole frames).
    @Test func draggedTurnFrameByFrame() throws {
        let hs = try Self.twins(mount: 0)
        let buffers = try hs.map { _ in try (0..<2).map { _ in try Surface(width: 800, height: 480, format: .xrgb8888) }
        }
        for h in hs { try h.load("0.1 swipe 700 240 100 240 0.4\n0.9 swipe 100 240 700 240 0.2\n") }
        var frame = 0
        var t = 0.0
        while t < 1.5 {
            t += 1.0 / 20
            var pictures: [Surface] = []
            for (k, h) in hs.enumerated() {
                h.frame(at: t)
                let target = buffers[k][frame % 2]
                _ = try h.compositor.render(into: target, bufferAge: frame < 2 ? 0 : 2)
                pictures.append(target)
            }
            for k in 1..<pictures.count {
                #expect(Self.sameBytes(pictures[k], pictures[0]) == nil, "t \(t), \(Occlusion.allCases[k])")
            }
            frame += 1
        }
    }
}
