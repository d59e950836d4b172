import Glibc
import Testing

@testable import LibInput

/// `vitrine inputs`' text, word for word.
@Suite struct InputsReportTests {
    @Test func devicesAreListedWithWhatABoardNeeds() {
        let devices = [
            InputDeviceInfo(name: "AT keyboard", sysname: "event10", capabilities: .keyboard),
            InputDeviceInfo(
                name: "Vitrine virtual touchscreen", sysname: "event4", capabilities: .touch,
                size: SizeMillimetres(width: 154, height: 86.5), touchSlots: 10, calibration: [1, 0, 0, 0, 1, 0]),
            InputDeviceInfo(
                name: "QEMU QEMU USB Tablet", sysname: "event5", capabilities: .pointer,
                calibration: [0, 1, 0, -1, 0, 1]),
        ]
        let lines = InputsReport.lines(
            devices, selection: .name("Vitrine virtual touchscreen"), failures: ["/dev/input/event11": EACCES])
        #expect(lines == [
            "/dev/input/event4: Vitrine virtual touchscreen",
            "  capabilities: touch",
            "  size: 154 x 86.5 mm",
            "  touch slots: 10",
            "  calibration: [1, 0, 0, 0, 1, 0] (none)",
            "  drives the show: yes",
            "/dev/input/event5: QEMU QEMU USB Tablet",
            "  capabilities: pointer",
            "  calibration: [0, 1, 0, -1, 0, 1]",
            "  drives the show: no",
            "/dev/input/event10: AT keyboard",
            "  capabilities: keyboard",
            "  drives the show: no",
            "/dev/input/event11: cannot open: permission denied (the user needs the input group)",
        ])
    }

    @Test func noDevicesIsSaidPlainly() {
        #expect(InputsReport.lines([], selection: .every, failures: [:]) == ["no input devices (libinput sees none on seat0)"])
    }

    @Test func aNodeSelectionMatchesTheDevicesNode() {
        let d = InputDeviceInfo(name: "x", sysname: "event3", capabilities: .touch)
        #expect(InputsReport.selected(d, .node("/dev/input/event3")))
        #expect(!InputsReport.selected(d, .node("/dev/input/event4")))
    }
}
