import Display
import Glibc

extension FBDevDisplay {
    /// Whether the vertical blank can be waited for.
    public enum VSyncSupport: Equatable, Sendable {
        /// FBIO_WAITFORVSYNC waits: `present` waits for the blank.
        case supported
        /// The driver has no FBIO_WAITFORVSYNC (the errno it gave): frames are paced by
        /// the loop's timer, and a frame may tear.
        case unsupported(Errno)
        /// FBIO_WAITFORVSYNC succeeds without waiting: DRM's fbdev emulation does so on a
        /// driver without vblank interrupts (bochs, cirrus). Treated as unsupported.
        case returnsAtOnce
    }

    /// Waits for three vertical blanks: the second and third waits each take a whole
    /// refresh period (2 ms or more, up to 500 Hz) where the driver really waits. The
    /// shorter of the two under 1 ms means it doesn't (preemption only lengthens one).
    static func probeVSync(_ device: borrowing FramebufferDevice) throws(FramebufferError) -> VSyncSupport {
        do {
            try device.waitForVSync()
            var shortest = Double.infinity
            for _ in 0..<2 {
                let t = device.system.monotonicSeconds()
                try device.waitForVSync()
                shortest = min(shortest, device.system.monotonicSeconds() - t)
            }
            return shortest < 0.001 ? .returnsAtOnce : .supported
        } catch {
            switch error.errno.code {
            case ENODEV, ENXIO: throw error
            default: return .unsupported(error.errno)
            }
        }
    }

    /// Waits for the next vertical blank where the driver can; otherwise, and while the
    /// screen is switched off (a powered-down panel may have no blank to wait for),
    /// returns at once.
    func waitForVSync() throws(DisplayError) {
        guard vsync == .supported, isScreenOn else { return }
        do {
            try device?.waitForVSync()
            vsyncFailures = 0
        } catch {
            switch error.errno.code {
            case ENODEV: throw FBDevDisplay.failure(error)
            case ENOTTY, EINVAL, EOPNOTSUPP, ENOSYS:
                vsync = .unsupported(error.errno)
                log.warning("\(error): frames are paced by a timer from now on")
            default:
                // ETIMEDOUT and the like (a panel switched off): carry on unpaced.
                vsyncFailures += 1
                if vsyncFailures == 1 { log.warning("\(error); carrying on without waiting") }
            }
        }
    }
}
