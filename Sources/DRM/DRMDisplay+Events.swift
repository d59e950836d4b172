import FixedPoint
import Display
internal import Glibc

extension DRMDisplay {
    /// Handles what is ready on `descriptor`: page-flip events on the card (each a
    /// `.frameShown` with its vblank time), hotplug events (the connector probed again:
    /// `.outputLost` or `.outputBack`), or events queued while presenting.
    /// - Throws: `.unavailable` when the card is gone (ENODEV), `.system` when reading
    ///   fails otherwise or a returning output can't get buffers.
    public func handleEvents(on descriptor: Int32, report: (DisplayEvent) -> Void) throws(DisplayError) {
        guard !isClosed else { return }
        if descriptor == device.descriptor {
            let events: [FlipEvent]
            do { events = try device.io.readEvents() } catch { throw fault(error) }
            for event in events { flipped(event, report: report) }
        } else if let hotplug, descriptor == hotplug.descriptor {
            let uevents = hotplug.pending()
            if uevents.contains(where: { $0.isHotplug(of: nodePath) }) { try reprobe(report: report) }
        } else if descriptor == timer {
            var expirations: UInt64 = 0
            _ = read(timer, &expirations, 8)
            let events = queued
            queued.removeAll()
            events.forEach(report)
            if let due = deferredShown {
                if device.io.now() >= due - 0.0005 {
                    deferredShown = nil
                    shown(at: due, report: report)
                } else {
                    armTimer(at: due)
                }
            }
        }
    }

    /// A queued flip completed. Reported now when it took about a refresh period or more
    /// since the frame before; sooner (a driver without vblank, whose flips complete at
    /// once), when that period is over: the timer fires then.
    func flipped(_ event: FlipEvent, report: (DisplayEvent) -> Void) {
        guard pendingFlip != nil, deferredShown == nil else { return }
        let period = 1 / refreshRate
        if let last = lastShown, event.time - last < 0.75 * period {
            deferredShown = last + period
            armTimer(at: last + period)
            return
        }
        shown(at: event.time, report: report)
    }

    /// The flip in flight is on screen since `time`: its buffer is the front one.
    func shown(at time: Double, report: (DisplayEvent) -> Void) {
        guard let shown = pendingFlip else { return }
        pendingFlip = nil
        front = buffers.contains { $0 === shown } ? shown : nil
        lastShown = time
        report(.frameShown(vblank: time))
    }

    /// Probes the connector again after a hotplug event and follows it: gone, output
    /// stops; back (or with its mode gone), the mode is chosen again and buffers are
    /// made for it when the size changed.
    func reprobe(report: (DisplayEvent) -> Void) throws(DisplayError) {
        let probed: Connector
        do { probed = try device.connector(connector.id) } catch { throw fault(error) }
        let usable = probed.isConnected && !probed.modes.isEmpty
        switch (isOutputAvailable, usable) {
        case (true, false):
            loseOutput(probed)
            report(.outputLost("\(probed.name) \(probed.connection.rawValue)"))
        case (false, true):
            try adopt(probed)
            report(.outputBack("\(probed.name) connected: \(mode)"))
        case (true, true) where !probed.modes.contains(where: { $0.hasTimings(of: mode) }):
            try adopt(probed)
            report(.outputBack("\(probed.name) changed: \(mode)"))
        default:
            connector = probed
        }
    }

    /// No output: frames are kept, not shown, until the connector comes back.
    func loseOutput(_ probed: Connector) {
        connector = probed
        isOutputAvailable = false
    }

    /// Takes the connector as it is now: the mode chosen again (the board's when offered,
    /// else the preferred), new buffers when the size changed, every buffer's age reset,
    /// a modeset at the next `present`.
    func adopt(_ probed: Connector) throws(DisplayError) {
        let (chosen, note, missed) = OutputChoice.mode(settings.mode, of: probed)
        if missed, let asked = settings.mode {
            log.warning("drm: \(probed.name) offers no \(asked); using \(chosen) (\(note))")
        }
        let size =
            scanoutTurn?.turnedSize(width: chosen.width, height: chosen.height) ?? (
                width: chosen.width, height: chosen.height
            )
        if size.width != bufferWidth || size.height != bufferHeight {
            let chain = try DRMDisplay.makeBuffers(
                io: device.io, count: settings.buffers, width: size.width, height: size.height, format: settings.format)
            retire(replacingWith: chain)
        }
        for b in buffers { b.contentFrame = nil }
        retained = nil
        // A flip queued before the output went may never complete: the next frame is a
        // modeset anyway, and an event arriving late finds nothing pending.
        pendingFlip = nil
        deferredShown = nil
        lastShown = nil
        connector = probed
        mode = chosen
        needsModeset = true
        isOutputAvailable = true
    }

    /// Puts `chain` in place of the buffers, which are kept until the next modeset has
    /// taken the last of them off screen.
    func retire(replacingWith chain: [ScanoutBuffer]) {
        retired.append(contentsOf: buffers)
        buffers = chain
        front = nil
        acquired = nil
        retained = nil
    }
}
