import Assets
import Raster
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
}
