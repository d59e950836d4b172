import Compositor
import Display
import FixedPoint
import Logging
import Rotation

/// Orientation while running. The rotation service (`RotationService`) owns it: the
/// board's mount and source, what the panel or the accelerometer says, what `rotate`
/// asked for (over the control socket, or a touch script's `rotate` line). A change is
/// carried out at the next frame: touches in progress are cancelled, the show is laid out
/// anew for the new logical size (on the screen it was showing), and the old frame turns
/// into the new layout (`TurnTransition`). During the launch's wait for a first
/// orientation the scene is simply rebuilt for it, doors closed, and the launch goes on.
extension Kiosk {
    /// The service's first word, before the first frame: the panel's "panel orientation"
    /// for `panel`; for `iio`, the accelerometer found and sampled once (a failure is the
    /// service's to note: the launch then waits for a good sample, at most a second).
    /// Returns the accelerometer found, if any.
    static func firstOrientation(
        _ rotation: inout RotationService, settings: KioskSettings, display: any DisplayBackend, logger: Logger
    ) -> IIOSampler? {
        var accelerometer: IIOSampler?
        switch settings.rotationSource {
        case .panel:
            let reported = display.panelOrientation
            rotation.panelOrientation(named: reported?.value, connector: reported?.output)
        case .iio:
            do throws(IIOError) {
                let found = try IIOSampler(try IIOAccelerometer.find(settings.iioDevice, root: settings.iioRoot))
                accelerometer = found
                logger.info("rotation: accelerometer \(found.device), sampled every \(RotationService.iioSampleInterval) s")
                rotation.iioSample(Result { () throws(IIOError) in try found.read() })
            } catch {
                rotation.iioSample(.failure(error))
            }
        case .fixed, .control:
            break
        }
        log(rotation.takeNotices(), to: logger)
        return accelerometer
    }

    static func log(_ notices: [RotationNotice], to logger: Logger) {
        for n in notices {
            switch n.level {
            case .warning: logger.warning("\(n.text)")
            case .info: logger.info("\(n.text)")
            }
        }
    }

    /// Sets the orientation timer after the first frame: every sample interval for iio,
    /// else once at the end of the launch's wait, if it waits.
    func armOrientation() {
        if rotation.source == .iio {
            let dt = RotationService.iioSampleInterval
            orientationTimer.arm(after: dt, every: dt)
        } else if scene.isWaitingForOrientation, let deadline = rotation.waitDeadline {
            orientationTimer.arm(at: startTime + deadline)
        }
    }

    /// The orientation timer fired: a sample (iio), and the launch's wait ended if it is
    /// over.
    func orientationTick() {
        if rotation.source == .iio {
            if accelerometer == nil {
                // Not found at start, or gone: looked for again. Why it still cannot be
                // read goes to the service, which warns about a new reason once (a bad
                // scale once the device is back) and not again about its absence.
                do throws(IIOError) {
                    accelerometer = try IIOSampler(try IIOAccelerometer.find(settings.iioDevice, root: settings.iioRoot))
                } catch {
                    rotation.iioSample(.failure(error))
                }
            }
            if let device = accelerometer {
                do throws(IIOError) {
                    rotation.iioSample(.success(try device.read()))
                } catch {
                    accelerometer = nil
                    rotation.iioSample(.failure(error))
                }
            }
            Self.log(rotation.takeNotices(), to: logger)
        }
        orientationChanged()
    }

    /// Asks for `request` (`auto`: back to the board's source); returns the orientation
    /// the next frame will be drawn in. `by` names who asked, for the log.
    @discardableResult
    func rotate(_ request: RotationRequest, by who: String) -> Orientation {
        let before = rotation.orientation
        switch request {
        case .to(let o): rotation.rotate(o)
        case .auto: rotation.rotate(nil)
        }
        if rotation.orientation != before {
            logger.info("\(who): rotate \(request): orientation \(before) -> \(rotation.orientation)")
        }
        orientationChanged()
        return rotation.orientation
    }

