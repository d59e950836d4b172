internal import Glibc
import Input
import FixedPoint
import Scenes

/// Signals, touch, the idle reset and the watchdog.
extension Kiosk {
    func handleSignals() {
        while let signal = signals.next() {
            switch signal {
            case SIGTERM, SIGINT:
                logger.info("signal \(signal == SIGTERM ? "SIGTERM" : "SIGINT"): stopping")
                stopRequested = true
            case SIGHUP:
                _ = reload()
            default:
                break
            }
        }
    }

    /// Loads the show again; a bad one is logged and the last good show kept. Back home,
    /// or with `keepingScreen` (the watch's reloads) on the screen shown where the new
    /// show still has it (`ShowPlayback.resume(keeping:)`).
    /// Returns the error's text, or nil on success.
    @discardableResult
    func reload(keepingScreen: Bool = false) -> String? {
        notify("RELOADING=1")
        defer { notify("READY=1") }
        let fresh: any ShowProgram
        do {
            fresh = try loadProgram()
        } catch {
            return reloadFailed("\(error)")
        }
        var resume = "home"
        if keepingScreen, let playback = fresh as? ShowPlayback { resume = playback.resume(keeping: scene.screen) }
        let previous = (program, turnPrewarmed, reloadError)
        program = fresh
        turnPrewarmed = false  // the new show's pictures: made ahead again once at rest
        reloadError = nil  // the new scene is made without the banner
        titleWindow()
        do {
            try rebuild(resume: resume)
        } catch {
            // The new show could not be laid out (no memory for its pipeline): the last
            // good one stays, as for a show that does not load.
            (program, turnPrewarmed, reloadError) = previous
            titleWindow()
            return reloadFailed("\(error)")
        }
        reloads += 1
        armWatch()
        logger.info("reloaded \(program.origin)")
        notify("STATUS=Reloaded; showing \(scene.screen)")
        return nil
    }

    /// A reload that failed with `message`: the last good show stays, the error is kept
    /// for `status` and, with `--watch`, shown in the banner and logged once however
    /// often the same error comes back (each save that does not mend it). Returns it.
    func reloadFailed(_ message: String) -> String {
        if watch == nil || message != reloadError {
            logger.error("reload: \(message); keeping the last good show")
        }
        reloadError = message
        notify("STATUS=Reload failed; showing \(scene.screen)")
        placeBanner()
        armWatch()
        return message
    }

    /// A fresh pipeline and scene (after a reload or a turn), starting on `resume` (nil:
    /// the launch, its doors held closed unless `orientationKnown`).
    func rebuild(resume: String?, orientationKnown: Bool = true) throws(KioskError) {
        let parts = try Self.makeScene(
            program: program, display: display, orientation: orientation, settings: settings, textRasterizer: textRasterizer,
            resume: resume, orientationKnown: orientationKnown, replacing: pipeline)
        // Touches in progress end here: the new scene has another layout (and maybe size).
        tracker.cancelAll(time: now) { deliver($0) }
        transition?.cancel()
        transition = nil
        (pipeline, scene, tracker, router) = parts
        let panel = PanelSize(width: display.width, height: display.height)
        translator.panelSize = panel
        input?.panelSize = panel
        // When the last frame was drawn is kept: the new scene's first frame comes at the
        // pacing's next tick, so a flood of reloads draws no faster than frames are paced
        // (forgetting it drew each reload's frame at once: 180 frames in 0.5 s at 60 Hz).
        lastTickAt = -Double.infinity
        placeBanner()  // on the new layer tree
        requestFrame()
    }

    /// Plays the touch script's events that are due, then its `rotate` lines that are due
    /// (each as `ctl rotate` would), then waits for the next of either; a looping script
    /// (`touchLoop`) starts its next pass once a pass is played.
    func feedTouches() { feedTouches(at: now) }

    /// `feedTouches()` at scene time `t` (tests step a clock of their own).
    func feedTouches(at t: Double) {
        guard var player = touchPlayer else { return }
        let events = player.advance(to: t)
        let rotations = player.rotations(through: t)
        touchPlayer = player
        if player.isFinished, let period = settings.touchLoop, let script = settings.touchScript {
            touchPass += 1
            touchPlayer = TouchScript.Player(script.shifted(by: Double(touchPass) * period))
        }
        if !events.isEmpty {
            for event in events {
                tracker.handle(event) { deliver($0) }
            }
            touched()
        }
        for r in rotations {
            // A loaded script's words are checked (`TouchScript.loadValidated`).
            guard let request = r.request else {
                logger.warning("\(player.script.unknownOrientation(r)): ignored")
                continue
            }
            rotate(request, by: "touch script")
        }
        armTouch()
    }

    func armTouch() {
        guard let next = touchPlayer?.nextTime else { return }
        touchTimer.arm(at: startTime + next)
    }

    /// A touch happened: the idle reset starts over and a frame follows.
    func touched() {
        armIdle()
        requestFrame()
    }

    func armIdle() {
        guard settings.idleReset > 0 else { return }
        idleTimer.arm(after: settings.idleReset)
    }

    /// No touch for `idle_reset` seconds: back home (unless a finger is down).
    func idleExpired() {
        guard router.activeTouchCount == 0 else {
            armIdle()
            return
        }
        guard scene.screen != "home", scene.screen != "launch" else { return }
        logger.info("no touch for idle_reset seconds: back home", metadata: ["idle_reset_s": "\(idleResetText)"])
        scene.goHome(time: now)
        notify("STATUS=Idle: showing home")
        requestFrame()
    }

    /// WATCHDOG=1 only while the loop makes progress: not when a frame asked for more
    /// than half a watchdog interval ago has still not been drawn.
    func watchdogTick() {
        guard let interval = settings.watchdogInterval else { return }
        if let asked = frameRequestedAt, now - asked > interval / 2 {
            logger.warning(
                "a frame asked for is not drawn: no watchdog ping",
                metadata: ["waiting_s": "\(Decimal.format(now - asked, places: 1))"])
            return
        }
        notify("WATCHDOG=1")
    }
}

