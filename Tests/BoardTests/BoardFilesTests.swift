import Glibc
import Raster
import Testing

@testable import Board

/// Every file shipped in board/ parses, and says what it should.
@Suite struct BoardFilesTests {
    static let folder = TestFiles.boardFolder()
    static let files = TestFiles.names(in: folder, endingIn: ".toml")

    /// The boards the Board file reference names are there (and the listing found board/
    /// at all).
    @Test func requiredFilesShip() {
        let required = [
            "generic-hdmi-1080p.toml", "headless-1920x1080.toml", "headless-800x480.toml", "qemu-std-vga.toml",
            "rpi-touch-display-7in.toml", "waveshare-7in-hdmi-portrait.toml", "wayland-desktop.toml",
            "wayland-kiosk.toml",
        ]
        for name in required { #expect(Self.files.contains(name), "\(name) missing from \(Self.folder)") }
    }

    /// Each file loads, names itself, starts with comments saying what the panel is, and
    /// leaves the show to the built-in demo.
    @Test(arguments: files) func everyFileLoads(name: String) throws {
        let path = Self.folder + "/" + name
        let board = try Board.load(path: path)
        #expect(board.path == path)
        #expect(!board.name.isEmpty)
        #expect(board.show.path == nil)
        let first = try #require(readFirstLine(path))
        #expect(first.hasPrefix("# "), "\(name) should start with a comment saying what the panel is")
    }

    @Test func headless800x480() throws {
        let b = try load("headless-800x480.toml")
        #expect(b.name == "Headless 800x480")
        #expect(b.display.backend == .headless)
        #expect(b.display.size == PanelDimensions(width: 800, height: 480))
        #expect(b.display.format == .xrgb8888)
        #expect(b.display.buffers == 2)
        #expect(b.display.device == nil && b.display.connector == nil && b.display.mode == nil)
        #expect(b.rotation == RotationSettings(mount: .upright, source: .fixed))
        #expect(b.show.idleReset == 120)
    }

    @Test func waylandWindows() throws {
        let desk = try load("wayland-desktop.toml")
        #expect(desk.display.backend == .wayland)
        #expect(desk.display.size == PanelDimensions(width: 800, height: 480))
        #expect(!desk.display.fullscreen)
        #expect(desk.touch.pointerAsTouch)
        let kiosk = try load("wayland-kiosk.toml")
        #expect(kiosk.display.backend == .wayland)
        #expect(kiosk.display.fullscreen)
    }

    @Test func headless1920x1080() throws {
        let b = try load("headless-1920x1080.toml")
        #expect(b.display.backend == .headless)
        #expect(b.display.size == PanelDimensions(width: 1920, height: 1080))
        #expect(b.touch == TouchSettings())
        #expect(b.rotation.mount == .upright)
    }

    @Test func qemuStandardVGA() throws {
        let b = try load("qemu-std-vga.toml")
        #expect(b.display.backend == .drm)
        #expect(b.display.device == "/dev/dri/card0")
        #expect(b.display.connector == "Virtual-1")
        #expect(b.display.mode == DisplaySettings.Mode(width: 800, height: 480, refresh: nil))
        #expect(b.display.size == nil)
        #expect(b.touch.pointerAsTouch == true)
        #expect(b.rotation.source == .control)
    }

    @Test func raspberryPiTouchDisplay() throws {
        let b = try load("rpi-touch-display-7in.toml")
        #expect(b.name == "Raspberry Pi Touch Display 7-inch (DSI)")
        #expect(b.display.backend == .drm)
        #expect(b.display.device == nil)
        #expect(b.display.connector == "DSI-1")
        #expect(b.display.mode == DisplaySettings.Mode(width: 800, height: 480, refresh: 60))
        // No device named: its name depends on the kernel's driver ("generic ft5x06 (79)" under
        // KMS, "FT5406 memory based driver" under the old firmware), so every touchscreen drives it.
        #expect(b.touch.device == nil)
        #expect(b.touch.calibration == nil)
        #expect(b.touch.pointerAsTouch == false)
        #expect(b.rotation.mount == .upright)
    }

    @Test func genericHDMI1080p() throws {
        let b = try load("generic-hdmi-1080p.toml")
        #expect(b.display.backend == .drm)
        #expect(b.display.connector == "HDMI-A-1")
        #expect(b.display.mode == DisplaySettings.Mode(width: 1920, height: 1080, refresh: 60))
        #expect(b.display.mode?.description == "1920x1080@60")
        #expect(b.touch.device == nil)
    }

    @Test func portraitPanel() throws {
        let b = try load("waveshare-7in-hdmi-portrait.toml")
        #expect(b.display.backend == .drm)
        #expect(b.display.connector == "HDMI-A-1")
        #expect(b.display.mode == DisplaySettings.Mode(width: 1024, height: 600, refresh: 60))
        #expect(b.rotation.mount == .clockwise90)
        #expect(b.rotation.source == .fixed)
        #expect(b.show.idleReset == 90)
    }

    private func load(_ name: String) throws -> Board { try Board.load(path: Self.folder + "/" + name) }

    private func readFirstLine(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        return TestFiles.string(buffer)
    }
}
