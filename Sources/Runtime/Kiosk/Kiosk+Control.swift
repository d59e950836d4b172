import FixedPoint
import Rotation
import Scenes

/// The control socket's commands (the Control socket article): one line in, text lines
/// out; the first reply line starts "ok" or "error:".
extension Kiosk {
    func serviceControl() {
        guard let control else { return }
        let evicted = control.evictedClients, refused = control.refusedClients
        control.service(now: now) { line, attachment in self.command(line, attachment: attachment) }
        if control.refusedClients > refused {
            logger.error(
                "control socket: out of file descriptors; refused connections with an error reply",
                metadata: ["refused": "\(control.refusedClients - refused)"])
        }
        if control.evictedClients > evicted {
            // Rate-limited by the log handler like any repeated line.
            logger.warning(
                "control socket: more than \(ControlServer.maxClients) connections waiting; closed the oldest silent ones",
                metadata: ["closed": "\(control.evictedClients - evicted)"])
        }
    }

    /// Runs one command line (`ControlCommand` reads it) and returns the reply.
    /// `attachment`: the descriptor that came with the line, borrowed (the control server
    /// closes it): the file `screenshot` writes into; any other command leaves it unused.
    func command(_ line: String, attachment: ControlAttachment = .none) -> [String] {
        let command: ControlCommand
        do throws(ControlCommandError) {
            command = try ControlCommand(line: line)
        } catch {
            return ["error: \(error)"]
        }
        switch command {
        case .status:
            return ["ok"] + status()
        case .home:
            scene.goHome(time: now)
            requestFrame()
            logger.info("control: home")
            return ["ok screen=home"]
        case .reload:
            if let problem = reload() { return ["error: \(problem); keeping the last good show"] }
            return ["ok show=\(program.origin)"]
        case .rotate(let request):
            return ["ok rotation=\(rotate(request, by: "control"))"]
        case .display(let on):
            return [powerCommand(on ? .displayOn : .displayOff)]
        case .brightness(let level):
            return [powerCommand(.brightness(level))]
        case .screenshot:
            return [screenshot(into: attachment)]
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
            "reloads=\(reloads)",
            "reload_error=\(reloadError.map(ReloadBanner.oneLine) ?? "none")",
            "frames=\(framesDrawn)",
            "flips=\(flips.shown)",
            "late_flips=\(flips.late)",
            "animating=\(isMoving)",
            "uptime_s=\(Decimal.format(now, places: 3))",
            "idle_reset_s=\(idleResetText)",
        ] + powerStatus + [
            "touch_devices=\(translator.selectedDevices.count)",
            "touch_down=\(touchStats.down)",
            "touch_began=\(touchStats.began)",
            "touch_ended=\(touchStats.ended)",
            "touch_cancelled=\(touchStats.cancelled)",
            "touch_most_down=\(touchStats.mostDown)",
            "touch_ignored=\(translator.ignoredTouches)",
            "touch_latency_ms=\(touchStats.latencyText)",
            "touch_latency_samples=\(touchStats.latencySamples)",
            "control_refused=\(control?.refusedClients ?? 0)",
        ]
    }
}
