import Assets
import Compositor
import ConfigFile
import Display
import Glibc
import LinuxSystem
import Logging
import Raster
import Scenes
import Testing
import VitrineTestSupport

@testable import Runtime

/// `vitrine run --watch` through the kiosk's loop, with real file operations on a show
/// folder under /tmp: an edit reloads on the screen shown; a bad edit keeps the last good
/// show under the banner, logged once; a good edit takes the banner away; saves by
/// rename and bursts of saves reload once a burst; a show folder deleted and made again,
/// or replaced by a symbolic link loop, keeps the kiosk running and comes back; a queue
/// overflow reloads once. Real time: each waits for the loop with a bound only a hang
/// crosses.
@Suite(.serialized) struct KioskWatchTests {
    /// A show with pictures in a folder of their own (`pics/wall.png`, 8x6) and a folder
    /// screen (`folder:maps`), titled `title`.
    static func manifest(title: String) -> String {
        """
        title = "\(title)"
        [home]
        wallpaper = "pics/wall.png"
        tiles = [ { title = "Maps", icon = "pics/wall.png", open = "folder:maps" } ]

        [[folder]]
        id = "maps"
        title = "Maps"
        tiles = [ { title = "Home", icon = "pics/wall.png", open = "home" } ]

        """
    }

    /// A kiosk watching its show folder, the loop woken every 20 ms, its reload
    /// attempts (RELOADING=1) and its log lines counted.
    final class Fixture {
        let dir: String
        let kiosk: Kiosk
        let log: LogCollector
        private let attempts: Counter

        final class Counter {
            var count = 0
        }

        /// Reloads tried (each says RELOADING=1), good or bad.
        var reloadAttempts: Int { attempts.count }

