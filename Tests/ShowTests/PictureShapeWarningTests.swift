import Assets
import Raster
import Testing

@testable import Show

/// `vitrine check` warns about a covering picture (home's wallpaper, a launch
/// background) whose shape makes it a sliver stretched over the screen: a 69x1 wallpaper
/// shows 3% of its width at 16:9. It still draws, so a warning, not an error.
@Suite struct PictureShapeWarningTests {
    func picture(_ dir: TempDirectory, _ name: String, _ w: Int, _ h: Int) throws {
        let s = try Surface(width: w, height: h, format: .xrgb8888)
        s.fill(0xff33_6699)
        try PNG.write(s, to: dir.file(name))
    }

    @Test func slivers() throws {
        let dir = try TempDirectory()
        try picture(dir, "wide.png", 69, 1)
        try picture(dir, "tall.png", 1, 41)
        try picture(dir, "fine.png", 6, 1)
        try picture(dir, "square.png", 40, 40)
        var show = Show(
            title: "Shapes",
            launch: LaunchSection(
                leftDoor: OrientedImage(portrait: "square.png", landscape: "square.png"),
                rightDoor: OrientedImage(portrait: "square.png", landscape: "square.png"),
                background: OrientedImage(portrait: "tall.png", landscape: "fine.png")),
            home: HomeSection(wallpaper: "wide.png", tiles: []), folders: [], books: [], cardLists: [], menu: [])
        let warnings = show.pictureShapeWarnings(assets: ShowAssets(directory: dir.path), manifest: "show.toml")
        #expect(
            warnings == [
                "show.toml: home.wallpaper: \"wide.png\" is 69x1 pixels: covering a screen, at most 3% of it shows (a covering picture's sides should be within 7:1)",
                "show.toml: launch.background.portrait: \"tall.png\" is 1x41 pixels: covering a screen, at most 5% of it shows (a covering picture's sides should be within 7:1)",
            ])
        // Ordinary shapes, and a missing picture (the show warns about that when it runs).
        show.home.wallpaper = "square.png"
        show.launch?.background = OrientedImage(portrait: "missing.png", landscape: "fine.png")
        #expect(show.pictureShapeWarnings(assets: ShowAssets(directory: dir.path), manifest: "show.toml").isEmpty)
        #expect(Show.coveredPart(width: 16, height: 9) == 1 && Show.coveredPart(width: 9, height: 16) == 1)
    }
}
