internal import CDRM
import Display
internal import Glibc
import Raster

extension DRMDisplay {
    /// The back buffer: not on screen, not queued. After a dropped flip (or while there is
    /// no output) the buffer holding the newest frame comes back, so only new damage is
    /// drawn; otherwise the one holding the oldest frame.
    /// - Throws: `.alreadyAcquired`; `.unsupported` when every buffer is on screen or
    ///   queued (double buffering with a flip in flight: wait for `.frameShown`).
    public func acquire() throws(DisplayError) -> DisplayBuffer {
        if let acquired { throw .alreadyAcquired(index: acquired.index) }
        let free = buffers.filter { $0 !== front && $0 !== pendingFlip }
        let chosen: ScanoutBuffer
        if let retained, free.contains(where: { $0 === retained }) {
            chosen = retained
        } else if let oldest = free.min(by: {
            ($0.contentFrame ?? Int.min, $0.index) < ($1.contentFrame ?? Int.min, $1.index)
        }) {
            chosen = oldest
        } else {
            throw .unsupported("\(path): no free buffer while a page flip is in flight (wait for the flip's event)")
        }
        acquired = chosen
        let age = chosen.contentFrame.map { frame + 1 - $0 } ?? 0
        return DisplayBuffer(surface: chosen.surface, age: age, index: chosen.index)
    }

    /// Shows `buffer`: the first frame (and the first after an output came back or the
    /// turn changed) by a blocking modeset, every other by a page flip queued for the next
    /// vblank (`isFlipPending` until its `.frameShown`). Damage goes to DIRTYFB first, for
    /// drivers that copy out only what was marked (virtio-gpu, qxl, USB displays).
    /// Without an output, or with the screen switched off (`setScreenPower(false)`), the
    /// frame is kept, not shown: handed out next, and on again shows it.
    /// - Throws: `.notAcquired`; `.unsupported` when a flip is still in flight;
    ///   `.unavailable` when the device is gone (ENODEV); `.system` when a modeset fails,
    ///   also the one tried after a flip failed with EINVAL.
    public func present(_ buffer: DisplayBuffer, damage: [PixelRect]) throws(DisplayError) {
        guard let b = acquired, b.index == buffer.index else { throw .notAcquired(index: buffer.index) }
        guard pendingFlip == nil else {
            throw .unsupported("\(path): present while a page flip is in flight (wait for the flip's event)")
        }
        acquired = nil
        retained = nil
        frame += 1
        b.contentFrame = frame
        statistics.presented += 1
        guard isOutputAvailable, isScreenOn else {
            retained = b
            return
        }
        try markDirty(b, damage: damage)
        if needsModeset {
            try modeset(showing: b)
        } else {
            try flip(to: b)
        }
    }

    /// The state a modeset puts `b` on screen with, turned as the plane is asked to.
    func scanoutState(showing b: ScanoutBuffer) -> ScanoutState {
        ScanoutState(
            framebuffer: b.framebufferID, width: b.width, height: b.height, mode: mode,
            rotation: scanout is AtomicScanout ? plane.rotationValue(for: scanoutTurn) : nil)
    }

    /// Sets the mode showing `b`; blocks until it is on screen. Frees retired buffers.
    func modeset(showing b: ScanoutBuffer) throws(DisplayError) {
        do {
            try scanout.modeset(scanoutState(showing: b))
        } catch {
            throw fault(error)
        }
        statistics.modesets += 1
        if let legacy = scanout as? LegacyScanout, !legacy.refusedLeftOvers.isEmpty {
            log.warning(
                "drm: planes left on by another process stay on (the driver refused to switch them off): "
                    + legacy.refusedLeftOvers.joined(separator: "; "))
        }
        // When the modeset's vblank was isn't known (the call returns some time after it):
        // the first flip after it is reported as it comes.
        lastShown = nil
        front = b
        needsModeset = false
        retired.removeAll()
        if let left = leftBehind {
            leftBehind = nil
            removeLeftBehind(left)
        }
    }

    /// Frees what the process before left in a kept descriptor, now that this process's
    /// frame is on screen: its framebuffers (RmFB), its dumb buffers (their GEM handles)
    /// and its mode blob; then drops a flip event it had queued (the modeset waited for
    /// that flip, so its event is in the queue now), which would otherwise be taken for
    /// this process's first flip. A refusal is logged, never fatal.
    func removeLeftBehind(_ left: LeftBehind) {
        let ours = Set(buffers.map(\.framebufferID))
        var failed: [String] = []
        var framebuffers = 0
        for fb in left.framebuffers where !ours.contains(fb) {
            do { try device.io.removeFramebuffer(fb); framebuffers += 1 } catch { failed.append("\(error)") }
        }
        var handles = 0
        for h in left.handles {
            do { try device.io.destroyDumbBuffer(handle: h); handles += 1 } catch { failed.append("\(error)") }
        }
        let blob = left.modeBlob != 0 && (try? device.io.destroyBlob(left.modeBlob)) != nil
        _ = try? device.io.readEvents()
        log.info(
            "drm: removed what the process before left: \(framebuffers) framebuffers, \(handles) dumb buffers, "
                + "\(blob ? 1 : 0) mode blobs")
        if !failed.isEmpty { log.warning("drm: left-overs not removed: \(failed.joined(separator: "; "))") }
    }

