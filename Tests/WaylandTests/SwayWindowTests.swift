import Assets
import Glibc
import Raster
import Testing
import VitrineTestSupport

/// `vitrine run` fullscreen in a real sway 1.7 (wlroots; headless, pixman): the output
/// resized under the kiosk lays the show out anew at the new size, the same pixels as
/// `vitrine render` draws at that size. (Pointer clicks through `swaymsg seat - cursor`
/// need a pointer device in the seat: there is none on a headless machine without
/// /dev/input, so sway's seat has no pointer capability; touch and clicks are proven
/// under cage in the VM instead.)
@Suite(.serialized, .enabled(if: Sway.isInstalled && geteuid() == 0, "sway, swaymsg, grim and setpriv (as root) are needed"))
struct SwayWindowTests {
    static let root = "/" + String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
    static let kioskBoard = root + "/board/wayland-kiosk.toml"
    let vitrine = ChildProcess.vitrineBinary()



    @Test func aResizedOutputLaysTheShowOutAnew() throws {
        let sway = try Sway(name: "resize")
        let control = sway.runtime + "-control"
        let status = KioskStatus(vitrine: vitrine, control: control)
        let kiosk = try ChildProcess(
            [vitrine, "run", "--board", Self.kioskBoard, "--control", control],
            environment: ChildProcess.inheritedEnvironment().filter {
                !$0.hasPrefix("WAYLAND_DISPLAY=") && !$0.hasPrefix("XDG_RUNTIME_DIR=")
            } + sway.clientEnvironment)
        defer {
            kill(kiosk.pid, SIGTERM)
            kiosk.wait(timeout: 30)
            unlink(control)
        }
        _ = try status.wait("the first frame") { ($0["frames"].flatMap { Int($0) } ?? 0) >= 1 }
        _ = try ChildProcess.run([vitrine, "ctl", "home", "--socket", control])
        let before = try status.wait("home at rest") { $0["screen"] == "home" && $0["animating"] == "false" }
        #expect(before["panel"] == "800x480", "\(before)")

        #expect(try sway.message("output HEADLESS-1 resolution 1024x600"))
        let after = try status.wait("home at 1024x600, at rest") {
            $0["panel"] == "1024x600" && $0["animating"] == "false"
                && ($0["frames"].flatMap { Int($0) } ?? 0) > (before["frames"].flatMap { Int($0) } ?? 0)
        }
        #expect(after["screen"] == "home")
        let shot = try sway.screenshot()
        let out = "/tmp/vitrine-sway-render-\(getpid()).png"
        defer { unlink(out) }
        let r = try ChildProcess.run(
            [vitrine, "render", "--size", "1024x600", "--scene", "home", "--at", "1", "--out", out])
        try #require(r.status == 0, "render: \(r.stderr)")
        let d = difference(shot, try PNG.read(path: out))
        #expect(d.share < 0.001, "home at 1024x600: \(d.share * 100)% of pixels differ (largest \(d.largest))")
    }
}
