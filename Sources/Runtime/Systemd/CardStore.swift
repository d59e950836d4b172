internal import Glibc
import DRM
import Display
import Logging

/// The DRM card kept in systemd's file-descriptor store, so a crash leaves no dark
/// screen (the Architecture article, "Displays"). A DRM framebuffer stays on screen as
/// long as the open file that made it does, and a file's DRM master with it: with a
/// duplicate of the card's descriptor in the store (FDSTORE=1, FDNAME=drm; the unit's
/// `FileDescriptorStoreMax=`), a killed kiosk's last frame stays scanned out while
/// systemd restarts it, and the new process gets the same file back in $LISTEN_FDS.
///
/// Only a process that dies without closing leaves the card there: an orderly exit
/// (SIGTERM, `systemctl stop`, an error exit) asks systemd to close its copy
/// (FDSTOREREMOVE=1), so the next start opens the card anew, as a cold boot does.
public enum CardStore {
    /// The name the card is stored under ($LISTEN_FDNAMES).
    public static let name = PassedDescriptors.cardName

    /// What systemd passed back, sorted out before the display opens: the kept card's
    /// descriptor for a DRM board (nil: none, or not usable). Every other passed
    /// descriptor, and the card on a board that is not DRM, is closed and dropped from the
    /// store with a warning; variables that don't hold (LISTEN_PID another process's, a bad
    /// LISTEN_FDS) are ignored with a warning, and the store is cleared so the next start
    /// is clean.
    public static func takeKeptCard(
        _ passed: PassedDescriptors, isDRM: Bool, notifier: SystemdNotifier, logger: Logger
    ) -> Int32? {
        if let problem = passed.problem {
            logger.warning("systemd's file-descriptor store: \(problem); opening the display anew")
            forget(name, notifier: notifier, logger: logger)
        }
        var card: Int32?
        for (fdName, fd) in passed.descriptors {
            if fdName == name && isDRM && card == nil {
                card = fd
                continue
            }
            logger.warning(
                "systemd passed descriptor \(fd) named \"\(fdName)\", which this \(isDRM ? "kiosk" : "non-DRM board") does not use: closed")
            close(fd)
            forget(fdName, notifier: notifier, logger: logger)
        }
        return card
    }

    /// After the display opened: stores a newly opened DRM card's descriptor (drops one
    /// that was refused first). Returns whether the display is a card kept over a
    /// restart, whose last frame is on screen now: the kiosk then resumes at home without
    /// the launch doors.
    public static func keep(_ display: any DisplayBackend, notifier: SystemdNotifier, logger: Logger) -> Bool {
        guard let drm = display as? DRMDisplay else { return false }
        if drm.keptCardRefusal != nil { forget(name, notifier: notifier, logger: logger) }
        if drm.isKeptCard { return true }
        guard notifier.isEnabled else { return false }
        do {
            try notifier.store(drm.cardDescriptor, name: name)
        } catch {
            logger.warning("sd_notify FDSTORE: \(error): a crash will leave the screen dark until the restart's first frame")
        }
        return false
    }

    /// At an orderly exit: systemd closes its copy of the card.
    public static func release(notifier: SystemdNotifier, logger: Logger) {
        forget(name, notifier: notifier, logger: logger)
    }

    static func forget(_ fdName: String, notifier: SystemdNotifier, logger: Logger) {
        do { try notifier.removeStored(name: fdName) } catch { logger.warning("sd_notify FDSTOREREMOVE: \(error)") }
    }
}
