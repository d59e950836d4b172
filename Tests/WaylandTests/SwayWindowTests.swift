import Assets
import Glibc
import Raster
import Testing
import VitrineTestSupport

/// `vitrine run` fullscreen in a real sway 1.7 (wlroots; headless, pixman): the output
/// resized under the kiosk lays the show out anew at the new size, the same pixels as
/// `vitrine render` draws at that size; and clicks through sway's cursor (`swaymsg seat -
/// cursor`, with a virtual pointer as the seat's pointer device: the machine has no
/// /dev/input) open the Books folder and close it, each screen at rest the same pixels as
/// `vitrine render` draws.
@Suite(.serialized, .enabled(if: Sway.isInstalled && geteuid() == 0, "sway, swaymsg, grim and setpriv (as root) are needed"))
struct SwayWindowTests {
    static let root = "/" + String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
    static let kioskBoard = root + "/board/wayland-kiosk.toml"
    let vitrine = ChildProcess.vitrineBinary()

    /// `vitrine run` fullscreen (board/wayland-kiosk.toml) as sway's client, with its
    /// control socket at `control`.
    func kiosk(_ sway: Sway, control: String) throws -> ChildProcess {
        try ChildProcess(
            [vitrine, "run", "--board", Self.kioskBoard, "--control", control],
            environment: ChildProcess.inheritedEnvironment().filter {
                !$0.hasPrefix("WAYLAND_DISPLAY=") && !$0.hasPrefix("XDG_RUNTIME_DIR=")
            } + sway.clientEnvironment)
    }

    /// Sends the kiosk home once it has drawn its first frame; its status at rest there.
    func atHome(_ status: KioskStatus) throws -> [String: String] {
        _ = try status.wait("the first frame") { ($0["frames"].flatMap { Int($0) } ?? 0) >= 1 }
        _ = try ChildProcess.run([vitrine, "ctl", "home", "--socket", status.control])
        return try status.wait("home at rest") { $0["screen"] == "home" && $0["animating"] == "false" }
    }

    /// Stops the kiosk (SIGTERM, hang bound 30 s) and removes its control socket.
    func stop(_ kiosk: ChildProcess, control: String) {
        kill(kiosk.pid, SIGTERM)
        kiosk.wait(timeout: 30)
        unlink(control)
    }

    /// `vitrine render --size SIZE --scene SCENE --at 1`: the scene at rest, as a surface.
    func render(_ scene: String, size: String) throws -> Surface {
        let out = "/tmp/vitrine-sway-render-\(getpid()).png"
        defer { unlink(out) }
        let r = try ChildProcess.run([vitrine, "render", "--size", size, "--scene", scene, "--at", "1", "--out", out])
        try #require(r.status == 0, "render: \(r.stderr)")
        return try PNG.read(path: out)
    }

    @Test func aResizedOutputLaysTheShowOutAnew() throws {
        let sway = try Sway(name: "resize")
        let control = sway.runtime + "-control"
        let status = KioskStatus(vitrine: vitrine, control: control)
        let kiosk = try kiosk(sway, control: control)
        defer { stop(kiosk, control: control) }
        let before = try atHome(status)
        #expect(before["panel"] == "800x480", "\(before)")

        #expect(try sway.message("output HEADLESS-1 resolution 1024x600"))
        let after = try status.wait("home at 1024x600, at rest") {
            $0["panel"] == "1024x600" && $0["animating"] == "false"
                && ($0["frames"].flatMap { Int($0) } ?? 0) > (before["frames"].flatMap { Int($0) } ?? 0)
        }
        #expect(after["screen"] == "home")
        let d = difference(try sway.screenshot(), try render("home", size: "1024x600"))
        #expect(d.share < 0.001, "home at 1024x600: \(d.share * 100)% of pixels differ (largest \(d.largest))")
    }

    /// A virtual pointer added to sway's seat under the running kiosk (the seat gains the
    /// pointer capability; the kiosk binds wl_pointer), then `swaymsg seat - cursor` set,
    /// press and release of button1: a click where the demo tour taps the Books tile opens
    /// the folder, one above its panel where the tour taps to close it brings home back.
    /// Each screen at rest is the same pixels as `vitrine render` draws (but for the cursor
    /// sway draws at the click: `Sway.cursorBox`); each click is one whole touch
    /// (`pointer_as_touch`).
    @Test(.enabled(if: Sway.hasPointerClient, "the WaylandVirtualPointer client is not built"))
    func clicksThroughSwaysCursorOpenAndCloseTheFolder() throws {
        let sway = try Sway(name: "click")
        let control = sway.runtime + "-control"
        let status = KioskStatus(vitrine: vitrine, control: control)
        let taps = try DemoTourTaps(vitrine: vitrine, root: Self.root, folder: sway.runtime + "-tour")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", sway.runtime + "-tour"]) }
        let books = try taps.point("open the folder")
        let close = try taps.point("close the folder")
        let (home, folder) = (try render("home", size: "800x480"), try render("folder:books", size: "800x480"))
        let kiosk = try kiosk(sway, control: control)
        defer { stop(kiosk, control: control) }
        let before = try atHome(status)

        let pointer = try sway.addPointer()
        defer {
            kill(pointer.pid, SIGTERM)
            pointer.wait(timeout: 30)
        }
        // The cursor over the Books tile without a click: home as it was.
        #expect(try sway.message("seat - cursor set \(books.x) \(books.y)"))
        var d = try sway.waitForScreen(home, cursorAt: books.x, books.y)
        #expect(d.share < 0.001, "home, the cursor on Books: \(d.share * 100)% of pixels differ (largest \(d.largest))")

        #expect(try sway.click(x: books.x, y: books.y))
        d = try sway.waitForScreen(folder, cursorAt: books.x, books.y)
        #expect(d.share < 0.001, "the folder after the click: \(d.share * 100)% of pixels differ (largest \(d.largest))")
        let opened = try status.wait("the folder at rest") { $0["screen"] == "folder:books" && $0["animating"] == "false" }
        let began = try #require(Int(before["touch_began"] ?? ""))
        #expect(opened["touch_began"] == "\(began + 1)" && opened["touch_ended"] == "\(began + 1)", "\(opened)")

        #expect(try sway.click(x: close.x, y: close.y))
        d = try sway.waitForScreen(home, cursorAt: close.x, close.y)
        #expect(d.share < 0.001, "home after the close click: \(d.share * 100)% of pixels differ (largest \(d.largest))")
        let closed = try status.wait("home at rest") { $0["screen"] == "home" && $0["animating"] == "false" }
        #expect(closed["touch_began"] == "\(began + 2)" && closed["touch_ended"] == "\(began + 2)", "\(closed)")
        #expect(closed["touch_down"] == "0" && closed["touch_cancelled"] == before["touch_cancelled"], "\(closed)")
        #expect(kiosk.standardError.contains("seat0: no touch, pointer"), "the seat logged: \(kiosk.standardError)")
    }
}
