import Display
internal import Glibc

extension DRMDisplay {
    /// Gives the screen back: waits (a few refresh periods at most) for a flip in flight,
    /// puts the CRTC's previous mode and framebuffer back, lit, when there was one and
    /// something was shown or the screen switched off, frees the buffers, stops hotplug
    /// monitoring, drops DRM master and closes the card. Idempotent; deinit calls it.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        settleFlip()
        // Switched off before the first frame, the console is dark too: put back as well.
        let touched = statistics.modesets > 0 || !isScreenOn
        if touched && savedCRTC.framebufferID != 0 && savedCRTC.mode != nil && !isGone {
            do {
                try scanout.restore(savedCRTC)
            } catch {
                // An atomic restore refused (the saved framebuffer's size, say): SetCrtc is laxer.
                let legacy = LegacyScanout(io: device.io, route: scanout.route)
                if scanout is LegacyScanout || (try? legacy.restore(savedCRTC)) == nil {
                    log.warning("drm: the previous mode of CRTC \(savedCRTC.id) was not restored: \(error)")
                }
            }
        }
        front = nil
        acquired = nil
        retained = nil
        buffers.removeAll()
        retired.removeAll()
        scanout.release()
        hotplug?.close()
        hotplug = nil
        Glibc.close(timer)
        device.close()
        let s = statistics
        log.info(
            "drm: \(path) closed after \(s.presented) frames: \(s.modesets) modesets, \(s.lateFrames) late, "
                + "\(s.droppedFrames) dropped, \(s.recoveries) recoveries")
    }
}