    /// Queues a flip to `b`. EBUSY: waits a vblank and tries once more (a late frame),
    /// then drops the frame (it stays in `b`, handed out next). EINVAL: one full modeset.
    func flip(to b: ScanoutBuffer) throws(DisplayError) {
        do {
            try scanout.flip(to: b.framebufferID)
            pendingFlip = b
            return
        } catch  where error.errno == EBUSY {
            // Something else's commit is in flight (ours are waited for): give it a vblank.
            if device.io.waitForEvents(milliseconds: 2 * periodMilliseconds) { _ = try? device.io.readEvents() }
            do {
                try scanout.flip(to: b.framebufferID)
                pendingFlip = b
                statistics.lateFrames += 1
                warnCounted(statistics.lateFrames, "late frames (page flip busy, shown a vblank later)")
            } catch  where error.errno == EBUSY {
                statistics.droppedFrames += 1
                retained = b
                warnCounted(statistics.droppedFrames, "dropped frames (page flip busy twice)")
            } catch {
                try recover(showing: b, after: error)
            }
        } catch {
            try recover(showing: b, after: error)
        }
    }

    /// After a failed flip: EINVAL gets one full modeset (the connector probed again
    /// first: gone, it is an output lost; with other modes, an output back); anything
    /// else, and a failing modeset, is thrown.
    func recover(showing b: ScanoutBuffer, after failure: DRMError) throws(DisplayError) {
        guard failure.errno == EINVAL else { throw fault(failure) }
        statistics.recoveries += 1
        log.warning("drm: \(failure); setting the mode again")
        let probed: Connector
        do { probed = try device.connector(connector.id) } catch { throw fault(error) }
        guard probed.isConnected else {
            loseOutput(probed)
            queue(.outputLost("\(probed.name) \(probed.connection.rawValue) (found after a failed page flip)"))
            retained = b
            return
        }
        guard probed.modes.contains(where: { $0.hasTimings(of: mode) }) else {
            try adopt(probed)
            queue(.outputBack("\(probed.name) changed: \(mode)"))
            return
        }
        connector = probed
        try modeset(showing: b)
    }

    /// Marks `damage` of `b` dirty (DRM_IOCTL_MODE_DIRTYFB), clipped to the buffer, as
    /// one rectangle when there are more than the kernel takes. A driver that doesn't
    /// need it answers ENOSYS (or EINVAL, EOPNOTSUPP): it isn't asked again.
    ///
    /// Measured in QEMU (Linux 6.1): virtio-gpu shows what is drawn into the buffer on
    /// screen only after DIRTYFB, but a flip shows a whole new buffer without it; bochs
    /// answers ENOSYS. Vitrine never draws into the buffer on screen, so this is a hint
    /// for drivers that upload only marked damage, one ioctl a frame. Damage is not sent
    /// as the plane's FB_DAMAGE_CLIPS: Linux before 6.8 applies those to virtio-gpu's
    /// per-buffer host copies as if they were frame damage, leaving stale pixels.
    func markDirty(_ b: ScanoutBuffer, damage: [PixelRect]) throws(DisplayError) {
        guard marksDirty else { return }
        let bounds = PixelRect(width: b.width, height: b.height)
        var rects = damage.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        guard !rects.isEmpty else { return }
        if rects.count > DRMDisplay.maxDirtyRects { rects = [rects.reduce(rects[0]) { $0.union($1) }] }
        do {
            try device.io.dirtyFramebuffer(b.framebufferID, rects: rects)
        } catch {
            switch error.errno {
            case ENOSYS, EINVAL, EOPNOTSUPP, ENOTTY:
                marksDirty = false
            case ENODEV:
                throw fault(error)
            default:
                marksDirty = false
                log.warning("drm: \(error); damage is not marked any more")
            }
        }
    }

    /// DRM_MODE_FB_DIRTY_MAX_CLIPS: the most rectangles one DIRTYFB takes.
    static let maxDirtyRects = 256

    /// Logs the 1st, 10th, 100th, ... of a counted fault: rate-limited, never per frame.
    func warnCounted(_ count: Int, _ what: String) {
        var n = count
        while n % 10 == 0 { n /= 10 }
        if n == 1 { log.warning("drm: \(path): \(count) \(what)") }
    }

    /// Adds `event` for the loop and makes the timer fire at once.
    func queue(_ event: DisplayEvent) {
        queued.append(event)
        armTimer(at: nil)
    }

    /// Sets the timer to fire at `time` (CLOCK_MONOTONIC seconds), or at once when nil.
    func armTimer(at time: Double?) {
        var spec = itimerspec()
        if let time, time > 0 {
            spec.it_value.tv_sec = Int(time)
            spec.it_value.tv_nsec = Int((time - Double(Int(time))) * 1_000_000_000)
        } else {
            spec.it_value.tv_nsec = 1  // the earliest absolute time: already past
        }
        _ = timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }
}

extension Mode {
    /// Whether `other` has the same timings (ignoring the preferred flag and the name,
    /// which change with what else the sink lists).
    func hasTimings(of other: Mode) -> Bool {
        var a = timings
        var b = other.timings
        a.type = 0
        b.type = 0
        a.name = ""
        b.name = ""
        return a == b
    }
}
