import Testing

@testable import Runtime
@testable import Scenes

/// The reload banner (`--watch`, a reload that failed) costs no heap allocation per
/// frame once drawn: its text is rasterized once, when it is set, and a frame that
/// redraws the scene under it (a folder opening and closing) draws the cached picture.
/// Counted as `SceneAllocationTests` counts (its harness: the demo show, a manual clock).
@Suite(.serialized) struct ReloadBannerAllocationTests {
    @Test func framesUnderTheBannerAllocateNothing() throws {
        let h = try SceneAllocationTests.Harness(resume: "home")
        let t = SceneAllocationTests()
        try h.run(for: 0.2)
        let home = HomeLayout(home: h.show.show.home, width: 400, height: 240)
        let tile = try #require(h.show.show.home.tiles.firstIndex { $0.open == .folder("books") })
        let folder = try #require(h.show.show.folder(id: "books"))
        let open = t.tap(home.tapPoint(tile))
        let close = t.tap(FolderRevealLayout(show: h.show.show, home: home, tile: tile, folder: folder).abovePanel)
        // Once without the banner: the folder's pictures made.
        try h.play(open)
        try h.run(until: { h.screen == "folder:books" && h.atRest })
        try h.play(close)
        try h.run(until: { h.screen == "home" && h.atRest })

        // The banner, as a watched show's failed reload sets it.
        h.kiosk.watch = try ShowWatch(folder: "/tmp/vitrine-banner-unwatched")
        h.kiosk.reloadError = "/tmp/show/show.toml:3: home.tiles[0].title: wants a string, not 7"
        h.kiosk.placeBanner()
        let banner = try #require(h.kiosk.reloadBanner?.layer)
        #expect(banner.superlayer === h.kiosk.pipeline.compositor.root)
        try h.run(for: 0.1)  // its first frame rasterizes its text
        t.expectNone(try h.run(for: 0.5), "home at rest under the banner")

        try h.play(open)
        try h.run(until: { h.played })
        let opening = try h.run(until: { h.atRest })
        #expect(h.screen == "folder:books" && opening.count > 10)
        t.expectNone(opening.dropFirst(SceneAllocationTests.settle), "the folder's reveal opening under the banner")
        try h.play(close)
        try h.run(until: { h.played })
        let closing = try h.run(until: { h.atRest })
        #expect(h.screen == "home")
        t.expectNone(closing.dropFirst(SceneAllocationTests.settle).dropLast(), "the folder closing under the banner")
        #expect(h.kiosk.reloadBanner?.layer === banner)
    }
}
