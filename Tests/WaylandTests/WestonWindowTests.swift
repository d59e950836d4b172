import Assets
import Glibc
import Raster
import Testing
import VitrineTestSupport

/// `vitrine run` fullscreen in a real weston 10 (headless, pixman, desktop shell):
/// what the output shows is what `vitrine render` draws for the same frame; the kiosk
/// draws nothing while nothing moves; a compositor gone is exit 75, none at all exit 69.
@Suite(.serialized, .enabled(if: Weston.isInstalled, "weston 10 and weston-screenshooter are not installed"))
struct WestonWindowTests {
    static let root = "/" + String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
    static let kioskBoard = root + "/board/wayland-kiosk.toml"
    static let headlessBoard = root + "/board/headless-800x480.toml"
    let vitrine = ChildProcess.vitrineBinary()

    /// The demo show written out with the launch's closed doors held `hold` seconds, so a
    /// screenshot of them can't come too late.
    func show(_ name: String, hold: Double) throws -> String {
        let dir = "/tmp/vitrine-wl-show-\(getpid())-\(name)"
        _ = try ChildProcess.run(["/bin/rm", "-rf", dir])
        let made = try ChildProcess.run([vitrine, "show", "init", dir])
        try #require(made.status == 0, "show init: \(made.stderr)")
        let edit = try ChildProcess.run(["/bin/sed", "-i", "s/^hold = .*/hold = \(hold)/", dir + "/show.toml"])
        try #require(edit.status == 0)
        return dir
    }



    /// A headless render of the same show: `--scene SCENE --at T`.
    func render(_ show: String, scene: String, at t: Double) throws -> Surface {
        let out = "/tmp/vitrine-wl-render-\(getpid()).png"
        let r = try ChildProcess.run(
            [vitrine, "render", "--board", Self.headlessBoard, "--show", show, "--scene", scene, "--at", "\(t)", "--out", out])
        try #require(r.status == 0, "render: \(r.stderr)")
        defer { unlink(out) }
        return try PNG.read(path: out)
    }

    @Test func theDoorsThenHomeAsRenderedAndNoFramesWhenStill() throws {
        let weston = try Weston(name: "frames")
        let show = try show("frames", hold: 60)
        let control = weston.runtime + "/control"
        let status = KioskStatus(vitrine: vitrine, control: control)
        let kiosk = try ChildProcess(
            [vitrine, "run", "--board", Self.kioskBoard, "--show", show, "--control", control],
            environment: ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("WAYLAND_DISPLAY=") && !$0.hasPrefix("XDG_RUNTIME_DIR=") }
                + weston.clientEnvironment)
        defer {
            kill(kiosk.pid, SIGTERM)
            kiosk.wait(timeout: 30)
        }
        // The first frame: the closed doors. Between two statuses that both count one
        // frame drawn, the screenshot shows that frame.
        let first = try status.wait("the first frame") { $0["frames"] == "1" }
        #expect(first["backend"]?.hasPrefix("wayland") == true, "\(first)")
        #expect(first["panel"] == "800x480", "the fullscreen size")
        #expect(first["backend"]?.contains("window 800x480") == true, "\(first)")
        let doors = try weston.screenshot()
        #expect(try status.read()["frames"] == "1", "a second frame came before the screenshot")
        let renderedDoors = try render(show, scene: "launch", at: 0)
        let d1 = difference(doors, renderedDoors)
        #expect(d1.share < 0.001, "closed doors: \(d1.share * 100)% of pixels differ (largest \(d1.largest))")

        // Home, at rest: the same pixels as the headless render.
        _ = try ChildProcess.run([vitrine, "ctl", "home", "--socket", control])
        let still = try status.wait("home at rest") { $0["screen"] == "home" && $0["animating"] == "false" }
        let home = try weston.screenshot()
        let d2 = difference(home, try render(show, scene: "home", at: 1))
        #expect(d2.share < 0.001, "home: \(d2.share * 100)% of pixels differ (largest \(d2.largest))")

