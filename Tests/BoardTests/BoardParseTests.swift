import ConfigFile
import Raster
import Testing

@testable import Board

/// Good boards: defaults, every key, mode and size spellings, and the show folder.
@Suite struct BoardParseTests {
    @Test func minimalDrmBoardTakesEveryDefault() throws {
        let board = try Board.parse(text: "name = \"Panel\"\n[display]\nbackend = \"drm\"\n", path: "x.toml")
        #expect(board == Board(name: "Panel", display: DisplaySettings(backend: .drm), path: "x.toml"))
        #expect(board.display.device == nil)
        #expect(board.display.connector == nil)
        #expect(board.display.mode == nil)
        #expect(board.display.format == .xrgb8888)
        #expect(board.display.buffers == 2)
        #expect(board.display.size == nil)
        #expect(board.touch.device == nil)
        #expect(board.touch.calibration == nil)
        #expect(board.touch.pointerAsTouch == true)
        #expect(board.rotation.mount == .upright)
        #expect(board.rotation.source == .fixed)
        #expect(board.rotation.iioDevice == nil)
        #expect(board.show.path == nil)
        #expect(board.show.idleReset == 120)
        #expect(ShowSettings().idleReset == 120)
    }

    /// Empty sections take the same defaults as absent ones.
    @Test func emptySectionsTakeTheDefaults() throws {
        let board = try Board.parse(
            text: "name = \"x\"\n[display]\nbackend = \"drm\"\n[touch]\n[rotation]\n[show]\n", path: "e.toml")
        #expect(board.touch == TouchSettings(device: nil, calibration: nil, pointerAsTouch: true))
        #expect(board.rotation == RotationSettings(mount: .upright, source: .fixed, iioDevice: nil))
        #expect(board.show == ShowSettings(path: nil, idleReset: 120))
    }

