import Display
import FixedPoint

/// The display's events: flips landing (the next frame is drawn then), an output lost or
/// back after a hotplug (or a window resized), a window closed.
extension Kiosk {
    /// Reads what `fd` (one of the display's descriptors) has, and acts on it.
    func displayEvents(on fd: Int32) throws(KioskError) {
        let wasAvailable = display.isOutputAvailable
        var shownAt: Double?
        var lost: String?
        var back: String?
        var closed: String?
        do {
            try display.handleEvents(on: fd) { event in
                switch event {
                case .frameShown(let vblank): shownAt = vblank
                // Only where a batch ends counts (a storm of configures can lose and
                // find the window several times over in one read).
                case .outputLost(let what): (lost, back) = (what, nil)
                case .outputBack(let what): (lost, back) = (nil, what)
                case .closeRequested(let why): closed = why
                }
            }
        } catch {
            throw KioskError(error)
        }
        windowInput()
        if let closed {
            logger.info("\(closed): stopping")
            stopRequested = true
            return
        }
        if let lost {
            logger.warning("output lost: \(lost); running without one until it is back")
            notify("STATUS=No output (\(lost))")
        }
        if let back { try outputBack(back, resized: wasAvailable) }
        if let vblank = shownAt {
            let period = 1 / display.refreshRate
            flips.shown(at: vblank, period: period)
            if flips.shown == 1 {
                // The first frame is on screen (its page flip or frame callback done).
                let sinceExec = ProcessAge.seconds().map { "\(Decimal.format($0 * 1000, places: 0)) ms since exec" }
                logger.info("first frame shown\(sinceExec.map { ", \($0)" } ?? "")")
            }
            touchStats.flipShown(at: vblank - startTime)
            wakeLatency.flipShown(at: vblank - startTime)
            guard frameWanted, !display.isFlipPending else { return }
            // Drawn now, on screen at the next vblank: that is the frame's time.
            flips.dueVblank = vblank + period
            frameDeadline = nil
            frameTimer.disarm()
            try frame(at: vblank + period - startTime, force: false)
            prepareAhead()
            scheduleIfMoving()
        }
    }

    /// An output came back (maybe with another mode): a fresh pipeline if the panel's
    /// size changed, and a whole frame either way. `resized`: it never went (a window's
    /// new size: at debug level, since dragging a window's edge resizes it at every
    /// frame).
    func outputBack(_ what: String, resized: Bool = false) throws(KioskError) {
        if resized { logger.debug("output resized: \(what)") } else { logger.info("output back: \(what)") }
        if display.width == pipeline.panelWidth && display.height == pipeline.panelHeight {
            forceNext = true
            requestFrame()
        } else {
            try rebuild(resume: scene.screen == "launch" ? "home" : scene.screen)
            forceNext = true
        }
        notify("STATUS=Showing \(scene.screen)")
    }
}
