import Compositor
import Raster
import Show
import ShowDemo
import Testing

@testable import Scenes

/// A cold start's first frame needs the launch doors only; home and the picture behind
/// the doors are made by the first update after t = 0 when the caller does not fetch
/// ahead (with it, in the gaps between frames: `ShowSceneFetchTests`; the pixels are the golden tests':
/// LaunchAndRevealGoldenTests); the resampled-picture cache keeps two screens' worth and
/// lets the launch's pictures go once the doors are gone.
@Suite struct LaunchBudgetTests {
    static func coldStart(width: Int = 800, height: Int = 480) -> (ShowScene, ShowPictures) {
        let pictures = ShowPictures(assets: .demo())
        let root = Layer(name: "root", frame: Rect2D(x: 0, y: 0, width: Double(width), height: Double(height)))
        let scene = ShowScene(
            show: DemoShow.show, assets: .demo(), root: root, width: width, height: height, pictures: pictures)
        return (scene, pictures)
    }

    @Test func firstFrameHasOnlyTheDoors() throws {
        let (scene, _) = Self.coldStart()
        let doors = try #require(scene.launch)
        #expect(doors.doorsAreOpaque)  // the demo's doors: what lets home wait
        #expect(scene.homeScreen == nil)
        // Opaque doors: the background would show nowhere, so it is never made.
        #expect(!doors.needsBackground && doors.background.contents == .none)
        // The runtime is asked for an update a frame later, well within the hold.
        let next = try #require(scene.nextChange)
        #expect(next > 0 && next < DemoShow.show.launch!.hold)
        scene.update(time: next)
        #expect(scene.homeScreen != nil)
        #expect(!doors.needsBackground && doors.background.contents == .none)
        #expect(scene.nextChange == DemoShow.show.launch!.hold)  // then asleep until the doors open
    }

    /// `finishStart()` makes at once, with no frame, what the gaps between frames have
    /// not made by the opening's start (`ShowSceneFetchTests` has the gaps).
    @Test func finishingTheStartMakesHomeWithoutAFrame() throws {
        let (scene, _) = Self.coldStart()
        scene.finishStart()
        #expect(scene.homeScreen != nil)
        #expect(try #require(scene.launch).needsBackground == false)
        #expect(scene.nextChange == DemoShow.show.launch!.hold)  // no frame asked before the doors open
        #expect(!scene.isAnimating)
    }

    @Test func homeIsBuiltWhenNeededSooner() {
        let (scene, _) = Self.coldStart()
        #expect(scene.homeScreen == nil)
        scene.goHome(time: 0)  // `ctl home` during the doors: home at once
        scene.update(time: 0)
        #expect(scene.homeScreen != nil && scene.launch == nil)
    }

    @Test func aTurnUnderTheDoorsKeepsHomeForLater() throws {
        let (scene, _) = Self.coldStart()
        scene.resize(width: 480, height: 800)
        #expect(scene.homeScreen == nil)
        scene.update(time: 0.1)
        #expect(scene.homeScreen != nil)
        #expect(try #require(scene.launch).needsBackground == false)
    }

    @Test func budgetIsTwoScreensAndTheLaunchIsLetGo() throws {
        let (scene, pictures) = Self.coldStart()
        #expect(pictures.budgetBytes == 2 * 800 * 480 * 4)
        scene.update(time: 0.1)
        let hold = DemoShow.show.launch!.hold, duration = DemoShow.show.launch!.duration
        scene.update(time: hold + duration / 2)
        let launchPaths = try #require(scene.launch).paths
        #expect(launchPaths.contains { pictures.isCached($0) })
        scene.update(time: hold + duration + 0.1)
        #expect(scene.launch == nil)
        #expect(!launchPaths.contains { pictures.isCached($0) })
        #expect(pictures.cachedBytes <= pictures.budgetBytes)
        // A small screen's budget has a floor of 2 MiB.
        let (_, small) = Self.coldStart(width: 320, height: 240)
        #expect(small.budgetBytes == 2 << 20)
    }

    @Test func sizesComeFromTheDesignWithoutDrawing() {
        let pictures = ShowPictures(assets: .demo())
        let s = pictures.size(DemoShow.show.home.wallpaper)
        #expect(s.width == 1920 && s.height == 1080)
        #expect(!pictures.isCached(DemoShow.show.home.wallpaper))
    }
}
