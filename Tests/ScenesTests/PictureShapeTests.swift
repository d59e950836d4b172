import Assets
import Compositor
import Foundation
import Raster
import Show
import Testing

@testable import Scenes

/// A valid picture of any shape (within the decoder's limits) covers its slot at every
/// size and orientation: the home wallpaper and the launch background are resampled to
/// cover the screen, and a very wide or very tall one used to make a resample wider than
/// a surface may be (a 69x1 wallpaper at 800x480 fills 33120x480) and trap.
@Suite struct PictureShapeTests {
    /// A show folder holding `wall.png`, a `width` x `height` picture of one colour.
    static func showFolder(width: Int, height: Int) throws -> (ShowAssets, String) {
        let dir = NSTemporaryDirectory() + "vitrine-shape-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let picture = try Surface(width: width, height: height, format: .xrgb8888)
        picture.fill(0xff33_6699)
        try PNG.write(picture, to: dir + "/wall.png")
        return (ShowAssets(directory: dir), dir)
    }

    static let shapes = [(69, 1), (1, 41), (41, 1), (3000, 40), (8192, 1), (1, 8192)]

    /// The wallpaper's layer is the screen, its picture the screen's size, the picture's
    /// colour throughout (a flat picture resamples flat), in landscape and portrait.
    @Test(arguments: shapes) func theWallpaperCoversTheScreen(shape: (Int, Int)) throws {
        let (assets, dir) = try Self.showFolder(width: shape.0, height: shape.1)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pictures = ShowPictures(assets: assets)
        for (w, h) in [(800, 480), (480, 800)] {
            let screen = Rect2D(x: 0, y: 0, width: Double(w), height: Double(h))
            let layer = pictures.layer(name: "wall", path: "wall.png", fill: screen)
            #expect(layer.frame == screen)
            guard case .image(let shown) = layer.contents else {
                Issue.record("no picture")
                return
            }
            #expect(shown.width == w && shown.height == h, "\(shape) at \(w)x\(h): \(shown.width)x\(shown.height)")
            for y in stride(from: 0, to: shown.height, by: 37) {
                for x in stride(from: 0, to: shown.width, by: 41) where shown[x, y] | 0xff00_0000 != 0xff33_6699 {
                    Issue.record("\(shape) at \(w)x\(h): (\(x), \(y)) is \(String(shown[x, y], radix: 16))")
                    return
                }
            }
        }
        #expect(assets.takeWarnings().isEmpty)
    }

    /// The whole show with that picture as home's wallpaper and as the launch's
    /// background: the launch, its doors opening, home, drawn at 800x480 and turned.
    @Test(arguments: [(69, 1), (1, 41)]) func aShowWithIt(shape: (Int, Int)) throws {
        let (assets, dir) = try Self.showFolder(width: shape.0, height: shape.1)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var show = ShowFixture.show
        show.home.wallpaper = "wall.png"
        show.launch?.background = OrientedImage(portrait: "wall.png", landscape: "wall.png")
        for (w, h) in [(800, 480), (480, 800)] {
            let harness = try ShowHarness(show: show, assets: assets, panelWidth: w, panelHeight: h)
            for t in [0, 0.1, 0.6, 0.9, 3.0] {
                harness.frame(at: t)
                let frame = try harness.render()
                #expect(frame.width == w)
            }
            let home = try ShowHarness(show: show, assets: assets, panelWidth: w, panelHeight: h, start: .home)
            home.frame(at: 0)
            let frame = try home.render()
            #expect(frame[w / 2, h - 2] == 0xff33_6699, "the wallpaper at the screen's foot")
        }
    }

    /// Covering keeps the pixels the whole resample has there, halvings included: a
    /// picture of noise, fills smaller and larger than it, windows anywhere in the fill.
    @Test func coverIsThePartOfTheWholeResample() throws {
        var random = SystemRandomNumberGenerator()
        for (sw, sh, fw, fh, ww, wh) in [
            (37, 23, 90, 56, 40, 56), (37, 23, 9, 6, 9, 3), (64, 48, 15, 10, 10, 10), (61, 45, 20, 41, 20, 12),
            (50, 3, 400, 24, 30, 24), (5, 40, 7, 56, 7, 20),
        ] {
            let source = try Surface(width: sw, height: sh, format: .argb8888)
            source.withRows(as: UInt32.self) { _, row in
                for x in 0..<sw { row[x] = 0xff00_0000 | UInt32.random(in: 0...0xff_ffff, using: &random) }
            }
            let whole = ShowResample.resample(source, width: fw, height: fh)
            for (x, y) in [(0, 0), (fw - ww, fh - wh), ((fw - ww) / 2, (fh - wh) / 3)] {
                let part = ShowResample.cover(
                    source, fillWidth: fw, fillHeight: fh, x: x, y: y, width: ww, height: wh)
                #expect(part.width == ww && part.height == wh)
                var differing = 0
                for py in 0..<wh {
                    for px in 0..<ww where part[px, py] != whole[x + px, y + py] { differing += 1 }
                }
                #expect(differing == 0, "\(sw)x\(sh) to \(fw)x\(fh), window at (\(x), \(y))")
            }
        }
    }
}
