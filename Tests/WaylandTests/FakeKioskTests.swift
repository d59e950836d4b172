import Glibc
import Testing
import VitrineTestSupport

/// The real `vitrine run` against the fake compositor (Tests/WaylandFake): each fault
/// ends in the exit status and log line the Architecture article's "Displays" promises, and the
/// faults the kiosk rides out (storms, tiny sizes, held buffers) leave it drawing at the
/// right size into buffers the compositor gave back.
@Suite(.serialized, .enabled(if: FakeCompositor.isBuilt, "the WaylandFake compositor is not built"))
struct FakeKioskTests {
    static let root = "/" + String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
    static let kioskBoard = root + "/board/wayland-kiosk.toml"
    static let desktopBoard = root + "/board/wayland-desktop.toml"
    let vitrine = ChildProcess.vitrineBinary()

    /// `vitrine run` as the fake's client, its control socket in the fake's folder.
    func kiosk(_ fake: FakeCompositor, board: String = Self.kioskBoard, _ extra: [String] = []) throws -> ChildProcess {
        try ChildProcess(
            [vitrine, "run", "--board", board, "--control", fake.runtime + "/control", "--wait-for-display", "0"] + extra,
            environment: ChildProcess.inheritedEnvironment().filter {
                !$0.hasPrefix("WAYLAND_DISPLAY=") && !$0.hasPrefix("XDG_RUNTIME_DIR=")
            } + fake.clientEnvironment)
    }

    func status(_ fake: FakeCompositor) throws -> [String: String] {
        try KioskStatus(vitrine: vitrine, control: fake.runtime + "/control").read()
    }

    /// Waits (hang bound 60 s) for the kiosk to end; its exit status, or 128 + signal.
    func exit(_ kiosk: ChildProcess) -> Int32? {
        guard kiosk.wait(timeout: 60) else {
            Issue.record("the kiosk still runs: \(kiosk.standardError)")
            return nil
        }
        return kiosk.exitStatus ?? 128 + (kiosk.terminatingSignal ?? 0)
    }

