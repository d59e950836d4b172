import Assets
import Glibc
import Raster
import Testing
import VitrineTestSupport

/// Bad input through the real binary: a show of 500 folders and 10 000 tiles plays (home
/// and a folder rendered, exit 0); one with more tiles on a screen than it holds is exit
/// 78 naming the tile; a 1 GiB file as the wallpaper costs one warning and the
/// placeholder, read not at all (the time bound is one only a hang crosses).
@Suite(.serialized) struct BadShowProcessTests {
    let vitrine = ChildProcess.vitrineBinary()

    /// A fresh folder under /tmp with the demo show written out in `show`.
    func demoShow(_ name: String) throws -> (dir: String, show: String) {
        let dir = "/tmp/vitrine-badshow-\(getpid())-\(name)"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", dir])
        mkdir(dir, 0o755)
        let show = dir + "/show"
        let made = try ChildProcess.run([vitrine, "show", "init", show], timeout: 300)
        try #require(made.status == 0, "show init: \(made.stderr)")
        return (dir, show)
    }

    @Test func fiveHundredFoldersAndTenThousandTilesPlay() throws {
        let (dir, show) = try demoShow("big")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        ChildProcessFile.write(
            show + "/show.toml", BigShowManifest.text(homeTiles: 500, folders: 500, tilesPerFolder: 19))
        let check = try ChildProcess.run([vitrine, "check", show + "/show.toml"], timeout: 120)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        for scene in ["home", "folder:f499"] {
            let out = dir + "/\(scene).png"
            let r = try ChildProcess.run(
                [vitrine, "render", "--show", show, "--scene", scene, "--size", "320x240", "--at", "1", "--out", out],
                timeout: 300)
            #expect(r.status == 0, "\(scene): \(r.stderr)")
            #expect(access(out, F_OK) == 0, "\(scene)")
            #expect(!r.stderr.contains("warning:"), "\(scene) warned: \(r.stderr)")
        }
    }

    @Test func tooManyTilesOnAScreenIs78NamingTheTile() throws {
        let (dir, show) = try demoShow("many")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let text = BigShowManifest.text(homeTiles: 10_000, folders: 0, tilesPerFolder: 0)
        ChildProcessFile.write(show + "/show.toml", text)
        let line = BigShowManifest.line(of: "\"Folder 500\"", in: text)
        let message = "\(show)/show.toml:\(line): home.tiles[500]: too many tiles (10000): the home screen holds at most 500"
        let check = try ChildProcess.run([vitrine, "check", show + "/show.toml"], timeout: 120)
        #expect(check.status == 78)
        #expect((check.stdout + check.stderr).contains(message), "\(check.stdout)\(check.stderr)")
        let render = try ChildProcess.run(
            [vitrine, "render", "--show", show, "--scene", "home", "--size", "320x240", "--at", "0", "--out", dir + "/x.png"],
            timeout: 120)
        #expect(render.status == 78)
        #expect(render.stderr.contains(message), "\(render.stderr)")
        #expect(access(dir + "/x.png", F_OK) != 0)
    }

    @Test func aGibibyteWallpaperIsThePlaceholderAndOneWarning() throws {
        let (dir, show) = try demoShow("huge")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let wall = show + "/home/wall.jpg"
        let fd = open(wall, O_WRONLY | O_TRUNC | O_CLOEXEC)
        try #require(fd >= 0)
        #expect(ftruncate(fd, 1 << 30) == 0)
        close(fd)
        let r = try ChildProcess.run(
            [vitrine, "render", "--show", show, "--scene", "home", "--size", "320x240", "--at", "0", "--out", dir + "/home.png"],
            timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        let warning = "warning: \(wall): file too large: 1073741824 bytes, over the 67108864-byte limit"
        #expect(r.stderr.split(separator: "\n").filter { $0 == warning }.count == 1, "\(r.stderr)")
    }
    /// A 69x1 picture as the wallpaper: `vitrine check` warns (exit 0, still ok), and the
    /// kiosk's render draws it covering the screen, landscape and turned (it trapped).
    @Test func aSliverWallpaperIsAWarningAndDraws() throws {
        let dir = "/tmp/vitrine-badshow-\(getpid())-sliver"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", dir])
        mkdir(dir, 0o755)
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        try OnePictureShow.write(dir, title: "Sliver", width: 69, height: 1)
        let check = try ChildProcess.run([vitrine, "check", dir + "/show.toml"], timeout: 120)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == "\(dir)/show.toml: ok\n")
        #expect(
            check.stderr.contains(
                "warning: \(dir)/show.toml: home.wallpaper: \"wall.png\" is 69x1 pixels: covering a screen, at most 3% of it shows"),
            "\(check.stderr)")
        for rotation in ["0", "90"] {
            let out = dir + "/home-\(rotation).png"
            let r = try ChildProcess.run(
                [
                    vitrine, "render", "--show", dir, "--scene", "home", "--size", "800x480", "--rotation", rotation,
                    "--at", "0", "--out", out,
                ], timeout: 120)
            #expect(r.status == 0, "\(rotation): \(r.stderr)")
            #expect(access(out, F_OK) == 0)
        }
    }
}