    /// After any input to the service: ends the launch's wait once the service no longer
    /// waits, and asks for a frame in the service's orientation if it differs.
    func orientationChanged() {
        let t = now
        if scene.isWaitingForOrientation && !rotation.isWaiting(now: t) {
            launchOrientationKnown(at: t)
            return
        }
        let pending = rotation.orientation == orientation ? nil : rotation.orientation
        if pending != nil && pendingOrientation == nil { orientationAskedAt = t }
        pendingOrientation = pending
        if pendingOrientation != nil { requestFrame() }
    }

    /// The launch waited for the orientation and has it now: the scene rebuilt for it if
    /// it is another one (still the launch, doors closed: no turn to show), then the
    /// doors' hold starts.
    private func launchOrientationKnown(at t: Double) {
        if rotation.orientation != orientation {
            let previous = orientation
            orientation = rotation.orientation
            do {
                try rebuild(resume: nil, orientationKnown: false)
            } catch {
                orientation = previous
                logger.error("rotation: the launch in orientation \(rotation.orientation): \(error); keeping \(previous)")
            }
        }
        logger.info("rotation: orientation \(orientation) (\(rotation.sourceText)) after \(Decimal.format(t, places: 3)) s")
        scene.orientationKnown(at: t)
        pendingOrientation = nil
        requestFrame()
    }

    /// Once the kiosk first rests after its launch, with a source that can turn it at run
    /// time (iio, control): the scene of the other logical size is built once, off
    /// screen, so that its pictures are resampled ahead (the show's picture cache keeps
    /// them: its budget grows by a screen for it) and no turn there pays for resampling a
    /// screen-sized wallpaper, several frames' time. Memory: that orientation's pictures.
    /// Done again for a show reloaded (its pictures are new).
    func prewarmTurn() {
        guard !turnPrewarmed, rotation.source == .iio || rotation.source == .control, scene.screen != "launch"
        else { return }
        turnPrewarmed = true
        let began = now
        let (w, h) = Self.prepareTurn(program: program, from: orientation, panelWidth: display.width, panelHeight: display.height)
        logger.debug("rotation: the \(w)x\(h) layout's pictures made ahead in \(Decimal.format((now - began) * 1000, places: 1)) ms")
    }

    /// Builds home at the logical size a quarter turn from `orientation` gives, off
    /// screen and thrown away, so that the show's picture cache holds its pictures (the
    /// cache keeps both orientations' from now on): a turn's request frame then finds them
    /// made, where resampling and drawing a screen-sized wallpaper was most of its work.
    /// The kiosk and `vitrine render` call it once at rest. Returns the size built,
    /// logical pixels.
    @discardableResult
    static func prepareTurn(program: any ShowProgram, from orientation: Orientation, panelWidth: Int, panelHeight: Int)
        -> (width: Int, height: Int)
    {
        program.keepPicturesForBothOrientations()
        let other = orientation.turned(by: .clockwise90)
        let (w, h) = other.logicalSize(panelWidth: panelWidth, panelHeight: panelHeight)
        _ = program.makeScene(root: Layer(name: "prewarm"), width: w, height: h, resume: "home", orientationKnown: true)
        return (w, h)
    }

    /// Turns to the pending orientation, if any, before the frame at `t` is drawn. A
    /// failure (no memory for the new surfaces) keeps the old orientation, logged.
    func applyPendingOrientation(at t: Double) {
        guard let wanted = pendingOrientation else { return }
        pendingOrientation = nil
        guard wanted != orientation else { return }
        let previous = orientation
        let began = now
        // The old frame as it was last drawn: the picture that turns (the steps shared
        // with `vitrine render`).
        let change = OrientationChange(
            from: previous, to: wanted, screen: scene.screen, pipeline: pipeline, running: transition)
        transition = nil
        let snapped = now
        orientation = wanted
        do {
            try rebuild(resume: change.resume)
            logger.debug(
                "rotation: old frame captured in \(Decimal.format((snapped - began) * 1000, places: 1)) ms, pipeline and scene for \(wanted) made in \(Decimal.format((now - snapped) * 1000, places: 1)) ms"
            )
        } catch {
            orientation = previous
            logger.error("rotate to \(wanted): \(error); staying at \(previous)")
            return
        }
        transition = change.turn(in: pipeline, at: t)
        turnInThisFrame = (orientationAskedAt ?? began, (now - began) * 1000)
        orientationAskedAt = nil
    }
}
