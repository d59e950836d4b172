import Assets
import Raster
import ShowDemo
import Testing

@testable import Show

@Suite struct ShowAssetsTests {
    @Test func readsPicturesUnderTheFolder() throws {
        let dir = try TempDirectory()
        try dir.makeDirectory("icons")
        let s = try Surface(width: 3, height: 2, format: .argb8888)
        s.fill(0x8040_2010)
        try PNG.write(s, to: dir.file("icons/a.png"))
        let assets = ShowAssets(directory: dir.path)
        let image = assets.image("icons/a.png")
        #expect((image.width, image.height, image.format) == (3, 2, .argb8888))
        #expect(image[1, 1] == 0x8040_2010)
        #expect(assets.takeWarnings() == [])
        // A trailing slash on the folder makes no difference.
        #expect(ShowAssets(directory: dir.path + "/").image("icons/a.png")[0, 0] == 0x8040_2010)
    }

    @Test func missingFileIsThePlaceholderAndOneWarning() throws {
        let dir = try TempDirectory()
        let assets = ShowAssets(directory: dir.path)
        let s = assets.image("people/ghost.jpg")
        #expect((s.width, s.height) == (64, 64))
        #expect(s[10, 20] == Placeholder.background)
        #expect(
            assets.takeWarnings() == ["\(dir.path)/people/ghost.jpg: cannot read: No such file or directory (ENOENT)"])
        #expect(assets.image("people/ghost.jpg") === s)
        #expect(assets.takeWarnings() == [])
    }

    @Test func corruptFileIsThePlaceholderAndOneWarning() throws {
        let dir = try TempDirectory()
        try dir.write("hello", to: "bad.png")
        let assets = ShowAssets(directory: dir.path)
        let s = assets.image("bad.png")
        #expect((s.width, s.height) == (64, 64))
        _ = assets.image("bad.png")
        _ = assets.image("bad.png")
        #expect(
            assets.takeWarnings() == [
                "\(dir.path)/bad.png: unsupported: not a PNG or JPEG file (it starts with 68 65 6c 6c 6f)"
            ])
        #expect(assets.takeWarnings() == [])
    }

    @Test func truncatedJPEGWarnsOnceAndEachBadFileWarnsOnce() throws {
        let dir = try TempDirectory()
        try dir.write([0xFF, 0xD8], to: "cut.jpg")
        try dir.write([], to: "empty.png")
        let assets = ShowAssets(directory: dir.path)
        for _ in 0..<3 {
            _ = assets.image("cut.jpg")
            _ = assets.image("empty.png")
        }
        #expect(
            assets.takeWarnings() == [
                "\(dir.path)/cut.jpg: truncated JPEG: data ends after 2 bytes",
                "\(dir.path)/empty.png: empty: no PNG data",
            ])
    }

    /// At rest the pictures go (`removePictures`), from files and from the demo: a
    /// picture asked for again is read, or drawn, again, the same pixels; a bad file is
    /// not read, nor reported, again; a size once known is answered without a read.
    @Test func picturesGoAtRestFailuresAndSizesStay() throws {
        let dir = try TempDirectory()
        let s = try Surface(width: 5, height: 4, format: .argb8888)
        s.fill(0xff10_2030)
        try PNG.write(s, to: dir.file("a.png"))
        try dir.write("hello", to: "bad.png")
        let assets = ShowAssets(directory: dir.path)
        let first = assets.image("a.png")
        _ = assets.image("bad.png")
        #expect(assets.size("a.png") == (5, 4))
        #expect(assets.picturesKept == 1 && assets.takeWarnings().count == 1)
        assets.removePictures()
        #expect(assets.picturesKept == 0)
        try dir.write("gone", to: "a.png")  // a read now would fail: the size is remembered
        #expect(assets.size("a.png") == (5, 4))
        #expect(assets.picturesKept == 0)
        _ = assets.image("bad.png")
        #expect(assets.takeWarnings() == [], "a remembered failure reported again")
        try PNG.write(s, to: dir.file("a.png"))
        let again = assets.image("a.png")
        #expect(again !== first && again[2, 2] == 0xff10_2030)

        let demo = ShowAssets.demo()
        let cover = DemoShow.show.books[0].cover
        let drawn = demo.image(cover)
        #expect(demo.picturesKept == 1)
        demo.removePictures()
        #expect(demo.picturesKept == 0)
        let redrawn = demo.image(cover)
        #expect(redrawn !== drawn && redrawn.width == drawn.width && redrawn.height == drawn.height)
        var same = true
        for y in stride(from: 0, to: drawn.height, by: 7) {
            for x in stride(from: 0, to: drawn.width, by: 5) where redrawn[x, y] != drawn[x, y] { same = false }
        }
        #expect(same, "the demo's picture drawn again differs")
    }

    /// A picture for showing at about a size (the launch's): a demo picture drawn at its
    /// design's aspect just covering that size, not kept; at its natural size or larger,
    /// the original (kept); a file's picture, the file's.
    @Test func aDemoPictureDrawnToCoverASize() throws {
        let demo = ShowAssets.demo()
        let door = "launch/left-l.png"
        #expect(demo.size(door) == (960, 1080))
        let small = demo.image(door, covering: 400, 480)
        #expect((small.width, small.height) == (427, 480))
        #expect(demo.picturesKept == 0)
        // 853x480 has the design's 16:9 to a pixel (covering it is 854x480): drawn at
        // 853x480 itself, so nothing is resampled after.
        let background = demo.image("launch/bg-l.png", covering: 853, 480)
        #expect((background.width, background.height) == (853, 480))
        let big = demo.image(door, covering: 960, 1200)
        #expect((big.width, big.height) == (960, 1080) && demo.picturesKept == 1)
        #expect(demo.takeWarnings() == [])

        let dir = try TempDirectory()
        let s = try Surface(width: 30, height: 20, format: .argb8888)
        s.fill(0xff20_4060)
        try PNG.write(s, to: dir.file("a.png"))
        let files = ShowAssets(directory: dir.path)
        let a = files.image("a.png", covering: 3, 2)
        #expect((a.width, a.height) == (30, 20) && a === files.image("a.png"))
    }
}
