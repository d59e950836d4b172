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
            "the board's device (the device named \"Vitrine virtual touchscreen\"): present (/dev/input/event4)",
        ])
    }

    /// A board naming a device that is not here (the old Raspberry Pi firmware driver's
    /// name on a KMS kernel) is told so, with the way out.
    @Test func aNamedDeviceThatIsAbsentIsSaidToBe() {
        let devices = [InputDeviceInfo(name: "generic ft5x06 (79)", sysname: "event2", capabilities: .touch)]
        let lines = InputsReport.lines(devices, selection: .name("FT5406 memory based driver"), failures: [:])
        #expect(lines.last == "the board's device (the device named \"FT5406 memory based driver\"): not present: the"
            + " kiosk waits for it and takes no touch until it appears (leave [touch] device out to take every touchscreen)")
        #expect(lines.contains("  drives the show: no"))
        let none = InputsReport.lines([], selection: .node("/dev/input/event9"), failures: [:])
        #expect(none.count == 2)
        #expect(none[1].hasPrefix("the board's device (/dev/input/event9): not present"))
    }

    /// Without a named device (every touchscreen) there is nothing to be absent.
    @Test func everyDeviceAddsNoPresenceLine() {
        let devices = [InputDeviceInfo(name: "generic ft5x06 (79)", sysname: "event2", capabilities: .touch)]
        let lines = InputsReport.lines(devices, selection: .every, failures: [:])
        #expect(lines == ["/dev/input/event2: generic ft5x06 (79)", "  capabilities: touch", "  drives the show: yes"])
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
