import ConfigFile
import FixedPoint
import Rotation
import Scenes

/// The control socket's commands (DESIGN.md §3, `vitrine ctl`): one line in, text lines
/// out; the first reply line starts "ok" or "error:".
extension Kiosk {
    /// The commands, for the error that lists them.
    static let commandHelp = "status, rotate 0|90|180|270|auto, reload, home"

    func serviceControl() {
        guard let control else { return }
        let evicted = control.evictedClients
        control.service(now: now) { line in self.command(line) }
        if control.evictedClients > evicted {
            // Rate-limited by the log handler like any repeated line.
            logger.warning(
                "control socket: more than \(ControlServer.maxClients) connections waiting; closed the oldest silent ones",
                metadata: ["closed": "\(control.evictedClients - evicted)"])
        }
    }

    /// Runs one command line and returns the reply.
    func command(_ line: String) -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch words.first {
        case "status" where words.count == 1:
            return ["ok"] + status()
        case "home" where words.count == 1:
            scene.goHome(time: now)
            requestFrame()
            logger.info("control: home")
            return ["ok screen=home"]
        case "reload" where words.count == 1:
            if let problem = reload() { return ["error: \(problem); keeping the last good show"] }
            return ["ok show=\(program.origin)"]
        case "rotate" where words.count == 2:
            guard let request = RotationRequest(text: words[1]) else {
                return ["error: rotate wants \(RotationRequest.allowedText), not \"\(shortened(words[1]))\""]
            }
            return ["ok rotation=\(rotate(request, by: "control"))"]
        default:
            let shown = line.count > 40 ? String(line.prefix(40)) + "..." : line
            return ["error: unknown command \"\(shown)\" (\(Self.commandHelp))"]
        }
    }

    /// The logical size of the orientation in force (what the next frame is laid out
    /// for, a turn asked for included), "480x800".
    var logicalSizeText: String {
        let (w, h) = rotation.orientation.logicalSize(panelWidth: display.width, panelHeight: display.height)
        return "\(w)x\(h)"
    }

    /// `status`: one `key=value` line each.
    func status() -> [String] {
        return [
            "state=running",
            "screen=\(scene.screen)",
            "rotation=\(rotation.orientation)",
            "rotation_source=\(rotation.sourceText)",
            "last_turn_ms=\(lastTurn.map { "\(Decimal.format($0.total, places: 1))/\(Decimal.format($0.rebuild, places: 1))" } ?? "none")",
            "panel=\(display.width)x\(display.height)",
            "logical=\(logicalSizeText)",
            "backend=\(display.name)",
            "show=\(program.origin)",
            "frames=\(framesDrawn)",
            "flips=\(flips.shown)",
            "late_flips=\(flips.late)",
            "animating=\(isMoving)",
            "uptime_s=\(Decimal.format(now, places: 3))",
            "idle_reset_s=\(idleResetText)",
            "touch_devices=\(translator.selectedDevices.count)",
            "touch_down=\(touchStats.down)",
            "touch_began=\(touchStats.began)",
            "touch_ended=\(touchStats.ended)",
            "touch_cancelled=\(touchStats.cancelled)",
            "touch_most_down=\(touchStats.mostDown)",
            "touch_ignored=\(translator.ignoredTouches)",
            "touch_latency_ms=\(touchStats.latencyText)",
            "touch_latency_samples=\(touchStats.latencySamples)",
        ]
    }
}
