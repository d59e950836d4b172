import Board
import Input
import LibInput
import Runtime

#if canImport(Glibc)
    import Glibc
#endif

/// `vitrine inputs [--board FILE]`: the input devices libinput sees on seat0, for writing
/// a board's `[touch]` (the device's name or node). Plain text, a few lines a device.
struct InputsCommand: Command {
    static let syntax = CommandSyntax(
        name: "inputs",
        abstract: "List the input devices libinput sees: name, node, capabilities, size, touch slots, calibration.",
        discussion: """
            Reads only, beside the kiosk too. With --board, says which devices the board's \
            [touch] device selects (without it, every touch and pointer device drives the \
            show), with the board's calibration in force on the devices that take one. No devices: says so and exits 0. Devices that can't be opened for lack \
            of permission: exit 69, naming the group needed.
            """,
        options: [.value("--board", help: "A board file: mark the devices its [touch] device selects.")])

    let board: String?

    init(_ line: ParsedCommandLine) throws(CommandLineError) {
        board = try line.value("--board")
    }

    func run() throws {
        var selection = DeviceSelection.every
        var calibration: [Double]? = nil
        if let board {
            do {
                let touch = try Board.load(path: board).touch
                selection = DeviceSelection(boardDevice: touch.device)
                calibration = touch.calibration
            } catch {
                throw exitWith(error.exitStatus, "\(error)")
            }
        }
        var warnings: [String] = []
        let seat: LibInputSeat
        do {
            // Nodes that can't be opened are in the report itself; other warnings (libinput's
            // own) go to stderr after it.
            // The board's calibration is set on the devices as the kiosk sets it, so the
            // report shows the matrix the kiosk would run with.
            seat = try LibInputSeat(
                selection: .every, panelSize: PanelSize(width: 800, height: 480), calibration: calibration
            ) { level, line in
                if level == .warning || level == .error, !line.hasPrefix("input: cannot open ") { warnings.append(line) }
            }
        } catch {
            throw exitWith(.unavailable, "\(error)")
        }
        var devices: [InputDeviceInfo] = []
        seat.read { event in
            if case .added(let info) = event.kind { devices.append(info) }
        }
        for line in InputsReport.lines(devices, selection: selection, failures: seat.openFailures) { print(line) }
        for w in warnings { FileOutput.standardError(DiagnosticLine.warning(w)) }
        if devices.isEmpty, seat.openFailures.values.contains(where: { $0 == EACCES || $0 == EPERM }) {
            throw exitWith(.unavailable, "no input device could be opened: permission denied (the user needs the input group)")
        }
    }
}
