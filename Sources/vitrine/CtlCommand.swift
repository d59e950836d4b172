import ArgumentParser
import Rotation
import Runtime

/// `vitrine ctl`: talks to the running kiosk over its control socket (DESIGN.md §3).
struct CtlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Talk to the running kiosk: status, rotate 0|90|180|270|auto, reload, home.",
        discussion: """
            The socket is $RUNTIME_DIRECTORY/control when that is set (as systemd sets it for \
            the service), else /run/vitrine/control. Exit 0 on "ok", 1 when the kiosk answers \
            with an error, 69 when no kiosk listens there, 75 when a kiosk is there but gave \
            no answer within 3 s (busy, or flooded with connections: try again).
            """)

    @Argument(help: "The command: status, rotate, reload or home.")
    var command: String

    @Argument(help: "For rotate: 0, 90, 180, 270 or auto.")
    var value: String?

    @Option(help: "The control socket's path.")
    var socket: String?

    func line() throws -> String {
        switch (command, value) {
        case ("status", nil), ("reload", nil), ("home", nil):
            return command
        case ("rotate", let v?):
            guard let request = RotationRequest(text: v) else {
                throw ValidationError("rotate wants \(RotationRequest.allowedText), not '\(v)'")
            }
            return "rotate \(request)"
        case ("rotate", nil):
            throw ValidationError("rotate wants an angle: \(RotationRequest.allowedText)")
        case ("status", _?), ("reload", _?), ("home", _?):
            throw ValidationError("'\(command)' takes no value")
        default:
            throw ValidationError("unknown command '\(command)' (status, rotate, reload, home)")
        }
    }

    func validate() throws { _ = try line() }

    func run() throws {
        let path = socket ?? ControlClient.defaultPath(environment: ProcessEnvironment.current())
        let command = try line()
        let reply: [String]
        do {
            reply = try ControlClient.send(command, to: path)
        } catch {
            throw exitWith(error.exitStatus, "vitrine ctl: \(error)")
        }
        guard let first = reply.first, first.hasPrefix("ok") else {
            // A reply is never empty: a connection closed without one is an error above.
            throw exitWith(.failure, reply.joined(separator: "\n"))
        }
        for l in reply where l != "ok" { print(l) }
    }
}
