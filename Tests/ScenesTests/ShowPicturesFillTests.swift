import Compositor
import Raster
import Show
import ShowDemo
import Testing

@testable import Scenes

/// The home wallpaper fills the screen (aspect kept): the cache holds only the part that
/// shows, the same pixels a layer of the whole picture at the filling size showed, so a
/// portrait 1920x1080 panel's wallpaper fits the budget; and a panel that turns at run
/// time keeps both orientations' wallpapers, so turning back and forth resamples nothing.
@Suite struct ShowPicturesFillTests {
    static let wallpaper = DemoShow.show.home.wallpaper

    /// Portrait and landscape screens: the layer is the screen, and its picture is the
    /// screen's part of the whole picture (drawn near that size) resampled to the size that fills it.
    @Test(arguments: [(480, 800), (800, 480), (300, 300)])
    func theFilledPictureIsWhatShows(width: Int, height: Int) throws {
        let pictures = ShowPictures(assets: .demo())
        let screen = Rect2D(x: 0, y: 0, width: Double(width), height: Double(height))
        let layer = pictures.layer(name: "wall", path: Self.wallpaper, fill: screen)
        #expect(layer.frame == screen)
        guard case .image(let shown) = layer.contents else { Issue.record("no picture"); return }
        #expect(shown.width == width && shown.height == height)
        // The whole picture at the filling size, placed as a stretched layer would be.
        let fill = ScreenFit.fill(pictures.size(Self.wallpaper), in: screen)
        let whole = pictures.picture(
            Self.wallpaper, width: fill.width.clampedInt, height: fill.height.clampedInt, drawnNear: true)
        let (dx, dy) = (-fill.minX.clampedInt, -fill.minY.clampedInt)
        var differing = 0
        for y in 0..<height {
            for x in 0..<width where shown[x, y] != whole[x + dx, y + dy] { differing += 1 }
        }
        #expect(differing == 0)
    }

    /// At 1920x1080 a portrait screen's wallpaper is a screen of pixels (8 MB), not the
    /// 26 MB of the whole picture at that height; with `keepsBothOrientations` both
    /// orientations' wallpapers stay cached beside the other pictures of home.
    @Test func aTurningPanelKeepsBothWallpapers() throws {
        let pictures = ShowPictures(assets: .demo())
        pictures.keepsBothOrientations = true
        for (w, h) in [(1920, 1080), (1080, 1920), (1920, 1080)] {
            let root = Layer(name: "root", frame: Rect2D(x: 0, y: 0, width: Double(w), height: Double(h)))
            let scene = ShowScene(
                show: DemoShow.show, assets: .demo(), root: root, width: w, height: h, start: .home, pictures: pictures)
            scene.update(time: 0)
        }
        let portrait = pictures.picture(Self.wallpaper, width: 1080, height: 1920, cropped: true, drawnNear: true)
        #expect(portrait.stride * portrait.height <= 1080 * 1920 * 4 + 64 * 1920)
        let before = pictures.cachedBytes
        _ = pictures.picture(Self.wallpaper, width: 1920, height: 1080, cropped: true, drawnNear: true)
        _ = pictures.picture(Self.wallpaper, width: 1080, height: 1920, cropped: true, drawnNear: true)
        #expect(pictures.cachedBytes == before, "both were cached: nothing resampled, nothing evicted")
    }
}
