import Compositor
import Raster
import Show
import Testing

@testable import Scenes

@Suite struct ShowSceneLayoutTests {
    /// Columns: the show's in portrait, round(columns * W / H) in landscape, at most 12.
    @Test func gridColumnsFollowTheOrientation() {
        #expect(ScreenMetrics(width: 480, height: 800).gridColumns(portrait: 4) == 4)
        #expect(ScreenMetrics(width: 800, height: 480).gridColumns(portrait: 4) == 7)
        #expect(ScreenMetrics(width: 1920, height: 1080).gridColumns(portrait: 4) == 7)
        #expect(ScreenMetrics(width: 1920, height: 480).gridColumns(portrait: 4) == 12)
        #expect(ScreenMetrics(width: 500, height: 500).gridColumns(portrait: 3) == 3)
    }

    /// The metrics at 800x480: a 48-point bar, 19-point margins; the menu button at the
    /// bar's left end, "‹ Home" next to it, the title between it and its mirror image.
    @Test func metricsAt800x480() {
        let m = ScreenMetrics(width: 800, height: 480)
        #expect(m.barHeight == 48)
        #expect(m.margin == 19)
        #expect(m.menuButton == Rect2D(x: 0, y: 0, width: 48, height: 48))
        #expect(m.backButton == Rect2D(x: 48, y: 0, width: 125, height: 48))
        #expect(m.titleText == Rect2D(x: 173, y: 0, width: 800 - 2 * 173, height: 48))
        #expect(m.content == Rect2D(x: 19, y: 67, width: 762, height: 394))
        #expect(ScreenMetrics(width: 240, height: 144).barHeight == 20)
    }

    /// A grid is centred both ways; a short row keeps the size of a full one.
    @Test func gridIsCentred() {
        let area = Rect2D(x: 10, y: 20, width: 700, height: 400)
        let g = ScreenGrid(count: 3, columns: 7, area: area)
        #expect(g.columns == 3 && g.rows == 1)
        #expect(g.cellWidth == 100)
        #expect(g.icon == 70)
        #expect(g.cellHeight == 105)
        #expect(g.cell(0) == Rect2D(x: 210, y: 167, width: 100, height: 105))
        #expect(g.iconFrame(1) == Rect2D(x: 325, y: 167, width: 70, height: 70))
        #expect(g.titleFrame(2) == Rect2D(x: 410, y: 244, width: 100, height: 28))
        #expect(g.rowBottom(0) == 272)
        // Too many rows for the height: the icons shrink until they fit.
        let tall = ScreenGrid(count: 28, columns: 7, area: area)
        #expect(tall.rows == 4)
        #expect(tall.icon == 66)
        #expect(tall.rowBottom(3) <= area.maxY)
        #expect(ScreenGrid(count: 0, columns: 4, area: area).rows == 1)
    }

    /// The home screen: the menu button at the top bar's left end, tiles below the bar.
    @Test func homeLayout() {
        let home = HomeLayout(home: ShowFixture.show.home, width: 800, height: 480)
        #expect(home.menuButton == Rect2D(x: 0, y: 0, width: 48, height: 48))
        #expect(home.grid.columns == 4)
        #expect(home.grid.cell(0).minY >= home.menuButton.maxY)
        let portrait = HomeLayout(home: ShowFixture.show.home, width: 480, height: 800)
        #expect(portrait.grid.columns == 3 && portrait.grid.rows == 2)
    }

    /// Fit and fill keep the aspect and centre the picture.
    @Test func fitAndFill() {
        let r = Rect2D(x: 0, y: 0, width: 240, height: 144)
        #expect(ScreenFit.fill(Size2D(width: 100, height: 100), in: r) == Rect2D(x: 0, y: -48, width: 240, height: 240))
        #expect(ScreenFit.fit(Size2D(width: 100, height: 100), in: r) == Rect2D(x: 48, y: 0, width: 144, height: 144))
    }

    /// Resampling: halving averages 2x2 blocks (rounded); the bilinear step keeps edges
    /// and a flat picture flat; opaque pictures stay opaque.
    @Test func resample() throws {
        let s = try Surface(width: 4, height: 2, format: .argb8888)
        s.withRows(as: UInt32.self) { y, row in
            for x in 0..<4 { row[x] = x < 2 ? 0xff00_0000 | UInt32(y * 255) : 0x8080_8080 }
        }
        let half = try #require(ShowResample.halve(s, x: true, y: true))
        #expect(half.width == 2 && half.height == 1)
        #expect(half[0, 0] == 0xff00_0080)  // (0 + 0 + 255 + 255) / 4 = 127.5 -> 128
        #expect(half[1, 0] == 0x8080_8080)
        let flat = try Surface(width: 3, height: 3, format: .xrgb8888)
        flat.withRows(as: UInt32.self) { _, row in for x in 0..<3 { row[x] = 0xff12_3456 } }
        for (w, h) in [(7, 5), (2, 2), (1, 1), (3, 3)] {
            let r = ShowResample.resample(flat, width: w, height: h)
            #expect(r.width == w && r.height == h && r.format == .xrgb8888)
            #expect(r[0, 0] == 0xff12_3456 && r[w - 1, h - 1] == 0xff12_3456)
        }
        // Upscaling 2 pixels to 4: the edges keep the end colours, the middle blends.
        let two = try Surface(width: 2, height: 1, format: .xrgb8888)
        two[0, 0] = 0xff00_0000
        two[1, 0] = 0xff00_00ff
        let four = ShowResample.resample(two, width: 4, height: 1)
        #expect((0..<4).map { four[$0, 0] & 0xff } == [0, 64, 191, 255])
    }

    /// An argb8888 picture with no transparent pixel is kept as xrgb8888 (the same
    /// pixels: drawn as a copy that hides what is under it); one with any alpha below
    /// 0xff stays as it is.
    @Test func opaquePicturesBecomeXRGB() throws {
        let s = try Surface(width: 3, height: 2, format: .argb8888)
        s.withRows(as: UInt32.self) { y, row in for x in 0..<3 { row[x] = 0xff00_0000 | UInt32(x * 16 + y) } }
        let o = ShowResample.opaqueIfPossible(s)
        #expect(o.format == .xrgb8888 && o.width == 3 && o.height == 2)
        #expect(o[2, 1] == 0xff00_0021 && o[0, 0] == 0xff00_0000)
        s[1, 1] = 0xfe00_0000
        #expect(ShowResample.opaqueIfPossible(s) === s)
        let x = try Surface(width: 1, height: 1, format: .xrgb8888)
        #expect(ShowResample.opaqueIfPossible(x) === x)
    }
}
