import Display

extension DRMDisplay {
    /// Switches the output off or on (`DisplayBackend.setScreenPower`).
    ///
    /// Off: a flip in flight is let complete first (`settleFlip`: it counts as shown, no
    /// `.frameShown` comes for it), then the scanout path switches the output off (atomic:
    /// the CRTC's ACTIVE = 0 in a commit tested first; legacy: the connector's DPMS off),
    /// the connector still bound and the mode kept. It is done with or without an output
    /// (an unplugged panel plugged back in while off stays dark). While off, `present`
    /// keeps each frame and shows nothing: no flip is queued, so `isFlipPending` stays
    /// false, and a hotplug only chooses the mode again.
    ///
    /// On: a full modeset showing the newest frame (one presented while off, else the one
    /// on screen when it went off), ACTIVE = 1 with the mode blob and the framebuffer
    /// (legacy: SetCrtc, then DPMS on); with no output or no frame yet, the next `present`
    /// does it. Every buffer's age is 0 after it.
    /// - Throws: `.system` naming the card, the call and the errno, with the display as it
    ///   was (still on after a failed off, still off after a failed on); `.unavailable`
    ///   when the card is gone.
    public func setScreenPower(_ on: Bool) throws(DisplayError) {
        guard !isClosed, on != isScreenOn else { return }
        if on {
            try switchOn()
        } else {
            try switchOff()
        }
    }

    /// Lets the flip in flight complete: waits a few refresh periods at most for its
    /// event and reads it. Either way the flip counts as shown (its buffer is the front
    /// one; no `.frameShown` is reported for it), and an event coming later finds nothing
    /// pending.
    func settleFlip() {
        guard let flipped = pendingFlip else { return }
        if deferredShown == nil, !isGone,
            device.io.waitForEvents(milliseconds: min(1000, max(50, 3 * periodMilliseconds)))
        {
            _ = try? device.io.readEvents()
        }
        pendingFlip = nil
        deferredShown = nil
        lastShown = nil
        front = buffers.contains { $0 === flipped } ? flipped : nil
    }

    private func switchOff() throws(DisplayError) {
        settleFlip()
        do { try scanout.switchOff() } catch { throw fault(error) }
        isScreenOn = false
        log.info("drm: \(connector.name) switched off (\(offDescription))")
    }

    private func switchOn() throws(DisplayError) {
        if isOutputAvailable, let newest = retained ?? front {
            try modeset(showing: newest)
        } else {
            needsModeset = true
        }
        for b in buffers { b.contentFrame = nil }
        retained = nil
        isScreenOn = true
        log.info("drm: \(connector.name) switched on (\(needsModeset ? "at the next frame" : "mode set: \(mode)"))")
    }

    /// What switching off did, for the log: "CRTC 34 inactive", "DPMS off".
    private var offDescription: String {
        scanout is AtomicScanout ? "CRTC \(scanout.route.crtc.id) inactive" : "DPMS off"
    }
}
