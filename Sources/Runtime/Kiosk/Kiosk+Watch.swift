import Compositor
import FixedPoint
import LinuxSystem

/// `vitrine run --watch`: the show folder's edits reload the show (`ShowWatch`), on the
/// screen shown; a reload that fails keeps the last good show under a banner that says
/// why (`ReloadBanner`) until one succeeds.
extension Kiosk {
    /// The watch's inotify descriptor is readable: its events start or extend a burst.
    func showWatchEvents() {
        guard let watch else { return }
        do {
            try watch.readEvents(now: MonotonicClock.now())
        } catch {
            // Not seen in practice (the buffer holds any event); a descriptor that keeps
            // failing would wake the loop without end, so the watch ends here.
            logger.error("--watch: \(error); no longer watching \(watch.folder): reload by hand (SIGHUP, vitrine ctl reload)")
            self.watch = nil
        }
    }

    /// The watch's timer fired: a burst is over (or the show folder is back): reload,
    /// keeping the screen.
    func showWatchTimerFired() {
        guard let watch, watch.timerFired(now: MonotonicClock.now()) else { return }
        logger.debug(
            "--watch: \(watch.folder) changed: reloading",
            metadata: ["events": "\(watch.eventsSeen)", "overflows": "\(watch.overflows)"])
        reload(keepingScreen: true)
    }

    /// Watches the show folder afresh for the show playing now (its pictures' folders),
    /// after every reload, good or bad: a folder deleted and made again, or a manifest
    /// that names other folders, is watched as it is now. A show folder that cannot be
    /// watched is said once (the banner says it too: the reload fails).
    func armWatch() {
        guard let watch else { return }
        let pictures = (program as? ShowPlayback)?.show.namedPictures.map(\.path) ?? []
        let before = watch.folderProblem
        watch.arm(pictures: pictures)
        if let problem = watch.folderProblem, problem != before {
            logger.warning(
                "--watch: cannot watch the show folder: \(problem); looking again every \(Decimal.format(ShowWatch.retryInterval, places: 0)) s")
        }
    }

    /// Shows, replaces or takes away the banner to match the last reload (`reloadError`),
    /// on the layer tree on screen; only with `--watch` (a kiosk in a public place keeps
    /// its screen: a failed reload there is in the log and `status`).
    func placeBanner() {
        let message = watch == nil ? nil : reloadError
        if let banner = reloadBanner, banner.message == message, banner.layer.superlayer === pipeline.compositor.root {
            return
        }
        if reloadBanner == nil && message == nil { return }
        reloadBanner?.layer.removeFromSuperlayer()
        reloadBanner = nil
        if let message {
            let layer = ReloadBanner.layer(message: message, width: pipeline.logicalWidth, height: pipeline.logicalHeight)
            pipeline.compositor.root.addSublayer(layer)
            reloadBanner = (layer, message)
        }
        requestFrame()
    }
}