    @Test func everyKeySet() throws {
        let text = """
            name = "Raspberry Pi Touch Display 7-inch (DSI)"

            [display]
            backend = "drm"
            device = "/dev/dri/card1"
            connector = "DSI-1"
            mode = "800x480@60"
            format = "rgb565"
            buffers = 3

            [touch]
            device = "/dev/input/event2"
            calibration = [0, 1, 0, -1, 0, 1.0]
            pointer_as_touch = false

            [rotation]
            mount = 270
            source = "control"

            [show]
            idle_reset = 0.5
            """
        let board = try Board.parse(text: text, path: "/etc/vitrine/board.toml")
        #expect(
            board
                == Board(
                    name: "Raspberry Pi Touch Display 7-inch (DSI)",
                    display: DisplaySettings(
                        backend: .drm, device: "/dev/dri/card1", connector: "DSI-1",
                        mode: DisplaySettings.Mode(width: 800, height: 480, refresh: 60), format: .rgb565, buffers: 3),
                    touch: TouchSettings(
                        device: "/dev/input/event2", calibration: [0, 1, 0, -1, 0, 1], pointerAsTouch: false),
                    rotation: RotationSettings(mount: .clockwise270, source: .control, iioDevice: nil),
                    show: ShowSettings(path: nil, idleReset: 0.5),
                    path: "/etc/vitrine/board.toml"))
    }

    @Test func waylandWindowDefaultsTo800x480() throws {
        let plain = try Board.parse(text: "name = \"Desk\"\n[display]\nbackend = \"wayland\"", path: "w.toml")
        #expect(plain.display.size == PanelDimensions(width: 800, height: 480))
        let sized = try Board.parse(
            text: "name = \"Desk\"\n[display]\nbackend = \"wayland\"\nsize = \"1280x720\"", path: "w.toml")
        #expect(sized.display.size == PanelDimensions(width: 1280, height: 720))
        #expect(sized.display.size?.description == "1280x720")
    }

    @Test func fbdevTakesADevice() throws {
        let board = try Board.parse(
            text: "name = \"Old\"\n[display]\nbackend = \"fbdev\"\ndevice = \"/dev/fb1\"\nformat = \"rgb565\"", path: "f.toml")
        #expect(board.display.backend == .fbdev)
        #expect(board.display.device == "/dev/fb1")
        #expect(board.display.format == PixelFormat.rgb565)
    }

    @Test(arguments: [0, 90, 180, 270]) func everyMountIsAccepted(mount: Int) throws {
        let board = try Board.parse(
            text: "name = \"x\"\n[display]\nbackend = \"drm\"\n[rotation]\nmount = \(mount)", path: "m.toml")
        #expect(board.rotation.mount.degrees == mount)
    }

    /// Every source the rotation service honours is taken, with what it needs: the
    /// accelerometer named or not (the first one found).
    @Test func everySourceIsTaken() throws {
        let drm = "name = \"x\"\n[display]\nbackend = \"drm\"\n[rotation]\nmount = 90\n"
        let panel = try Board.parse(text: drm + "source = \"panel\"", path: "s.toml")
        #expect(panel.rotation == RotationSettings(mount: .clockwise90, source: .panel))
        let named = try Board.parse(text: drm + "source = \"iio\"\niio_device = \"iio:device0\"", path: "s.toml")
        #expect(named.rotation == RotationSettings(mount: .clockwise90, source: .iio, iioDevice: "iio:device0"))
        let first = try Board.parse(text: drm + "source = \"iio\"", path: "s.toml")
        #expect(first.rotation == RotationSettings(mount: .clockwise90, source: .iio, iioDevice: nil))
    }

    @Test(arguments: ["fixed", "control"]) func sourcesWithoutADevice(source: String) throws {
        let board = try Board.parse(
            text: "name = \"x\"\n[display]\nbackend = \"drm\"\n[rotation]\nsource = \"\(source)\"", path: "s.toml")
        #expect(board.rotation.source.rawValue == source)
        #expect(board.rotation.iioDevice == nil)
    }

    @Test func idleResetBounds() throws {
        for (text, seconds) in [("0", 0.0), ("300", 300.0), ("86400", 86400.0), ("2.5", 2.5)] {
            let board = try Board.parse(
                text: "name = \"x\"\n[display]\nbackend = \"drm\"\n[show]\nidle_reset = \(text)", path: "i.toml")
            #expect(board.show.idleReset == seconds)
        }
    }

    /// Mode strings through the whole parser, at the edges of their ranges.
    @Test func modeSpellings() throws {
        let cases: [(String, DisplaySettings.Mode)] = [
            ("800x480", DisplaySettings.Mode(width: 800, height: 480)),
            ("800x480@60", DisplaySettings.Mode(width: 800, height: 480, refresh: 60)),
            ("1920x1080@144", DisplaySettings.Mode(width: 1920, height: 1080, refresh: 144)),
            ("120x120@1", DisplaySettings.Mode(width: 120, height: 120, refresh: 1)),
            ("8192x8192@1000", DisplaySettings.Mode(width: 8192, height: 8192, refresh: 1000)),
        ]
        for (text, mode) in cases {
            let board = try Board.parse(
                text: "name = \"x\"\n[display]\nbackend = \"drm\"\nmode = \"\(text)\"", path: "m.toml")
            #expect(board.display.mode == mode)
            #expect(board.display.mode?.description == text)
        }
    }

    /// The size and mode grammar on its own: what is refused, and why.
    @Test func sizeTextFailures() {
        func failure(_ text: String, mode: Bool) -> SizeText.Failure? {
            do throws(SizeText.Failure) {
                if mode { _ = try SizeText.mode(text) } else { _ = try SizeText.dimensions(text) }
                return nil
            } catch {
                return error
            }
        }
        #expect(failure("800x480", mode: false) == nil)
        #expect(failure("800x480@60", mode: false) == .form)  // a size takes no refresh
        #expect(failure("x480", mode: false) == .form)
        #expect(failure("800x", mode: false) == .form)
        #expect(failure("800x480x3", mode: false) == .form)
        #expect(failure("+800x480", mode: false) == .form)
        #expect(failure(" 800x480", mode: false) == .form)
        #expect(failure("", mode: false) == .form)
        #expect(failure("8193x480", mode: false) == .side(name: "width", found: "8193"))
        #expect(failure("800x0", mode: false) == .side(name: "height", found: "0"))
        #expect(failure("800x480@", mode: true) == .form)
        #expect(failure("800x480@60@60", mode: true) == .form)
        #expect(failure("@60", mode: true) == .form)
        #expect(failure("800x480@1001", mode: true) == .refresh(found: "1001"))
        #expect(failure("0800x0480@060", mode: true) == nil)  // leading zeros are digits too
        #expect(failure("0x480@60", mode: true) == .side(name: "width", found: "0"))
    }

    @Test func calibrationTakesIntegersAndNumbers() throws {
        let board = try Board.parse(
            text: "name = \"x\"\n[display]\nbackend = \"drm\"\n[touch]\ncalibration = [1, 0.0, -0.5, 0, 1, 2e-1]",
            path: "c.toml")
        #expect(board.touch.calibration == [1, 0, -0.5, 0, 1, 0.2])
    }

    /// The error carries its parts, not only its text.
    @Test func errorFields() {
        #expect(throws: ConfigError(file: "b.toml", line: 4, key: "display.buffers", message: "must be 2 or 3, found 5")) {
            try Board.parse(text: "name = \"x\"\n[display]\nbackend = \"drm\"\nbuffers = 5", path: "b.toml")
        }
    }

    @Test func aMissingBoardFileIsAnError() {
        #expect(message { () throws(ConfigError) in _ = try Board.load(path: "/nonexistent/vitrine/board.toml") }
            == "/nonexistent/vitrine/board.toml: cannot read: No such file or directory (ENOENT)")
    }

    @Test func aFolderIsNotABoardFile() {
        let scratch = TestFiles.makeScratchFolder()
        defer { TestFiles.remove(scratch) }
        #expect(message { () throws(ConfigError) in _ = try Board.load(path: scratch) }
            == "\(scratch): not a regular file (a directory)")
    }

    @Test func showPathResolvesAgainstTheBoardFolder() throws {
        let scratch = TestFiles.makeScratchFolder()
        defer { TestFiles.remove(scratch) }
        TestFiles.makeFolder(scratch + "/shows")
        TestFiles.makeFolder(scratch + "/shows/demo")
        TestFiles.write("title = \"Demo\"\n", to: scratch + "/shows/demo/show.toml")
        let boardPath = scratch + "/board.toml"
        TestFiles.write(
            "name = \"x\"\n[display]\nbackend = \"drm\"\n[show]\npath = \"shows/demo\"\nidle_reset = 30\n", to: boardPath)

        let board = try Board.load(path: boardPath)
        #expect(board.show.path == scratch + "/shows/demo")
        #expect(board.show.idleReset == 30)
        #expect(board.path == boardPath)

        // parse(text:path:) resolves the same way; absolute paths and a trailing slash are kept.
        let absolute = try Board.parse(
            text: "name = \"x\"\n[display]\nbackend = \"drm\"\n[show]\npath = \"\(scratch)/shows/demo/\"",
            path: "elsewhere/board.toml")
        #expect(absolute.show.path == scratch + "/shows/demo/")
    }

    @Test func showFolderWithoutManifest() {
        let scratch = TestFiles.makeScratchFolder()
        defer { TestFiles.remove(scratch) }
        TestFiles.makeFolder(scratch + "/empty")
        TestFiles.makeFolder(scratch + "/odd")
        TestFiles.makeFolder(scratch + "/odd/show.toml")  // a folder named show.toml is no manifest, and is named
        let head = "name = \"x\"\n[display]\nbackend = \"drm\"\n[show]\n"
        #expect(message { () throws(ConfigError) in
            _ = try Board.parse(text: head + "path = \"empty\"", path: scratch + "/board.toml")
        } == "\(scratch)/board.toml:5: show.path: no show.toml in \"\(scratch)/empty\"")
        #expect(message { () throws(ConfigError) in
            _ = try Board.parse(text: head + "path = \"odd\"", path: scratch + "/board.toml")
        } == "\(scratch)/board.toml:5: show.path: show.toml in \"\(scratch)/odd\" is a directory, not a regular file")
    }

    @Test func showPathResolution() {
        #expect(ShowFolder.resolve("demo", against: "board/x.toml") == "board/demo")
        #expect(ShowFolder.resolve("../shows/demo", against: "/etc/vitrine/board.toml") == "/etc/vitrine/../shows/demo")
        #expect(ShowFolder.resolve("demo", against: "x.toml") == "demo")
        #expect(ShowFolder.resolve("demo", against: "/x.toml") == "/demo")
        #expect(ShowFolder.resolve("/srv/show", against: "board/x.toml") == "/srv/show")
    }

    private func message(_ body: () throws(ConfigError) -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return error.description
        }
    }
}
