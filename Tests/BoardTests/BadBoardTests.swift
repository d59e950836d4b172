import ConfigFile
import Testing

@testable import Board

/// A board file that must be refused, and the exact one-line message it gets.
struct BadBoard: Sendable, CustomTestStringConvertible {
    let text: String
    let message: String
    init(_ text: String, _ message: String) {
        self.text = text
        self.message = message
    }
    var testDescription: String { message }
}

/// Lines 1-4 of a valid headless board: what a case appends to starts at line 5.
private let headless = """
    name = "Test"
    [display]
    backend = "headless"
    size = "800x480"

    """

/// Lines 1-3 of a valid drm board: what a case appends to starts at line 4.
private let drm = """
    name = "Test"
    [display]
    backend = "drm"

    """

/// Each bad board, parsed as "bad.toml", fails with exactly its message
/// (`file:line: key: what is wrong`; no line when the key and its table are absent).
@Suite struct BadBoardTests {
    static let cases: [BadBoard] = [
        // Unknown keys, at the top level and in every section, with and without a guess.
        BadBoard("nmae = \"x\"\n[display]\nbackend = \"drm\"",
            #"bad.toml:1: nmae: unknown key (did you mean "name"?)"#),
        BadBoard("name = \"x\"\nbrightness = 3\n[display]\nbackend = \"drm\"", "bad.toml:2: brightness: unknown key"),
        BadBoard(headless + "[screen]\nwidth = 3", "bad.toml:5: screen: unknown key"),
        BadBoard(headless + "[rotaton]\nmount = 90", #"bad.toml:5: rotaton: unknown key (did you mean "rotation"?)"#),
        BadBoard(drm + "formt = \"rgb565\"", #"bad.toml:4: display.formt: unknown key (did you mean "format"?)"#),
        BadBoard(drm + "rotation = 90", "bad.toml:4: display.rotation: unknown key"),
        BadBoard(drm + "[touch]\ndevices = \"x\"", #"bad.toml:5: touch.devices: unknown key (did you mean "device"?)"#),
        BadBoard(drm + "[touch]\npressure = 1", "bad.toml:5: touch.pressure: unknown key"),
        BadBoard(drm + "[rotation]\nmont = 90", #"bad.toml:5: rotation.mont: unknown key (did you mean "mount"?)"#),
        BadBoard(drm + "[rotation]\nangle = 90", "bad.toml:5: rotation.angle: unknown key"),
        BadBoard(drm + "[show]\nidle_rest = 60",
            #"bad.toml:5: show.idle_rest: unknown key (did you mean "idle_reset"?)"#),
        BadBoard(drm + "[show]\nfolder = \"demo\"", "bad.toml:5: show.folder: unknown key"),

        // The required parts.
        BadBoard("[display]\nbackend = \"drm\"", "bad.toml: name: missing (required)"),
        BadBoard("name = 3\n[display]\nbackend = \"drm\"", "bad.toml:1: name: expected a string, found an integer"),
        BadBoard("name = \"\"\n[display]\nbackend = \"drm\"", "bad.toml:1: name: must not be empty"),
        BadBoard("name = \"x\"", "bad.toml: display: missing (required)"),
        BadBoard("name = \"x\"\ndisplay = \"drm\"", "bad.toml:2: display: expected a table, found a string"),
        BadBoard("name = \"x\"\n[display]\nsize = \"800x480\"", "bad.toml:2: display.backend: missing (required)"),
        BadBoard("name = \"x\"\n[display]\nbackend = \"x11\"",
            #"bad.toml:3: display.backend: "x11" is not one of drm, fbdev, wayland, headless"#),
        BadBoard("name = \"x\"\n[display]\nbackend = 1",
            "bad.toml:3: display.backend: expected a string, found an integer"),

        // [display] values.
        BadBoard(drm + "buffers = 4", "bad.toml:4: display.buffers: must be 2 or 3, found 4"),
        BadBoard(drm + "buffers = 1", "bad.toml:4: display.buffers: must be 2 or 3, found 1"),
        BadBoard(drm + "buffers = \"2\"", "bad.toml:4: display.buffers: expected an integer, found a string"),
        BadBoard(drm + "format = \"rgb888\"", #"bad.toml:4: display.format: "rgb888" is not one of xrgb8888, rgb565"#),
        BadBoard(drm + "format = \"argb8888\"",
            #"bad.toml:4: display.format: "argb8888" is not one of xrgb8888, rgb565"#),
        BadBoard(drm + "size = \"800x480\"", "bad.toml:4: display.size: only for headless and wayland backends"),
        BadBoard("name = \"x\"\n[display]\nbackend = \"fbdev\"\nsize = \"800x480\"",
            "bad.toml:4: display.size: only for headless and wayland backends"),
        BadBoard("name = \"x\"\n[display]\nbackend = \"headless\"",
            "bad.toml:2: display.size: missing (required for the headless backend)"),
        BadBoard("name = \"x\"\n[display]\nbackend = \"headless\"\nsize = \"800\"",
            #"bad.toml:4: display.size: "800" is not WIDTHxHEIGHT (like "800x480")"#),
        BadBoard("name = \"x\"\n[display]\nbackend = \"headless\"\nsize = \"0x480\"",
            "bad.toml:4: display.size: width must be from 120 to 8192 pixels, found 0"),
        BadBoard("name = \"x\"\n[display]\nbackend = \"wayland\"\nsize = \"800x9000\"",
            "bad.toml:4: display.size: height must be from 120 to 8192 pixels, found 9000"),
        // A window's keys, and libinput's keys on a window.
        BadBoard(drm + "fullscreen = true", "bad.toml:4: display.fullscreen: only for the wayland backend"),
        BadBoard("name = \"x\"\n[display]\nbackend = \"wayland\"\nfullscreen = \"yes\"",
            "bad.toml:4: display.fullscreen: expected a boolean, found a string"),
        BadBoard("name = \"x\"\n[display]\nbackend = \"wayland\"\n[touch]\ndevice = \"/dev/input/event3\"",
            "bad.toml:5: touch.device: only for boards that read touch through libinput (not wayland: the compositor owns the devices)"),
        BadBoard("name = \"x\"\n[display]\nbackend = \"wayland\"\n[touch]\ncalibration = [1, 0, 0, 0, 1, 0]",
            "bad.toml:5: touch.calibration: only for boards that read touch through libinput (not wayland: the compositor owns the devices)"),
        BadBoard("name = \"x\"\n[display]\nbackend = \"headless\"\nsize = 800",
            "bad.toml:4: display.size: expected a string, found an integer"),
        BadBoard(drm + "mode = \"800x480@\"",
            #"bad.toml:4: display.mode: "800x480@" is not WIDTHxHEIGHT or WIDTHxHEIGHT@HZ (like "800x480@60")"#),
        BadBoard(drm + "mode = \"800X480\"",
            #"bad.toml:4: display.mode: "800X480" is not WIDTHxHEIGHT or WIDTHxHEIGHT@HZ (like "800x480@60")"#),
        BadBoard(drm + "mode = \"800x480@59.94\"",
            #"bad.toml:4: display.mode: "800x480@59.94" is not WIDTHxHEIGHT or WIDTHxHEIGHT@HZ (like "800x480@60")"#),
        BadBoard(drm + "mode = \"800x480@0\"",
            "bad.toml:4: display.mode: refresh rate must be from 1 to 1000 Hz, found 0"),
        BadBoard(drm + "mode = \"99999999999999999999x480\"",
            "bad.toml:4: display.mode: width must be from 120 to 8192 pixels, found 99999999999999999999"),
        BadBoard(headless + "mode = \"800x480\"", "bad.toml:5: display.mode: only for the drm backend"),
        BadBoard("name = \"x\"\n[display]\nbackend = \"fbdev\"\nconnector = \"HDMI-A-1\"",
            "bad.toml:4: display.connector: only for the drm backend"),
        BadBoard(headless + "device = \"/dev/dri/card0\"",
            "bad.toml:5: display.device: only for drm and fbdev backends"),
        BadBoard(drm + "connector = \"\"", "bad.toml:4: display.connector: must not be empty"),

        // [touch].
        BadBoard(drm + "[touch]\ncalibration = [1.0, 0.0, 0.0, 1.0]",
            "bad.toml:5: touch.calibration: must have 6 numbers, found 4"),
        BadBoard(drm + "[touch]\ncalibration = [1, 0, 0, 0, 1, 0, 0]",
            "bad.toml:5: touch.calibration: must have 6 numbers, found 7"),
        BadBoard(drm + "[touch]\ncalibration = [1, 0, \"0\", 0, 1, 0]",
            "bad.toml:5: touch.calibration[2]: expected a number, found a string"),
        BadBoard(drm + "[touch]\ncalibration = [nan, 0, 0, 0, 1, 0]",
            "bad.toml:5: touch.calibration[0]: must be a finite number"),
        BadBoard(drm + "[touch]\ncalibration = 1.0",
            "bad.toml:5: touch.calibration: expected an array, found a floating-point number"),
        BadBoard(drm + "[touch]\npointer_as_touch = \"yes\"",
            "bad.toml:5: touch.pointer_as_touch: expected a boolean, found a string"),
        BadBoard(drm + "[touch]\ndevice = \"\"", "bad.toml:5: touch.device: must not be empty"),
        BadBoard(drm + "touch = true", "bad.toml:4: display.touch: unknown key"),
        BadBoard("name = \"x\"\ntouch = true\n[display]\nbackend = \"drm\"",
            "bad.toml:2: touch: expected a table, found a boolean"),

        // [rotation].
        BadBoard(drm + "[rotation]\nmount = 45", "bad.toml:5: rotation.mount: must be 0, 90, 180 or 270, found 45"),
        BadBoard(drm + "[rotation]\nmount = -90", "bad.toml:5: rotation.mount: must be 0, 90, 180 or 270, found -90"),
        BadBoard(drm + "[rotation]\nmount = 90.0",
            "bad.toml:5: rotation.mount: expected an integer, found a floating-point number"),
        BadBoard(drm + "[rotation]\nsource = \"gyro\"",
            #"bad.toml:5: rotation.source: "gyro" is not one of fixed, panel, iio, control"#),
        BadBoard(drm + "[rotation]\nsource = \"iio\"\niio_device = \"\"",
            #"bad.toml:6: rotation.iio_device: must not be empty"#),
        BadBoard(drm + "[rotation]\niio_device = \"iio:device0\"",
            #"bad.toml:5: rotation.iio_device: only for source = "iio""#),
        BadBoard(drm + "[rotation]\nsource = \"iio\"\niio_device = \"\"",
            "bad.toml:6: rotation.iio_device: must not be empty"),

        // [show].
        BadBoard(drm + "[show]\nidle_reset = -1",
            "bad.toml:5: show.idle_reset: must be from 0 to 86400 seconds, found -1.0"),
        BadBoard(drm + "[show]\nidle_reset = 86400.5",
            "bad.toml:5: show.idle_reset: must be from 0 to 86400 seconds, found 86400.5"),
        BadBoard(drm + "[show]\nidle_reset = \"2m\"", "bad.toml:5: show.idle_reset: expected a number, found a string"),
        BadBoard(drm + "[show]\npath = \"no-such-show\"", #"bad.toml:5: show.path: no show.toml in "no-such-show""#),
        BadBoard(drm + "[show]\npath = \"/no/such/show/\"",
            #"bad.toml:5: show.path: no show.toml in "/no/such/show/""#),
        BadBoard(drm + "[show]\npath = \"\"", "bad.toml:5: show.path: must not be empty"),

        // Not TOML at all.
        BadBoard("name = \"x\"\n[display]\nbackend = = \"drm\"", "bad.toml:3: TOML syntax: expected a value, found '='"),
        BadBoard("name = \"x\"\nname = \"y\"", #"bad.toml:2: duplicate key "name" (first defined on line 1)"#),
        BadBoard("name = \"x\"\n[display]\n[display]", "bad.toml:3: table [display] defined twice (first defined on line 2)"),
        BadBoard("[[[", "bad.toml:1: TOML syntax: expected a key after '[[', found '['"),
    ]

    @Test(arguments: cases) func refused(_ bad: BadBoard) {
        #expect(message(bad.text) == bad.message)
    }

    @Test func thereAreEnoughCases() {
        #expect(Self.cases.count >= 30)
    }

    private func message(_ text: String) -> String {
        do {
            let board = try Board.parse(text: text, path: "bad.toml")
            return "accepted: \(board)"
        } catch {
            return error.description
        }
    }
}
