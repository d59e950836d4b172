import Rotation
import Runtime

/// `vitrine ctl`: talks to the running kiosk over its control socket, one command a
/// connection, one line out and the kiosk's reply back.
struct CtlCommand: Command {
    static let syntax = CommandSyntax(
        name: "ctl",
        abstract:
            "Talk to the running kiosk: status, rotate 0|90|180|270|auto, reload, home, display on|off, brightness 0-1, screenshot FILE.",
        discussion: """
            The socket is $RUNTIME_DIRECTORY/control when that is set (as systemd sets it for \
            the service), else /run/vitrine/control. screenshot FILE writes the frame on \
            screen as the panel shows it (its size, its way up; the last one shown while \
            the screen is off) as a PNG at FILE, replacing a regular file whole or not at \
            all: this command makes the file and the kiosk fills it, so FILE may be where \
            the service may not write. A directory, a device, a FIFO or a socket at FILE is \
            refused (exit 1) and nothing is made. Exit 0 on "ok", 1 when the kiosk answers \
            with an error, 69 when no kiosk listens there, 75 when a kiosk is there but gave \
            no answer within 3 s, 30 s for screenshot (busy, or flooded with connections: \
            try again).
            """,
        options: [.value("--socket", help: "The control socket's path.")],
        arguments: [
            CommandArgument(
                "command", help: "The command: status, rotate, reload, home, display, brightness or screenshot."),
            CommandArgument(
                "value", .optional,
                help:
                    "For rotate: 0, 90, 180, 270 or auto. For display: on or off. For brightness: 0 to 1. For screenshot: the PNG file to write."
            ),
        ])

    let command: String
    let value: String?
    let socket: String?

    init(_ line: ParsedCommandLine) throws(CommandLineError) {
        command = try line.requiredArgument("command")
        value = try line.argument("value")
        socket = try line.value("--socket")
    }

    func line() throws -> String {
        switch (command, value) {
        case ("status", nil), ("reload", nil), ("home", nil):
            return command
        case ("rotate", let v?):
            guard let request = RotationRequest(text: v) else {
                throw UsageError("rotate wants \(RotationRequest.allowedText), not '\(v)'")
            }
            return "rotate \(request)"
        case ("rotate", nil):
            throw UsageError("rotate wants an angle: \(RotationRequest.allowedText)")
        case ("display", "on"?), ("display", "off"?):
            return "display \(value ?? "")"
        case ("display", let v?):
            throw UsageError("display wants on or off, not '\(v)'")
        case ("display", nil):
            throw UsageError("display wants on or off")
        case ("brightness", let v?) where !v.isEmpty && !v.contains(where: { $0 == " " || $0.isNewline }):
            // The level is the kiosk's to judge: one rule for every client, and a level it
            // refuses is its error (exit 1), quoted back.
            return "brightness \(v)"
        case ("brightness", let v?):
            throw UsageError("brightness wants one number from 0 to 1, not '\(v)'")
        case ("brightness", nil):
            throw UsageError("brightness wants a level from 0 to 1")
        case ("screenshot", let v?) where !v.isEmpty:
            // The path stays here: this command makes the file (`run`).
            return command
        case ("screenshot", _?):
            throw UsageError("screenshot wants a file to write, not an empty path")
        case ("screenshot", nil):
            throw UsageError("screenshot wants a file to write: vitrine ctl screenshot FILE")
        case ("status", _?), ("reload", _?), ("home", _?):
            throw UsageError("'\(command)' takes no value")
        default:
            throw UsageError("unknown command '\(command)' (status, rotate, reload, home, display, brightness, screenshot)")
        }
    }

    func validate() throws {
        if socket?.isEmpty == true { throw UsageError("--socket wants a socket path, not an empty one") }
        _ = try line()
    }

    /// How the kiosk's reply to a command it refused begins.
    static let errorReply = "error: "

    func run() throws {
        let path = socket ?? ControlClient.defaultPath(environment: ProcessEnvironment.current())
        let command = try line()
        let reply: [String]
        if command == "screenshot", let file = value {
            do { reply = try ControlClient.screenshot(to: file, socket: path) } catch {
                throw exitWith(error.exitStatus, "\(error)")
            }
        } else {
            do { reply = try ControlClient.send(command, to: path) } catch { throw exitWith(error.exitStatus, "\(error)") }
        }
        guard let first = reply.first, first.hasPrefix("ok") else {
            // A reply is never empty: a connection closed without one is an error above.
            // "error: why" becomes the command's own error line, `Error: why`.
            var lines = reply
            if let first = lines.first, first.hasPrefix(Self.errorReply) { lines[0] = String(first.dropFirst(Self.errorReply.count)) }
            throw exitWith(.failure, lines.joined(separator: "\n"))
        }
        for l in reply where l != "ok" { print(l) }
    }
}