        init(_ name: String, resume: String = "folder:maps") throws {
            dir = "/tmp/vitrine-watch-\(getpid())-\(name)"
            _ = try? FileTree.remove(dir)
            try Self.writeShow(dir, title: "First")
            var settings = KioskSettings(mount: .upright, idleReset: 0)
            settings.watchdogInterval = 0.1
            settings.paintThreads = 0
            settings.resume = resume
            settings.watchFolder = dir
            let dir = dir
            let log = LogCollector()
            let attempts = Counter()
            self.log = log
            self.attempts = attempts
            kiosk = try Kiosk(
                settings: settings, display: HeadlessDisplay(width: 320, height: 192), signals: SignalFD(),
                loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: dir) },
                textRasterizer: AssetsTextRasterizer(),
                notify: { state in if state == "RELOADING=1" { attempts.count += 1 } },
                logger: Logger(label: "test", factory: { _ in log }))
            kiosk.watchdogTimer.arm(after: 0.02, every: 0.02)
            try kiosk.frame(at: 0, force: true)
            kiosk.scheduleIfMoving()
        }

        deinit { _ = try? FileTree.remove(dir) }

        /// Writes the folder (made if missing), `pics/wall.png` and show.toml.
        static func writeShow(_ dir: String, title: String) throws {
            mkdir(dir, 0o755)
            mkdir(dir + "/pics", 0o755)
            let wall = try Surface(width: 8, height: 6, format: .xrgb8888)
            wall.fill(0xff33_6699)
            try PNG.write(wall, to: dir + "/pics/wall.png")
            FileTree.write(dir + "/show.toml", KioskWatchTests.manifest(title: title))
        }

        var title: String { (kiosk.program as? ShowPlayback)?.title ?? "?" }
        var status: [String: String] { kiosk.statusValues }

        /// Runs the loop until `done`, at most `bound` seconds (a hang bound).
        func run(until done: () -> Bool, bound: Double = 30) throws {
            let by = kiosk.now + bound
            while !done() && kiosk.now < by { try kiosk.pollOnce() }
        }

        /// Runs the loop for `seconds`: time for a reload that should not come to come.
        func run(for seconds: Double) throws {
            let by = kiosk.now + seconds
            while kiosk.now < by { try kiosk.pollOnce() }
        }

        /// The banner's layer in the layer tree on screen, if any.
        var bannerInTree: Layer? {
            kiosk.pipeline.compositor.root.sublayers.first { $0.name == ReloadBanner.name }
        }
    }

    @Test func anEditReloadsOnTheScreenShown() throws {
        let f = try Fixture("edit")
        #expect(f.status["screen"] == "folder:maps")
        #expect(f.status["reloads"] == "0" && f.status["reload_error"] == "none")
        FileTree.write(f.dir + "/show.toml", Self.manifest(title: "Second"))
        try f.run(until: { f.kiosk.reloads == 1 })
        #expect(f.kiosk.reloads == 1)
        #expect(f.title == "Second")
        #expect(f.status["screen"] == "folder:maps")
        #expect(f.status["reloads"] == "1")
        // A picture in its own folder (pics/) rewritten: the show reloads too.
        let wall = try Surface(width: 8, height: 6, format: .xrgb8888)
        wall.fill(0xff99_3366)
        try PNG.write(wall, to: f.dir + "/pics/wall.png")
        try f.run(until: { f.kiosk.reloads == 2 })
        #expect(f.kiosk.reloads == 2)
        // A file the show does not name (an editor's swap file) reloads nothing.
        FileTree.write(f.dir + "/.show.toml.swp", "x")
        FileTree.write(f.dir + "/pics/notes.txt", "x")
        try f.run(for: 0.6)
        #expect(f.reloadAttempts == 2)
        #expect(f.status["screen"] == "folder:maps")
    }

    @Test func aBadEditKeepsTheShowUnderTheBannerLoggedOnceUntilAGoodOne() throws {
        let f = try Fixture("bad")
        let frames = f.kiosk.framesDrawn
        FileTree.write(f.dir + "/show.toml", "title = \"Broken\"\n[home\n")
        try f.run(until: { f.kiosk.reloadError != nil && f.kiosk.framesDrawn > frames })
        let error = try #require(f.kiosk.reloadError)
        #expect(error.contains("show.toml:2:"), "\(error)")
        #expect(f.status["reload_error"] == error)
        #expect(f.status["reloads"] == "0")
        #expect(f.title == "First")
        #expect(f.status["screen"] == "folder:maps")
        let banner = try #require(f.bannerInTree)
        #expect(banner === f.kiosk.reloadBanner?.layer)
        #expect(banner.zPosition == ReloadBanner.zPosition)
        #expect(f.kiosk.framesDrawn > frames)
        // The same error again (another save that does not mend it): not logged again.
        FileTree.write(f.dir + "/show.toml", "title = \"Broken\"\n[home\n")
        try f.run(until: { f.reloadAttempts == 2 })
        #expect(f.reloadAttempts == 2)
        #expect(f.log.lines.filter { $0.hasPrefix("reload:") }.count == 1, "\(f.log.lines)")
        #expect(f.bannerInTree === banner)  // the same banner, not drawn again
        // A good edit: the banner goes, the new show plays.
        FileTree.write(f.dir + "/show.toml", Self.manifest(title: "Mended"))
        try f.run(until: { f.kiosk.reloads == 1 })
        #expect(f.title == "Mended")
        #expect(f.kiosk.reloadError == nil && f.status["reload_error"] == "none")
        #expect(f.bannerInTree == nil && f.kiosk.reloadBanner == nil)
        #expect(f.status["screen"] == "folder:maps")
    }

    @Test func aSaveByRenameReloadsOnce() throws {
        let f = try Fixture("rename")
        // An editor's save: a new file beside the old, synced, renamed over it.
        FileTree.write(f.dir + "/.show.toml.new", Self.manifest(title: "Renamed"))
        #expect(rename(f.dir + "/.show.toml.new", f.dir + "/show.toml") == 0)
        try f.run(until: { f.kiosk.reloads == 1 })
        #expect(f.title == "Renamed")
        try f.run(for: 0.6)
        #expect(f.reloadAttempts == 1)
        // Again: the watch follows the folder, not the replaced file.
        FileTree.write(f.dir + "/show.toml~", Self.manifest(title: "Renamed again"))
        #expect(rename(f.dir + "/show.toml~", f.dir + "/show.toml") == 0)
        try f.run(until: { f.kiosk.reloads == 2 })
        #expect(f.title == "Renamed again")
    }

    @Test func aBurstOfSavesReloadsABoundedNumberOfTimes() throws {
        let f = try Fixture("burst")
        let started = MonotonicClock.now()
        // Gaps between two saves long enough to end a burst (a busy machine's stall):
        // each may reload once more.
        var last = started, quietGaps = 0
        for i in 0..<1000 {
            let now = MonotonicClock.now()
            if now - last >= ShowWatch.quiet { quietGaps += 1 }
            last = now
            if i % 2 == 0 {
                FileTree.write(f.dir + "/show.toml", Self.manifest(title: "Save \(i)"))
            } else {
                FileTree.write(f.dir + "/show.tmp", Self.manifest(title: "Save \(i)"))
                rename(f.dir + "/show.tmp", f.dir + "/show.toml")
            }
            try f.kiosk.pollOnce()
        }
        let elapsed = MonotonicClock.now() - started
        try f.run(until: { f.title == "Save 999" })
        try f.run(for: 0.6)
        #expect(f.title == "Save 999")
        // One reload a burst, and a burst that does not end reloads at most once a
        // `longest`: a count, whatever the machine's speed and however often it stalls.
        let most = Int((elapsed / ShowWatch.longest).rounded(.up)) + quietGaps + 2
        #expect(
            f.kiosk.reloads >= 1 && f.kiosk.reloads <= most,
            "\(f.kiosk.reloads) reloads in \(elapsed) s, \(quietGaps) quiet gaps")
        #expect(f.reloadAttempts == f.kiosk.reloads)
        #expect(f.kiosk.reloadError == nil)
    }

    @Test func aShowFolderDeletedAndMadeAgain() throws {
        let f = try Fixture("gone")
        try FileTree.remove(f.dir)
        try f.run(until: { f.kiosk.reloadError != nil })
        let error = try #require(f.kiosk.reloadError)
        #expect(error.contains("ENOENT"), "\(error)")
        #expect(f.bannerInTree != nil)
        #expect(f.title == "First" && f.status["show"] == f.dir)
        #expect(f.kiosk.watch?.folderProblem?.errno == ENOENT)
        try f.run(for: 0.3)
        // Back: the folder's own folder sees it made; the watch is armed anew.
        try Fixture.writeShow(f.dir, title: "Back")
        try f.run(until: { f.title == "Back" && f.kiosk.reloadError == nil })
        #expect(f.title == "Back")
        #expect(f.bannerInTree == nil)
        #expect(f.kiosk.watch?.folderProblem == nil)
        #expect(f.status["screen"] == "folder:maps")
        // And watched again: an edit in the new folder reloads.
        let reloads = f.kiosk.reloads
        FileTree.write(f.dir + "/show.toml", Self.manifest(title: "Edited"))
        try f.run(until: { f.kiosk.reloads > reloads })
        #expect(f.title == "Edited")
    }

    @Test func aShowFolderReplacedByASymbolicLinkLoop() throws {
        let f = try Fixture("loop")
        try FileTree.remove(f.dir)
        #expect(symlink(f.dir, f.dir) == 0)  // the link names itself
        try f.run(until: { f.kiosk.reloadError?.contains("ELOOP") == true })
        let error = try #require(f.kiosk.reloadError)
        #expect(error.contains("ELOOP"), "\(error)")
        #expect(f.bannerInTree != nil)
        #expect(f.title == "First")
        try f.run(for: 0.3)  // the burst's last events
        let (attempts, lines) = (f.reloadAttempts, f.log.lines.count)
        // Looked at again every second, reloaded only once it is a folder again; nothing
        // more logged meanwhile.
        try f.run(for: 2.5)
        #expect(f.reloadAttempts == attempts)
        #expect(f.log.lines.count == lines, "\(f.log.lines.suffix(3))")
        unlink(f.dir)
        try Fixture.writeShow(f.dir, title: "Unlooped")
        try f.run(until: { f.title == "Unlooped" })
        #expect(f.kiosk.reloadError == nil && f.bannerInTree == nil)
    }

    @Test func aQueueOverflowReloadsOnce() throws {
        let f = try Fixture("overflow")
        // More events than the kernel queues (its max_queued_events), none read meanwhile:
        // names the show does not know, made and removed.
        let limit = Int(FileTree.read("/proc/sys/fs/inotify/max_queued_events").split(separator: "\n").first ?? "") ?? 16384
        for i in 0..<(limit / 3 + 100) {
            let path = f.dir + "/junk\(i)"
            FileTree.write(path, "")
            unlink(path)
        }
        try f.run(until: { f.kiosk.reloads == 1 })
        #expect((f.kiosk.watch?.overflows ?? 0) >= 1)
        try f.run(for: 0.6)
        #expect(f.kiosk.reloads == 1 && f.reloadAttempts == 1)
        #expect(f.status["screen"] == "folder:maps")
    }

    @Test func everyReloadCountsAndTheLastOneSaysItsError() throws {
        let f = try Fixture("count", resume: "home")
        #expect(f.kiosk.command("reload") == ["ok show=\(f.dir)"])
        #expect(f.status["reloads"] == "1")
        // SIGHUP, to this thread (where the kiosk's signalfd blocks it).
        #expect(pthread_kill(pthread_self(), SIGHUP) == 0)
        try f.run(until: { f.kiosk.reloads == 2 })
        #expect(f.status["reloads"] == "2")
        FileTree.write(f.dir + "/show.toml", "title = 7\n")
        let reply = f.kiosk.command("reload")
        #expect(reply.first?.hasPrefix("error: ") == true && reply.first?.contains("show.toml:1:") == true, "\(reply)")
        #expect(f.status["reloads"] == "2")
        #expect(f.status["reload_error"]?.contains("show.toml:1:") == true)
    }

    @Test func theWatchPlansTheShowFolderItsFolderAndThePicturesWays() throws {
        let watch = try ShowWatch(folder: "/tmp/shows/museum/")
        #expect(watch.folder == "/tmp/shows/museum")
        let plan = watch.plan(pictures: ["wall.png", "pics/a.png", "pics/deep/b.png", "./pics/c.png"])
        #expect(plan.map(\.path) == ["/tmp/shows", "/tmp/shows/museum", "/tmp/shows/museum/pics", "/tmp/shows/museum/pics/deep"])
        #expect(plan.map(\.names) == [["museum"], ["show.toml", "wall.png", "pics"], ["a.png", "deep", "c.png"], ["b.png"]])
        #expect(try ShowWatch(folder: "museum").parentFolder == ".")
        #expect(try ShowWatch(folder: "/museum").parentFolder == "/")
        #expect(try ShowWatch(folder: "/").parentFolder == nil)
    }

    @Test func aMissingShowFolderIsATypedErrorNamingThePath() throws {
        let inotify = try Inotify()
        #expect(throws: SystemCallError("inotify_add_watch /nonexistent/vitrine-watch", errno: ENOENT)) {
            _ = try inotify.addWatch("/nonexistent/vitrine-watch", [.create, .onlyDirectory])
        }
    }
}
