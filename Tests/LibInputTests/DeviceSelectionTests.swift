import Glibc
import Input
import Testing

@testable import LibInput

@Suite struct DeviceSelectionTests {
    @Test func theBoardsDeviceKeyPicksTheBackend() {
        #expect(DeviceSelection(boardDevice: nil) == .every)
        #expect(DeviceSelection(boardDevice: "/dev/input/event2") == .node("/dev/input/event2"))
        #expect(DeviceSelection(boardDevice: "FT5406 memory based driver") == .name("FT5406 memory based driver"))
    }

    @Test func keyboardsNeverDriveTheShowAndNamesMatchExactly() {
        let keys = InputDeviceInfo(name: "kbd", sysname: "event0", capabilities: .keyboard)
        let touch = InputDeviceInfo(name: "FT5406", sysname: "event1", capabilities: [.touch, .keyboard])
        #expect(!DeviceSelection.every.selects(keys))
        #expect(DeviceSelection.every.selects(touch))
        #expect(DeviceSelection.name("FT5406").selects(touch))
        #expect(!DeviceSelection.name("FT540").selects(touch))
        #expect(InputDeviceInfo.Capabilities([.touch, .pointer]).names == "touch, pointer")
        #expect(InputDeviceInfo.Capabilities([]).names == "none")
    }

    /// A board without `[touch] device` (the Raspberry Pi board) takes the official panels'
    /// touchscreens whatever their driver calls them, and nothing that cannot touch.
    @Test func everyTakesTheRaspberryPiTouchscreensByAnyName() {
        for name in [
            "generic ft5x06 (79)", "generic ft5x06 (00)", "FT5406 memory based driver",
            "11-005d Goodix Capacitive TouchScreen",
        ] {
            #expect(DeviceSelection.every.selects(InputDeviceInfo(name: name, sysname: "event3", capabilities: .touch)))
        }
        #expect(!DeviceSelection.every.selects(InputDeviceInfo(name: "vc4-hdmi-0", sysname: "event0", capabilities: .keyboard)))
    }

    /// open_restricted: close-on-exec and non-blocking; read-only when writing is refused.
    @Test func devicesOpenReadOnlyWhenWritingIsRefused() {
        var calls: [Int32] = []
        let fd = DeviceOpen.open("/dev/input/event3", flags: O_RDWR) { _, flags in
            calls.append(flags)
            return flags & O_ACCMODE == O_RDWR ? -EACCES : 7
        }
        #expect(fd == 7)
        #expect(calls == [O_RDWR | O_CLOEXEC | O_NONBLOCK, O_RDONLY | O_CLOEXEC | O_NONBLOCK])
        // A missing node is not retried.
        calls = []
        #expect(DeviceOpen.open("/dev/input/event3", flags: O_RDWR) { _, f in calls.append(f); return -ENOENT } == -ENOENT)
        #expect(calls.count == 1)
        #expect(DeviceOpen.reason(EACCES) == "permission denied (the user needs the input group)")
        #expect(DeviceOpen.reason(ENOENT) == "No such file or directory")
    }

    /// The real seat on this machine: whatever devices it has (none in CI), it starts,
    /// reads without blocking, and a /dev/input node that isn't there is waited for.
    @Test func aSeatOnAMissingNodeWaitsForIt() throws {
        var lines: [String] = []
        let seat = try LibInputSeat(
            selection: .node("/dev/input/event-vitrine-missing"), panelSize: PanelSize(width: 800, height: 480)
        ) { _, line in lines.append(line) }
        var events: [RawInputEvent] = []
        seat.read { events.append($0) }
        #expect(events.isEmpty)
        seat.noteWaiting(anySelected: false)
        seat.noteWaiting(anySelected: false)
        #expect(lines == ["input: /dev/input/event-vitrine-missing is not present; waiting for it"])
        #expect(seat.fd >= 0)
    }

    /// The path backend's watch: when the named node appears, the seat tries to open it
    /// (a plain file here, which libinput then refuses as not an input device), and a
    /// folder that doesn't exist yet is waited for too.
    @Test func aNodeThatAppearsIsOpened() throws {
        let dir = "/tmp/vitrine-input-\(getpid())"
        let node = dir + "/sub/event7"
        defer {
            unlink(node)
            rmdir(dir + "/sub")
            rmdir(dir)
        }
        mkdir(dir, 0o755)
        var lines: [String] = []
        let seat = try LibInputSeat(selection: .node(node), panelSize: PanelSize(width: 800, height: 480)) { _, line in
            lines.append(line)
        }
        seat.read { _ in }
        #expect(lines.isEmpty)
        mkdir(dir + "/sub", 0o755)
        seat.read { _ in }
        let f = fopen(node, "w")
        fclose(f)
        var events: [RawInputEvent] = []
        seat.read { events.append($0) }
        #expect(events.isEmpty, "a plain file is no input device")
        #expect(lines.contains { $0.hasPrefix("libinput: ") && $0.contains("event7") }, "\(lines)")
    }
}
