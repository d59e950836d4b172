import Compositor
import Raster
import Show
import ShowDemo
import Testing

@testable import Scenes

/// The resampled pictures' resting budget (part of the memory budget): once a screen has
/// gone, the cache keeps the pictures the screens in the tree show and, beyond them, only
/// what fits one screen's pixels in all (`ShowPictures.settle(showing:)`).
@Suite struct ShowPicturesRestTests {
    static let show = DemoShow.show
    static var atlas: Book { show.book(id: "atlas")! }

    /// Shown pictures stay whatever their size; kept ones go, least recently used
    /// first, until shown and kept take the resting budget at most.
    @Test func settleKeepsWhatIsShownAndTheNewestWithinTheRestingBudget() throws {
        let pictures = ShowPictures(assets: .demo())
        pictures.fitBudget(width: 800, height: 480)
        #expect(pictures.budgetBytes == 2 * 800 * 480 * 4)
        #expect(pictures.restingBytes == 2 << 20)  // one 800x480 screen is 1.46 MiB: the floor
        let root = Layer(name: "root", frame: Rect2D(x: 0, y: 0, width: 800, height: 480))
        let wall = pictures.layer(name: "wall", path: Self.show.home.wallpaper, fill: root.frame)
        root.addSublayer(wall)
        // Three pages of 320x400 (512 000 bytes each), kept only, the oldest first: with
        // the wallpaper (1 536 000), just the working budget (3 072 000).
        let pages = Array(Self.atlas.pages.prefix(3))
        let page = 320 * 4 * 400
        for p in pages { _ = pictures.picture(p, width: 320, height: 400) }
        #expect(pictures.cachedBytes == 800 * 4 * 480 + 3 * page)
        // 1 536 000 shown + 512 000 kept = 2 048 000 <= 2 097 152; one more page is over.
        #expect(pictures.assets.picturesKept > 0)
        #expect(pictures.settle(showing: root) == 2 * page)
        // The originals go too: only resampled copies are shown.
        #expect(pictures.assets.picturesKept == 0)
        #expect(pictures.cachedBytes == 800 * 4 * 480 + page)
        #expect(pictures.isCached(Self.show.home.wallpaper) && pictures.isCached(pages[2]))
        #expect(!pictures.isCached(pages[0]) && !pictures.isCached(pages[1]))
        // A page shown beside the wallpaper: the kept one goes.
        let shown = Layer(name: "page0", frame: Rect2D(x: 0, y: 0, width: 320, height: 400))
        shown.contents = .image(pictures.picture(pages[0], width: 320, height: 400))
        root.addSublayer(shown)
        #expect(pictures.settle(showing: root) == page)
        #expect(pictures.isCached(pages[0]) && !pictures.isCached(pages[2]))
        // Shown pictures over the budget stay, hidden ones too (home under another screen).
        let second = Layer(name: "page1", frame: Rect2D(x: 320, y: 0, width: 320, height: 400))
        second.contents = .image(pictures.picture(pages[1], width: 320, height: 400))
        second.isHidden = true
        root.addSublayer(second)
        #expect(pictures.settle(showing: root) == 0)
        #expect(pictures.cachedBytes == 800 * 4 * 480 + 2 * page)
        // A miss over the working budget drops the oldest picture no layer holds (page 2,
        // fetched again here), not the wallpaper nor page 0, older but shown; shown
        // pictures never go, even when they alone are over it (page 1 at 800x480).
        _ = pictures.picture(pages[2], width: 320, height: 400)
        #expect(pictures.cachedBytes == 800 * 4 * 480 + 3 * page)
        _ = pictures.picture(pages[2], width: 160, height: 200)
        #expect(pictures.cachedBytes == 800 * 4 * 480 + 2 * page + 160 * 4 * 200)
        #expect(pictures.isCached(Self.show.home.wallpaper) && pictures.isCached(pages[0]))
        second.contents = .image(pictures.picture(pages[1], width: 800, height: 480))
        #expect(pictures.cachedBytes == 2 * 800 * 4 * 480 + 2 * page)
        #expect(pictures.cachedBytes > pictures.budgetBytes && pictures.isCached(Self.show.home.wallpaper))
    }

    /// A panel that turns rests at its working budget, three screens: the other
    /// orientation's wallpaper stays.
    @Test func aTurningPanelRestsAtThreeScreens() {
        let pictures = ShowPictures(assets: .demo())
        pictures.keepsBothOrientations = true
        pictures.fitBudget(width: 1920, height: 1080)
        #expect(pictures.restingBytes == 3 * 1920 * 1080 * 4 && pictures.restingBytes == pictures.budgetBytes)
    }

    /// The kiosk's way: home, a book opened from the home tile, back home. While the
    /// book is up the cache holds its pages, over the resting budget; once the book has
    /// gone (the update that ends its slide out), the resting budget, home's wallpaper
    /// (shown, kept known to the cache through the book) counted in it.
    @Test func backHomeTheCacheRests() throws {
        let h = try ShowHarness(
            show: Self.show, assets: .demo(), panelWidth: 800, panelHeight: 480, start: .home)
        let pictures = h.scene.pictures
        h.scene.open(.book("atlas"), time: 0)
        h.run(until: 1.0)
        #expect(h.scene.current == .book("atlas"))
        let onTheBook = pictures.cachedBytes
        #expect(onTheBook > pictures.restingBytes)
        h.scene.goHome(time: 1.0)
        h.run(until: 2.0)
        #expect(h.scene.current == .home && h.scene.screen == nil)
        #expect(pictures.cachedBytes <= pictures.restingBytes)
        #expect(pictures.isCached(Self.show.home.wallpaper))
    }
}
