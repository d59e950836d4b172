import Display

extension FBDevDisplay {
    /// Switches the screen off with FBIOBLANK FB_BLANK_POWERDOWN (the driver powers the
    /// panel down: its backlight and, where it can, the controller's output) or on with
    /// FB_BLANK_UNBLANK (`DisplayBackend.setScreenPower`). The ioctl goes the one way
    /// every ioctl here goes (EINTR and EAGAIN retried). While off, `present` writes video
    /// memory as before but waits for no vertical blank. After on, every buffer's age is
    /// 0: a shadow is copied out whole, in case the driver lost video memory powered down.
    /// - Throws: `.system` naming the device, FBIOBLANK and the errno (a driver that can't
    ///   blank answers EINVAL or ENOTTY), the state unchanged; `.unavailable` when the
    ///   device is gone.
    public func setScreenPower(_ on: Bool) throws(DisplayError) {
        guard device != nil, on != isScreenOn else { return }
        do {
            try device?.blank(on ? .unblank : .powerdown)
        } catch {
            throw FBDevDisplay.failure(error)
        }
        isScreenOn = on
        if on { shownInFrame = Array(repeating: nil, count: bufferCount) }
        log.info("fbdev: \(path) switched \(on ? "on (unblanked)" : "off (powered down)")")
    }

    /// At close: a screen switched off is unblanked, so the console shows; a failure is
    /// logged.
    func unblankForTheConsole() {
        guard !isScreenOn else { return }
        do {
            try device?.blank(.unblank)
            isScreenOn = true
        } catch {
            log.warning("\(error): the console may stay blank")
        }
    }
}