        // Still: no frame drawn while nothing moves (the frame callbacks stop too).
        usleep(1_000_000)
        let later = try status.read()
        #expect(later["frames"] == still["frames"], "frames drawn while still: \(still["frames"] ?? "?") -> \(later["frames"] ?? "?")")
        kill(kiosk.pid, SIGTERM)
        #expect(kiosk.wait(timeout: 30))
        #expect(kiosk.exitStatus == 0, "\(kiosk.standardError)")
    }

    /// A board with `format = "rgb565"`: the window's wl_shm buffers are RGB565 and
    /// weston shows them as `vitrine render --format rgb565` draws the same frame (home at
    /// rest), each channel within what 5 and 6 bits can carry (8 levels of 8 bits).
    @Test func anRgb565WindowShowsWhatRenderDraws() throws {
        let weston = try Weston(name: "rgb565")
        let board = weston.runtime + "/rgb565.toml"
        let made = try ChildProcess.run(
            ["/bin/sh", "-c", "sed 's/^format = \"xrgb8888\"/format = \"rgb565\"/' '\(Self.kioskBoard)' > '\(board)'"])
        try #require(made.status == 0)
        try #require(try ChildProcess.run(["/bin/grep", "-q", "^format = \"rgb565\"", board]).status == 0)
        let control = weston.runtime + "/control"
        let status = KioskStatus(vitrine: vitrine, control: control)
        let kiosk = try ChildProcess(
            [vitrine, "run", "--board", board, "--control", control],
            environment: ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("WAYLAND_DISPLAY=") && !$0.hasPrefix("XDG_RUNTIME_DIR=") }
                + weston.clientEnvironment)
        defer {
            kill(kiosk.pid, SIGTERM)
            kiosk.wait(timeout: 30)
        }
        _ = try status.wait("the first frame") { Int($0["frames"] ?? "0") ?? 0 >= 1 }
        _ = try ChildProcess.run([vitrine, "ctl", "home", "--socket", control])
        _ = try status.wait("home at rest") { $0["screen"] == "home" && $0["animating"] == "false" }
        let out = weston.runtime + "/render565.png"
        let r = try ChildProcess.run(
            [vitrine, "render", "--board", Self.headlessBoard, "--format", "rgb565", "--scene", "home", "--at", "1", "--out", out])
        try #require(r.status == 0, "render: \(r.stderr)")
        let rendered = try PNG.read(path: out)
        // The tests' weston animates nothing (Weston.configuration): the first
        // screenshot after home is at rest is the one compared.
        let home = try weston.screenshot()
        let d = difference(home, rendered, tolerance: 8)
        #expect(d.share < 0.001, "home in rgb565 (\(home.width)x\(home.height) \(home.format), render \(rendered.width)x\(rendered.height)): \(d.share * 100)% of pixels differ by more than 8 (largest \(d.largest))")
        // And it is not the xrgb8888 picture: the 16-bit buffers are what weston shows.
        let full = difference(home, try render(try show("rgb565", hold: 0.5), scene: "home", at: 1), tolerance: 0)
        #expect(full.share > 0.01, "the window looks like a 32-bit one: \(full.share * 100)% differ")
        kill(kiosk.pid, SIGTERM)
        #expect(kiosk.wait(timeout: 30))
        #expect(kiosk.exitStatus == 0, "\(kiosk.standardError)")
    }

    @Test func aCompositorGoneIs75() throws {
        let weston = try Weston(name: "gone")
        let kiosk = try ChildProcess(
            [vitrine, "run", "--board", Self.kioskBoard, "--control", weston.runtime + "/control"],
            environment: ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("WAYLAND_DISPLAY=") && !$0.hasPrefix("XDG_RUNTIME_DIR=") }
                + weston.clientEnvironment)
        _ = try KioskStatus(vitrine: vitrine, control: weston.runtime + "/control").wait("the first frame") { ($0["frames"].flatMap { Int($0) } ?? 0) >= 1 }
        kill(weston.process.pid, SIGKILL)
        #expect(kiosk.wait(timeout: 30), "the kiosk still runs without its compositor")
        #expect(kiosk.exitStatus == 75, "exit \(kiosk.exitStatus.map(String.init) ?? "signal"): \(kiosk.standardError)")
        #expect(kiosk.standardError.contains("went away"), "\(kiosk.standardError)")
    }

    /// `vitrine run` without `--board`, WAYLAND_DISPLAY set (the README's commands): a window, not
    /// fullscreen, at the default window size, that draws the show; SIGTERM ends it.
    @Test func runWithoutABoardOpensAWindowWhenWaylandDisplayIsSet() throws {
        let weston = try Weston(name: "no-board")
        let control = weston.runtime + "/control"
        let kiosk = try ChildProcess(
            [vitrine, "run", "--control", control],
            environment: ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("WAYLAND_DISPLAY=") && !$0.hasPrefix("XDG_RUNTIME_DIR=") }
                + weston.clientEnvironment)
        defer {
            kill(kiosk.pid, SIGTERM)
            kiosk.wait(timeout: 30)
        }
        let first = try KioskStatus(vitrine: vitrine, control: control).wait("the first frame") {
            (Int($0["frames"] ?? "") ?? 0) >= 1
        }
        #expect(first["backend"]?.hasPrefix("wayland") == true, "\(first)")
        #expect(first["backend"]?.contains("window 800x480") == true, "the default window size: \(first)")
        kill(kiosk.pid, SIGTERM)
        #expect(kiosk.wait(timeout: 30))
        #expect(kiosk.exitStatus == 0, "\(kiosk.standardError)")
    }

    @Test func noCompositorIs69NamingTheSocket() throws {
        let dir = "/tmp/vitrine-wl-none-\(getpid())"
        mkdir(dir, 0o700)
        defer { rmdir(dir) }
        let r = try ChildProcess.run(
            [vitrine, "run", "--board", Self.kioskBoard, "--control", dir + "/control", "--wait-for-display", "0"],
            environment: ["XDG_RUNTIME_DIR=\(dir)", "WAYLAND_DISPLAY=nobody-here"], timeout: 60)
        #expect(r.status == 69, "\(r.stderr)")
        #expect(r.stderr.contains("no Wayland compositor at \(dir)/nobody-here"), "\(r.stderr)")
    }

    /// The frame lines of a `render` run: (scene time, repainted pixels) per frame.
    static func frames(_ output: String) -> [(String, String)] {
        output.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ")
            guard f.count == 6, f[0] == "frame" else { return nil }
            return (String(f[2]), String(f[4]))
        }
    }

    /// `render --present` (what Tests/bench/window-vs-headless times): the tour's frames
    /// drawn into the window one by one, each shown (its frame callback) before the next:
    /// the same frames as the headless backend draws for the same board, at the same
    /// scene times with the same damage, frame for frame.
    @Test func renderPresentDrawsTheHeadlessFramesInTheWindow() throws {
        let weston = try Weston(name: "present")
        let board = weston.runtime + "/board.toml"
        let text = "name = \"present\"\n[display]\nbackend = \"wayland\"\nsize = \"800x480\"\nfullscreen = true\n"
        let fd = open(board, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("WAYLAND_DISPLAY=") && !$0.hasPrefix("XDG_RUNTIME_DIR=") }
            + weston.clientEnvironment
        let args = [vitrine, "render", "--board", board, "--tour", "--frames", "150", "--timing-only", "--out", weston.runtime + "/unused"]
        let window = try ChildProcess.run(args + ["--present"], environment: env, timeout: 300)
        #expect(window.status == 0, "\(window.stderr)")
        let headless = try ChildProcess.run(args, environment: env, timeout: 300)
        #expect(headless.status == 0, "\(headless.stderr)")
        let w = Self.frames(window.stdout), h = Self.frames(headless.stdout)
        #expect(w.count == 150)
        #expect(w.map { $0.0 } == h.map { $0.0 }, "the same scene times")
        #expect(w.map { $0.1 } == h.map { $0.1 }, "the same repainted pixels, frame for frame")
        #expect(w.contains { $0.1 != "repainted_px=0" }, "frames that changed")
    }

    @Test func renderPresentRefusesWhatItCannotDo() throws {
        let dir = "/tmp/vitrine-wl-present-\(getpid())"
        mkdir(dir, 0o700)
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let noBoard = try ChildProcess.run([vitrine, "render", "--tour", "--present", "--timing-only", "--out", dir + "/o"])
        #expect(noBoard.status == 64)
        #expect(noBoard.stderr.contains("--present needs --board"), "\(noBoard.stderr)")
        let pictures = try ChildProcess.run([vitrine, "render", "--board", Self.kioskBoard, "--tour", "--present", "--out", dir + "/o"])
        #expect(pictures.status == 64)
        #expect(pictures.stderr.contains("--present needs --timing-only"), "\(pictures.stderr)")
        let nobody = try ChildProcess.run(
            [vitrine, "render", "--board", Self.kioskBoard, "--tour", "--present", "--timing-only", "--out", dir + "/o"],
            environment: ["XDG_RUNTIME_DIR=\(dir)", "WAYLAND_DISPLAY=nobody-here"], timeout: 60)
        #expect(nobody.status == 69, "\(nobody.stderr)")
        #expect(nobody.stderr.contains("no Wayland compositor at \(dir)/nobody-here"), "\(nobody.stderr)")
    }
}