    @Test func aCompositorWithoutXdgWmBaseOrWlShmIs69NamingIt() throws {
        for global in ["xdg_wm_base", "wl_shm"] {
            let fake = try FakeCompositor("kiosk-no-\(global)", ["--no", global])
            let k = try kiosk(fake)
            #expect(exit(k) == 69, "\(global): \(k.standardError)")
            #expect(
                k.standardError.contains("Error: no usable display: the Wayland compositor at \(fake.socketPath) offers no \(global)"),
                "\(k.standardError)")
        }
    }

    /// Hung up at each stage of startup, or once the show runs: exit 75 (a restart is
    /// worth it: the compositor answered, so it may be back), one error line saying it
    /// went away, no crash.
    @Test func aDisconnectAtEveryStageIs75() throws {
        for stage in ["registry", "bind", "toplevel", "configure", "commit", "running"] {
            let fake = try FakeCompositor(
                "kiosk-gone-\(stage)", stage == "running" ? [] : ["--disconnect-at", stage])
            let k = try kiosk(fake)
            if stage == "running" {
                try #require(fake.waitFor("commit 1 "))
                try fake.send("disconnect")
            }
            #expect(exit(k) == 75, "\(stage): \(k.standardError)")
            let errors = k.standardError.split(separator: "\n").filter { $0.hasPrefix("Error: ") || $0.hasPrefix("error: ") }
            #expect(errors.count == 1, "\(stage): \(k.standardError)")
            #expect(errors.first?.contains("the Wayland compositor at \(fake.socketPath) went away") == true, "\(stage): \(errors)")
        }
    }

    @Test func aProtocolErrorIsExit1NamingInterfaceObjectAndCode() throws {
        let fake = try FakeCompositor("kiosk-error")
        let k = try kiosk(fake)
        try #require(fake.waitFor("commit 1 "))
        try fake.send("error")
        #expect(exit(k) == 1, "\(k.standardError)")
        let id = try #require(surfaceID(fake))
        #expect(k.standardError.contains("Error: wayland: protocol error on wl_surface@\(id): code 2 (fake: buffer size is invalid)"), "\(k.standardError)")
    }

    @Test func aCloseRequestIsACleanStop() throws {
        let fake = try FakeCompositor("kiosk-close")
        let k = try kiosk(fake)
        try #require(fake.waitFor("commit 1 "))
        try fake.send("close")
        #expect(exit(k) == 0, "\(k.standardError)")
        #expect(k.standardError.contains("wayland: the window was closed (xdg_toplevel.close): stopping"), "\(k.standardError)")
    }

    /// Touch and clicks through the compositor's wl_seat reach the show: a tap (wl_touch
    /// down, frame, up, frame) on the Books tile, where the demo tour taps it, opens the
    /// folder; `ctl home` closes it; a click (wl_pointer enter and left button, one finger
    /// with `pointer_as_touch`) there opens it again.
    @Test func touchAndClicksThroughTheSeatOpenTheFolder() throws {
        let fake = try FakeCompositor("kiosk-seat")
        let k = try kiosk(fake)
        defer { kill(k.pid, SIGTERM) }
        let (x, y) = try DemoTourTaps(vitrine: vitrine, root: Self.root, folder: fake.runtime + "/tour").point("open the folder")

        _ = try ChildProcess.run([vitrine, "ctl", "home", "--socket", fake.runtime + "/control"])
        let home = try waitForStatus(fake) { $0["screen"] == "home" && $0["animating"] == "false" }
        try fake.send("tap \(x) \(y)")
        let folder = try waitForStatus(fake) { $0["screen"] == "folder:books" && $0["animating"] == "false" }
        #expect(folder["screen"] == "folder:books", "\(folder)")
        #expect(Int(folder["touch_began"] ?? "") == Int(home["touch_began"] ?? "")! + 1, "\(folder)")
        #expect(folder["touch_down"] == "0")

        _ = try ChildProcess.run([vitrine, "ctl", "home", "--socket", fake.runtime + "/control"])
        _ = try waitForStatus(fake) { $0["screen"] == "home" && $0["animating"] == "false" }
        try fake.send("click \(x) \(y)")
        let again = try waitForStatus(fake) { $0["screen"] == "folder:books" && $0["animating"] == "false" }
        #expect(again["screen"] == "folder:books", "\(again)")
        #expect(again["touch_down"] == "0")
        #expect(k.standardError.contains(": touch, pointer"), "the seat logged: \(k.standardError)")
        kill(k.pid, SIGTERM)
        #expect(exit(k) == 0, "\(k.standardError)")
    }

    /// Every touch point of wl_touch reaches the kiosk's tracker as its own finger: two
    /// down at once over the wallpaper, where a tap opens nothing (compositor ids 7 and
    /// 9), one moved, one lifted, then wl_touch.cancel
    /// takes the other back: counted as two begun, one ended, one cancelled, none left
    /// down, and nothing opened by the cancelled one.
    @Test func everyTouchPointThroughTheSeat() throws {
        let fake = try FakeCompositor("kiosk-touch-points")
        let k = try kiosk(fake)
        defer { kill(k.pid, SIGTERM) }
        _ = try ChildProcess.run([vitrine, "ctl", "home", "--socket", fake.runtime + "/control"])
        let home = try waitForStatus(fake) { $0["screen"] == "home" && $0["animating"] == "false" }
        func count(_ s: [String: String], _ key: String) -> Int { Int(s[key] ?? "") ?? -1 }

        try fake.send("touch-down 7 300 120")
        try fake.send("touch-down 9 600 120")
        let two = try waitForStatus(fake) { $0["touch_down"] == "2" }
        #expect(count(two, "touch_most_down") >= 2, "\(two)")
        try fake.send("touch-move 7 330 130")
        try fake.send("touch-up 9")
        _ = try waitForStatus(fake) { $0["touch_down"] == "1" }
        try fake.send("touch-cancel")
        let after = try waitForStatus(fake) { $0["touch_down"] == "0" }
        #expect(count(after, "touch_began") == count(home, "touch_began") + 2, "\(after)")
        #expect(count(after, "touch_ended") == count(home, "touch_ended") + 1, "\(after)")
        #expect(count(after, "touch_cancelled") == count(home, "touch_cancelled") + 1, "\(after)")
        #expect(after["screen"] == "home", "\(after)")
        kill(k.pid, SIGTERM)
        #expect(exit(k) == 0, "\(k.standardError)")
    }

    /// Seats and their capabilities coming and going under the running kiosk: a finger
    /// down when the seat loses touch (`caps`), or when the seat itself goes
    /// (`seat-remove`), is cancelled (nothing stays down, nothing opens), the log says what
    /// changed, and once touch is back (the capability, or a new seat global) a tap on the
    /// Books tile opens the folder.
    @Test func seatsAndCapabilitiesComingAndGoing() throws {
        let fake = try FakeCompositor("kiosk-seat-changes")
        let k = try kiosk(fake)
        defer { kill(k.pid, SIGTERM) }
        let (x, y) = try DemoTourTaps(vitrine: vitrine, root: Self.root, folder: fake.runtime + "/tour").point("open the folder")
        let control = fake.runtime + "/control"
        _ = try ChildProcess.run([vitrine, "ctl", "home", "--socket", control])
        let home = try waitForStatus(fake) { $0["screen"] == "home" && $0["animating"] == "false" }
        let cancelled = Int(home["touch_cancelled"] ?? "")!

        for (loss, back, said) in [("caps 1", "caps 5", "fake-seat: no touch, pointer"), ("seat-remove", "seat-add", "fake-seat removed")] {
            try fake.send("touch-down 0 \(x) \(y)")
            _ = try waitForStatus(fake) { $0["touch_down"] == "1" }
            try fake.send(loss)
            let lost = try waitForStatus(fake) { $0["touch_down"] == "0" }
            #expect(lost["screen"] == "home", "\(loss): a cancelled touch opens nothing: \(lost)")
            #expect(Int(lost["touch_cancelled"] ?? "")! > cancelled, "\(loss): \(lost)")
            let touches = fake.count("seat get_touch")
            try fake.send(back)
            // The kiosk has its touch again once the fake hands one out.
            #expect(fake.waitFor("seat get_touch", count: touches + 1), "\(back): no wl_touch asked for")
            try fake.send("tap \(x) \(y)")
            let folder = try waitForStatus(fake) { $0["screen"] == "folder:books" && $0["animating"] == "false" }
            #expect(folder["touch_down"] == "0", "\(back): \(folder)")
            #expect(k.standardError.contains(said), "\(loss): \(k.standardError)")
            _ = try ChildProcess.run([vitrine, "ctl", "home", "--socket", control])
            _ = try waitForStatus(fake) { $0["screen"] == "home" && $0["animating"] == "false" }
        }
        kill(k.pid, SIGTERM)
        #expect(exit(k) == 0, "\(k.standardError)")
    }

    /// Under a compositor that behaves as Debian 12's cage 0.1.4 does (frame callbacks
    /// answered only for commits with damage, touch without wl_touch.frame), the launch
    /// plays to the home screen at rest (its still frames still get their callbacks) and a
    /// tap on the Books tile opens the folder, counted as one whole touch. What it guards
    /// against: a kiosk waiting for frame callbacks cage does not send for still frames
    /// (standing in its launch) and for wl_touch.frame events it never sends (deaf to
    /// touch).
    @Test func underACompositorLikeCage014TheLaunchEndsAndATapOpensTheFolder() throws {
        let fake = try FakeCompositor("kiosk-cage", ["--frames", "damage"])
        let k = try kiosk(fake)
        defer { kill(k.pid, SIGTERM) }
        let (x, y) = try DemoTourTaps(vitrine: vitrine, root: Self.root, folder: fake.runtime + "/tour").point("open the folder")

        let home = try waitForStatus(fake) { $0["screen"] == "home" && $0["animating"] == "false" }
        #expect(home["screen"] == "home", "the launch over: \(home)")
        try fake.send("bare-tap \(x) \(y)")
        let folder = try waitForStatus(fake) { $0["screen"] == "folder:books" && $0["animating"] == "false" }
        #expect(folder["screen"] == "folder:books", "\(folder)")
        #expect(Int(folder["touch_began"] ?? "") == Int(home["touch_began"] ?? "")! + 1, "\(folder)")
        #expect(Int(folder["touch_ended"] ?? "") == Int(home["touch_ended"] ?? "")! + 1, "\(folder)")
        #expect(folder["touch_down"] == "0")
        #expect(k.standardError.contains("touch events came without wl_touch.frame"), "\(k.standardError)")
        #expect(fake.violations.isEmpty, "\(fake.violations)")
        kill(k.pid, SIGTERM)
        #expect(exit(k) == 0, "\(k.standardError)")
    }

    /// A window first configured 1x1 draws nothing and says why; a usable size draws.
    @Test func aTinyWindowWaitsForAUsableSize() throws {
        let fake = try FakeCompositor("kiosk-tiny", ["--size", "1x1"])
        let k = try kiosk(fake)
        defer { kill(k.pid, SIGTERM) }
        #expect(
            fake.wait(timeout: 60) { _ in k.standardError.contains("window 1x1 can't hold the show") },
            "\(k.standardError)")
        _ = try waitForStatus(fake) { $0["state"] == "running" }
        #expect(fake.commits.isEmpty, "nothing drawn at 1x1")
        try fake.send("configure 400 300")
        #expect(fake.wait(timeout: 60) { _ in fake.commits.contains { $0.width == 400 && $0.height == 300 } })
        #expect(try waitForStatus(fake) { $0["panel"] == "400x300" }["panel"] == "400x300")
        #expect(fake.violations.isEmpty, "\(fake.violations)")
        kill(k.pid, SIGTERM)
        #expect(exit(k) == 0, "\(k.standardError)")
    }

    /// 100 configures in a second on a window at home: the kiosk lays the show out at
    /// the last size, never commits a size it did not ack last, keeps at most its 2
    /// buffers alive and still runs.
    @Test func aConfigureStormRelaysOutAtTheLastSize() throws {
        let fake = try FakeCompositor("kiosk-storm")
        let k = try kiosk(fake, board: Self.desktopBoard)
        defer { kill(k.pid, SIGTERM) }
        try #require(fake.waitFor("commit 1 800x480"), "\(k.standardError)")
        try fake.send("storm 100 640 400")
        try #require(fake.waitFor("storm done", timeout: 60))
        #expect(fake.wait(timeout: 60) { _ in lastCommitFollowsLastConfigure(fake) }, "no frame after the storm")
        let last = try #require(fake.commits.last)
        #expect(last.width == 640 && last.height == 400, "the last size wins")
        #expect(try waitForStatus(fake) { $0["panel"] == "640x400" }["panel"] == "640x400")
        let stats = try fake.stats()
        #expect(fake.violations.isEmpty, "\(fake.violations)")
        #expect((stats["live_max"] ?? 99) <= 2, "\(stats)")
        #expect((stats["pools"] ?? 0) <= fake.commits.count, "a pool per frame at most: \(stats)")
        kill(k.pid, SIGTERM)
        #expect(exit(k) == 0, "\(k.standardError)")
    }

    /// The demo show written out with doors that take `duration` seconds to open and no
    /// hold before: the launch animates that long from its start.
    func slowDoors(_ name: String, duration: Double) throws -> String {
        let dir = "/tmp/vitrine-fake-show-\(getpid())-\(name)"
        _ = try ChildProcess.run(["/bin/rm", "-rf", dir])
        let made = try ChildProcess.run([vitrine, "show", "init", dir])
        try #require(made.status == 0, "show init: \(made.stderr)")
        let edit = try ChildProcess.run(
            ["/bin/sed", "-i", "-e", "s/^hold = .*/hold = 0/", "-e", "s/^duration = .*/duration = \(duration)/", dir + "/show.toml"])
        try #require(edit.status == 0)
        return dir
    }

    /// A compositor that holds every buffer while the doors open (30 s): the kiosk waits
    /// (no third commit, no third buffer, no exit), and once they are given back draws
    /// on into them, never into one still held (the fake checks each held buffer's
    /// pixels).
    @Test func heldBuffersMakeTheKioskWait() throws {
        let fake = try FakeCompositor("kiosk-held", ["--release", "manual"])
        let show = try slowDoors("held", duration: 30)
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", show]) }
        let k = try kiosk(fake, ["--show", show])
        defer { kill(k.pid, SIGTERM) }
        // The first two frames, then both buffers are held.
        #expect(fake.wait(timeout: 60) { _ in fake.commits.count == 2 }, "\(fake.lines)")
        try #require(fake.waitFor("done", count: 2), "the second frame's callback")
        usleep(1_000_000)  // the doors move meanwhile: nothing may be drawn
        #expect(fake.commits.count == 2, "drew with every buffer held: \(fake.commits)")
        try fake.send("release")
        #expect(fake.wait(timeout: 60) { _ in fake.commits.count >= 4 }, "drawing again after the release")
        let stats = try fake.stats()
        #expect(stats["pools"] == 1 && stats["buffers"] == 2, "nothing allocated: \(stats)")
        #expect(fake.violations.isEmpty, "\(fake.violations)")
        #expect(k.exitStatus == nil && k.terminatingSignal == nil, "the kiosk ended: \(k.standardError)")
        kill(k.pid, SIGTERM)
        #expect(exit(k) == 0, "\(k.standardError)")
    }

    /// Waits (hang bound 60 s) until the kiosk's status satisfies `check`.
    func waitForStatus(_ fake: FakeCompositor, _ check: ([String: String]) -> Bool) throws -> [String: String] {
        try KioskStatus(vitrine: vitrine, control: fake.runtime + "/control").wait("the kiosk's status", check)
    }
}
