import ConfigFile
import Display
import Logging
import Testing
import VitrineTestSupport

@testable import Runtime
@testable import Scenes

/// The kiosk's loop gives the scene the gaps between frames to fetch ahead
/// (`PlayableScene.prepareAhead()`): a book resting on a page has the pages a turn either
/// way draws fetched, one a tick, with nothing drawn for it, and then the loop sleeps.
/// Real time, well under a second.
@Suite(.serialized) struct KioskLookAheadTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test func aBookAtRestFetchesItsNextPagesThenSleeps() throws {
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.resume = "book:atlas@0"
        settings.paintThreads = 0
        let show = try ShowPlayback.load(folder: nil)
        let k = try Kiosk(
            settings: settings, display: HeadlessDisplay(width: 800, height: 480), signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in show }, textRasterizer: nil, notify: { _ in },
            logger: Self.quiet)
        // Wakes the loop's poll now and then, so that a loop with nothing to do returns.
        k.watchdogTimer.arm(after: 0.02, every: 0.02)
        try k.frame(at: 0, force: true)
        let afterFirstFrame = show.pictures.made
        k.prepareAhead()
        let book = try #require((k.scene as? ShowScene)?.screen as? BookScreen)
        #expect(book.page == 0 && k.aheadPending, "the book rests on its first spread and has pages to fetch")
        k.scheduleIfMoving()
        let drawn = k.framesDrawn
        let by = k.now + 30  // a bound only a hang crosses
        while k.aheadPending && k.now < by { try k.pollOnce() }
        #expect(!k.aheadPending)
        #expect(show.pictures.made > afterFirstFrame, "the next spread's pages resampled ahead")
        #expect(k.framesDrawn == drawn, "nothing on screen changed, nothing drawn")
        #expect(!book.prepareAhead(), "nothing left to fetch")
        // Then asleep: no frame and no fetch while nothing happens.
        let made = show.pictures.made
        let rest = k.now + 0.2
        while k.now < rest { try k.pollOnce() }
        #expect(k.framesDrawn == drawn && show.pictures.made == made && k.frameDeadline == nil)
    }
}
