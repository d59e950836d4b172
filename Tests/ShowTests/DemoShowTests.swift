import Assets
import Raster
@testable import ShowDemo
import Testing

@testable import Show

@Suite struct DemoShowTests {
    @Test func hasWhatTheIssueAsksFor() {
        let show = DemoShow.show
        #expect(show.title == "Museum of Light")
        #expect(show.folders.map(\.id) == ["books", "visit"])
        #expect(show.books.map(\.id) == ["atlas", "glass", "stars"])
        #expect(show.books.allSatisfy { $0.pages.count == 8 })
        #expect(show.cardLists.map(\.id) == ["team"])
        #expect(show.cardLists[0].items.count == 24)
        #expect(show.menu.map(\.title) == ["Home", "Books", "Shelf", "People", "Visit"])
        #expect(
            show.home.tiles.map(\.open) == [
                .folder("books"), .shelf, .cards("team"), .folder("visit"), .book("atlas"), .menu,
            ])
        // People are unique, and so are their pictures.
        #expect(Set(show.cardLists[0].items.map(\.title)).count == 24)
        #expect(Set(show.cardLists[0].items.map(\.image)).count == 24)
    }

    @Test func isAValidManifestThatRoundTrips() throws {
        #expect(try Show.parse(text: DemoShow.show.manifestText(), path: "show.toml") == DemoShow.show)
    }

    @Test func assetPathsAreEachPictureOnceInManifestOrder() {
        let paths = DemoShow.assetPaths
        #expect(paths.count == 6 + 1 + 7 + 3 * 9 + 24)
        #expect(Set(paths).count == paths.count)
        #expect(
            Array(paths.prefix(7)) == [
                "launch/left-p.png", "launch/left-l.png", "launch/right-p.png", "launch/right-l.png", "launch/bg-p.png",
                "launch/bg-l.png", "home/wall.jpg",
            ])
        #expect(paths.last == "people/omar.jpg")
        // Every one is a picture the demo can draw.
        #expect(paths.allSatisfy { DemoPicture(path: $0) != nil })
    }

    @Test func picturesHaveTheirSizesAndFormats() {
        let assets = ShowAssets.demo()
        let expected: [(AssetPath, Int, Int, PixelFormat)] = [
            ("launch/left-p.png", 540, 1920, .xrgb8888), ("launch/right-l.png", 960, 1080, .xrgb8888),
            ("launch/bg-p.png", 1080, 1920, .xrgb8888), ("launch/bg-l.png", 1920, 1080, .xrgb8888),
            ("home/wall.jpg", 1920, 1080, .xrgb8888), ("icons/people.png", 160, 160, .argb8888),
            ("books/glass/cover.jpg", 400, 600, .xrgb8888), ("books/stars/8.jpg", 600, 900, .xrgb8888),
            ("people/kofi.jpg", 240, 240, .xrgb8888),
        ]
        for (path, w, h, format) in expected {
            let s = assets.image(path)
            #expect((s.width, s.height, s.format) == (w, h, format), "\(path)")
        }
        #expect(assets.takeWarnings() == [])
    }

    @Test func cachedPicturesAreTheSameSurface() {
        let assets = ShowAssets.demo()
        #expect(assets.image("icons/menu.png") === assets.image("icons/menu.png"))
    }

    @Test func aSmallBudgetDropsAndRedrawsIdentically() {
        let assets = ShowAssets.demo(budgetBytes: 200 * 1024)
        let first = assets.image("people/mira.jpg")
        _ = assets.image("people/omar.jpg")  // 240 * 256 * 4 bytes each: mira is dropped
        let again = assets.image("people/mira.jpg")
        #expect(first !== again)
        #expect(bytes(first) == bytes(again))
    }

    @Test func unknownPathIsThePlaceholderWithOneWarning() {
        let assets = ShowAssets.demo()
        let s = assets.image("icons/nope.png")
        #expect((s.width, s.height) == (64, 64))
        #expect(s[32, 1] == Placeholder.ink && s[10, 20] == Placeholder.background)
        #expect(assets.image("icons/nope.png") === s)
        #expect(assets.takeWarnings() == ["icons/nope.png: not a picture of the demo show"])
        _ = assets.image("icons/nope.png")
        #expect(assets.takeWarnings() == [])
    }

    @Test func picturesAreDeterministic() {
        let paths = [
            "launch/right-p.png", "home/wall.jpg", "icons/atlas.png", "books/atlas/cover.jpg", "books/stars/3.jpg",
            "people/yara.jpg",
        ]
        for path in paths {
            let picture = DemoPicture(path: path)!
            let a = picture.draw(text: DemoTextPainter())
            let b = picture.draw(text: DemoTextPainter())
            #expect(bytes(a) == bytes(b), "\(path)")
        }
    }

    @Test func iconsAreTransparentOutsideTheirRoundedSquare() {
        let icon = ShowAssets.demo().image("icons/home.png")
        #expect(icon[0, 0] == 0)  // the corner is outside the rounded square
        #expect(icon[2, 80] == 0)  // so is the margin
        #expect(icon[80, 150] >> 24 == 0xFF)  // inside, opaque
        #expect(icon[80, 60] == 0xFFFF_FFFF)  // the house is white
    }

    @Test func theDoorsMeetInOneSun() {
        // The half-suns touch the seam: the left door's last column and the right door's
        // first column are the same brass at mid height.
        let assets = ShowAssets.demo()
        let left = assets.image("launch/left-p.png")
        let right = assets.image("launch/right-p.png")
        #expect(left[539, 960] == right[0, 960])
        #expect(left[539, 960] == 0xFFF3_DFA8)  // the sun's pale centre
        #expect(left[0, 960] != left[539, 960])
    }
}

/// A 32-bit surface's pixels, row by row (without stride padding).
func bytes(_ s: Surface) -> [UInt32] {
    var out: [UInt32] = []
    s.withRows(as: UInt32.self) { _, row in out += row }
    return out
}
