import Display
import Glibc
import Raster

/// A Linux framebuffer (/dev/fbN) as a display: for boards without DRM/KMS, and for
/// DRM drivers through their fbdev emulation.
///
/// Buffering, decided at `open`:
/// - **Panning** (2 or 3 buffers): when the driver can pan vertically (`ypanstep` > 0),
///   is not DRM's fbdev emulation (whose pans were seen not to reach the scanout), and
///   the virtual height holds the pages (asked for with FBIOPUT_VSCREENINFO when it
///   doesn't, the driver's answer accepted). Each page is a buffer in video memory;
///   `present` pans to it (FBIOPAN_DISPLAY), then waits for the vertical blank, so the
///   page shown before is off screen when it is handed out again. `prefersShadow` is
///   true: video memory is often uncached (write-combined), slow to blend in, so the
///   compositor blends in ordinary memory and copies the repaired rectangles out.
/// - **One buffer** otherwise: the visible page can't be drawn into without tearing, so
///   `acquire` hands out a shadow surface in ordinary memory (always age 1 once shown),
///   and `present` waits for the vertical blank and copies the damaged rectangles into
///   video memory, from the top, as the beam starts a new frame. `prefersShadow` is
///   false: the buffer handed out already is one.
///
/// Pacing: no event descriptors. Where FBIO_WAITFORVSYNC works, `present` returns at a
/// vertical blank; where it doesn't (ENOTTY, EINVAL), or returns without waiting (DRM's
/// fbdev emulation on a driver without vblank interrupts: bochs and cirrus in QEMU), it
/// is never tried again and the loop paces frames with its own timer at `refreshRate`,
/// computed from the pixel clock and margins when the driver reports them, else 60 Hz.
/// A pan then takes effect at the driver's next blank, which comes before the timer's
/// next frame draws into the page that was on screen.
///
/// The console: fbcon keeps drawing its cursor and text into /dev/fbN (seen in QEMU: a
/// blinking cursor cell over the frames) unless its terminal is in graphics mode; give
/// `open` a `console` to switch. `close` pans back to where the console was, or restores
/// the virtual size it had, then puts the console back in text mode.
public final class FBDevDisplay: DisplayBackend {
    public let path: String
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    public let refreshRate: Double
    /// Buffers handed out in turn: 2 or 3 panned pages, or 1 (the shadow).
    public let bufferCount: Int
    /// The variable and fixed screen information in use (after any change of the
    /// virtual height).
    public let variableInfo: FramebufferVariableInfo
    public let fixedInfo: FramebufferFixedInfo
    /// Whether `present` waits for the vertical blank with FBIO_WAITFORVSYNC.
    public private(set) var vsync: VSyncSupport
    public var isPanning: Bool { bufferCount > 1 }
    public var prefersShadow: Bool { isPanning }
    public var name: String { "fbdev \(path) \(width)x\(height) \(variableInfo.bitsPerPixel)bpp" }

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

    private var device: FramebufferDevice?
    private var mapping: FramebufferMapping?
    /// The virtual terminal kept in graphics mode while open.
    private var console: ConsoleGraphicsMode?
    /// Video memory: the panned pages, or the one visible page.
    private let pages: [Surface]
    /// One-buffer mode: what the compositor draws into.
    private let shadow: Surface?
    /// The variable information as found, for `close`.
    private let original: FramebufferVariableInfo
    /// The virtual height was changed at `open`: `close` puts `original` back.
    private let changedVirtualSize: Bool
    /// The variable information last panned to.
    private var current: FramebufferVariableInfo
    /// The frame number each buffer was last presented in (nil: never).
    private var shownInFrame: [Int?]
    private var frame = 0
    private var next: Int
    private var acquired: Int?
    private var vsyncFailures = 0
    private let log: DisplayLog

    /// Opens `path`, reads its screen information, unblanks it, sets up `buffers` pages
    /// (or one, see the type's notes) and maps the video memory.
    /// - Parameters:
    ///   - buffers: 1, 2 or 3 (the board's `display.buffers`); fewer are used when the
    ///     driver can't pan or hold them.
    ///   - console: the virtual terminal to switch to graphics mode while the display is
    ///     open, so that fbcon doesn't draw its cursor and text over the frames
    ///     (`.path("/dev/tty0")` as root, or `.standardInput` under a unit with
    ///     `TTYPath=` and `StandardInput=tty`). Nil leaves the console alone. A failure
    ///     is logged, not thrown.
    ///   - system: the system calls (a fake driver in tests).
    /// - Throws: `.unavailable` for a missing node or permission denied (naming the video
    ///   group) or a device gone; `.unsupported` for a pixel layout other than 32 bpp
    ///   xrgb8888 and 16 bpp rgb565, naming the bits and offsets found; `.system` naming
    ///   the ioctl and errno.
    public static func open(
        path: String = "/dev/fb0", buffers: Int = 2, console terminal: ConsoleTerminal? = nil, log: DisplayLog,
        system: any FramebufferSystem = LinuxFramebufferSystem()
    ) throws(DisplayError) -> FBDevDisplay {
        guard (1...3).contains(buffers) else { throw .unsupported("\(buffers) buffers (1, 2 or 3)") }
        let device: FramebufferDevice
        do {
            device = try FramebufferDevice(path: path, system: system)
        } catch {
            throw openFailure(error)
        }
        let original: FramebufferVariableInfo
        var fixed: FramebufferFixedInfo
        do {
            original = try device.variableInfo()
            fixed = try device.fixedInfo()
        } catch {
            throw failure(error)
        }
        let format = try scanoutFormat(path: path, variable: original, fixed: fixed)
        let width = original.xres
        let height = original.yres
        guard width > 0, height > 0 else { throw .unsupported("\(path): visible size \(width)x\(height)") }

        // Graphics mode before any mode change, text mode after every restore: fbcon
        // ignores mode changes made in graphics mode and, back in text mode, sets the
        // mode it recorded last (seen with cirrusfb: a virtual height changed while the
        // console was in text mode came back after close).
        var console: ConsoleGraphicsMode? = nil
        if let terminal {
            do {
                console = try ConsoleGraphicsMode(terminal, system: system)
            } catch {
                log.warning(
                    "\(error): the console may draw over the frames"
                        + " (KDSETMODE needs the terminal as the controlling one, or root)")
            }
        }

        do {
            try device.blank(.unblank)
        } catch {
            // EINVAL/ENOTTY: the driver can't blank, so it isn't blanked.
            if error.errno.code != EINVAL && error.errno.code != ENOTTY {
                guard error.errno.code != ENODEV else { throw failure(error) }
                log.warning("\(error); the screen may stay blank")
            }
        }

        // Pages to pan between: ask for the virtual height when it is short, for fewer
        // pages when the driver refuses, and take what it answers.
        var variable = original
        var changed = false
        // DRM's fbdev emulation ("<driver>drmfb") is not panned: on Linux 6.1 with bochs
        // FBIOPAN_DISPLAY succeeds and var.yoffset moves, but the scanout keeps showing
        // the first page (seen in QEMU through screendumps). It keeps a shadow of its own
        // and copies damage out in a worker; the drm backend is what flips pages there.
        let isDRMEmulation = fixed.id.hasSuffix("drmfb")
        if isDRMEmulation && buffers > 1 {
            log.info(
                "\(path) is DRM's fbdev emulation (\(fixed.id)): one buffer, not panned (the drm backend flips pages)")
        }
        let canPan = !isDRMEmulation && fixed.ypanstep > 0 && height % fixed.ypanstep == 0
        var want = buffers
        var refused: (asked: Int, errno: Errno)?
        while want > 1 && canPan && variable.yresVirtual < want * height {
            var asked = variable
            asked.yresVirtual = want * height
            asked.xoffset = 0
            asked.yoffset = 0
            asked.activate = 0  // FB_ACTIVATE_NOW
            do {
                try device.setVariableInfo(&asked)
                let v = try device.variableInfo()
                let f = try device.fixedInfo()
                let sameMode =
                    v.xres == width && v.yres == height
                    && (try? scanoutFormat(path: path, variable: v, fixed: f)) == format
                if sameMode {
                    changed = v.yresVirtual != original.yresVirtual || v.yoffset != original.yoffset
                    variable = v
                    fixed = f
                } else {
                    // The driver changed the mode itself: put it back, use one page.
                    var back = original
                    back.activate = 0  // FB_ACTIVATE_NOW
                    try device.setVariableInfo(&back)
                    fixed = try device.fixedInfo()
                    log.warning(
                        "\(path): asking for a virtual height of \(want * height) changed the mode to \(v); restored")
                }
                refused = nil
                break
            } catch {
                guard error.errno.code != ENODEV else { throw failure(error) }
                refused = (want * height, error.errno)
                want -= 1
            }
        }
        if let refused {
            log.info(
                "\(path): the driver keeps a virtual height of \(variable.yresVirtual) lines"
                    + " (asked for \(refused.asked)): \(refused.errno)")
        }

        let bytesPerPixel = format.bytesPerPixel
        let stride = fixed.lineLength > 0 ? fixed.lineLength : variable.xresVirtual * bytesPerPixel
        let smem = fixed.smemLength
        let pageBytes = stride * height
        let available = canPan ? min(variable.yresVirtual / height, smem / max(pageBytes, 1)) : 1
        let pageCount = max(1, min(buffers, available))

        // Where the picture starts in video memory: page 0 when panning, else where the
        // console scans out now.
        let firstByte =
            pageCount > 1 ? 0 : variable.yoffset * stride + variable.xoffset * bytesPerPixel
        let needed = firstByte + stride * (pageCount * height - 1) + width * bytesPerPixel
        guard smem >= needed else {
            throw undo(
                device, to: original, if: changed,
                .unsupported(
                    "\(path): \(smem) bytes of video memory can't hold \(pageCount) \(width)x\(height) page(s)"
                        + " at offset \(variable.xoffset),\(variable.yoffset), \(stride) bytes a row"))
        }

        // Video memory is mapped from a page boundary: smem_start's offset in its page
        // comes before the first pixel.
        let inPage = Int(fixed.smemStart % UInt(max(system.pageSize, 1)))
        let mapping: FramebufferMapping
        do {
            mapping = try device.map(length: smem + inPage)
        } catch {
            throw undo(device, to: original, if: changed, failure(error))
        }
        let base = mapping.address + inPage + firstByte
        var pages: [Surface] = []
        do {
            for i in 0..<pageCount {
                pages.append(
                    try Surface(
                        borrowing: base + i * pageBytes, byteCount: smem - firstByte - i * pageBytes,
                        width: width, height: height, stride: stride, format: format))
            }
        } catch {
            throw undo(device, to: original, if: changed, .unsupported("\(path): video memory as a surface: \(error)"))
        }
        let shadow: Surface?
        do {
            shadow = pageCount > 1 ? nil : try Surface(width: width, height: height, format: format)
        } catch {
            throw undo(device, to: original, if: changed, .unsupported("\(path): shadow surface: \(error)"))
        }

        let vsync: VSyncSupport
        do {
            vsync = try probeVSync(device)
        } catch {
            throw undo(device, to: original, if: changed, failure(error))
        }

        let display = FBDevDisplay(
            path: path, device: device, mapping: mapping, format: format, pages: pages, shadow: shadow,
            original: original, variable: variable, fixed: fixed, changed: changed, vsync: vsync,
            console: console, log: log)
        log.info(display.setupDescription)

        return display
    }

    private init(
        path: String, device: consuming FramebufferDevice, mapping: consuming FramebufferMapping,
        format: PixelFormat, pages: [Surface], shadow: Surface?, original: FramebufferVariableInfo,
        variable: FramebufferVariableInfo, fixed: FramebufferFixedInfo, changed: Bool, vsync: VSyncSupport,
        console: consuming ConsoleGraphicsMode?, log: DisplayLog
    ) {
        self.console = console
        self.path = path
        self.device = .some(device)
        self.mapping = .some(mapping)
        self.format = format
        self.pages = pages
        self.shadow = shadow
        self.original = original
        self.current = variable
        self.variableInfo = variable
        self.fixedInfo = fixed
        self.changedVirtualSize = changed
        self.vsync = vsync
        self.log = log
        width = variable.xres
        height = variable.yres
        bufferCount = pages.count
        refreshRate = variable.timingRefreshRate ?? 60
        shownInFrame = Array(repeating: nil, count: pages.count)
        // The page on screen now is shown: draw into the next one first.
        let onScreen =
            variable.xoffset == 0 && variable.yoffset % variable.yres == 0 ? variable.yoffset / variable.yres : nil
        if pages.count > 1, let onScreen, onScreen < pages.count {
            next = (onScreen + 1) % pages.count
        } else {
            next = 0
        }
    }

    deinit {
        close()
    }

    /// One line for the log at open: what was found and chosen.
    private var setupDescription: String {
        let buffering =
            isPanning
            ? "\(bufferCount) buffers by panning (virtual height \(variableInfo.yresVirtual))"
            : "1 buffer and a shadow (virtual height \(variableInfo.yresVirtual), ypanstep \(fixedInfo.ypanstep))"
        let pacing =
            switch vsync {
            case .supported: "FBIO_WAITFORVSYNC"
            case .unsupported(let e): "a timer (no FBIO_WAITFORVSYNC: \(e))"
            case .returnsAtOnce: "a timer (FBIO_WAITFORVSYNC returns without waiting)"
            }
        let hz = (refreshRate * 100).rounded() / 100
        return "fbdev \(path) \"\(fixedInfo.id)\": \(width)x\(height) \(format), \(pages[0].stride) bytes a row, "
            + "\(buffering), paced by \(pacing) at \(hz) Hz"
    }

    public func acquire() throws(DisplayError) -> DisplayBuffer {
        if let acquired { throw .alreadyAcquired(index: acquired) }
        guard device != nil else { throw .unavailable("\(path): closed") }
        let i = next
        acquired = i
        let age = shownInFrame[i].map { frame + 1 - $0 } ?? 0
        return DisplayBuffer(surface: shadow ?? pages[i], age: age, index: i)
    }

    public func present(_ buffer: DisplayBuffer, damage: [PixelRect]) throws(DisplayError) {
        guard acquired == buffer.index else { throw .notAcquired(index: buffer.index) }
        acquired = nil
        let i = buffer.index
        if let shadow {
            try waitForVSync()
            let screen = pages[0]
            do {
                if shownInFrame[i] == nil {
                    try screen.copy(from: shadow)
                } else {
                    for r in damage { try screen.copy(from: shadow, clip: r) }
                }
            } catch {
                throw .unsupported("\(path): copying the shadow out: \(error)")
            }
        } else {
            var v = current
            v.xoffset = 0
            v.yoffset = i * height
            do {
                try device?.pan(v)
            } catch {
                throw FBDevDisplay.failure(error)
            }
            current = v
            try waitForVSync()
        }
        frame += 1
        shownInFrame[i] = frame
        next = (i + 1) % bufferCount
    }

    /// Waits for the next vertical blank where the driver can; otherwise returns at once.
    private func waitForVSync() throws(DisplayError) {
        guard vsync == .supported else { return }
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

    /// Pans back to where the console was, or puts the virtual size back, puts the
    /// console back in text mode, then unmaps the video memory and closes the device.
    /// Surfaces handed out must not be drawn into afterwards.
    public func close() {
        guard device != nil else { return }
        do {
            if changedVirtualSize {
                var back = original
                back.activate = 0  // FB_ACTIVATE_NOW
                try device?.setVariableInfo(&back)
            } else if isPanning && (current.yoffset != original.yoffset || current.xoffset != original.xoffset) {
                try device?.pan(original)
            }
        } catch {
            log.warning("\(error): the console may be left on another page")
        }
        acquired = nil
        console = nil
        mapping = nil
        device = nil
    }

    /// Puts the variable information found back when `open` fails after changing it;
    /// returns `error` to throw.
    private static func undo(
        _ device: borrowing FramebufferDevice, to original: FramebufferVariableInfo, if changed: Bool,
        _ error: DisplayError
    ) -> DisplayError {
        if changed {
            var back = original
            back.activate = 0  // FB_ACTIVATE_NOW
            try? device.setVariableInfo(&back)
        }
        return error
    }

    /// What a failed open means for the user: the node is missing, or needs the video group.
    static func openFailure(_ error: FramebufferError) -> DisplayError {
        let path = error.path
        switch error.errno.code {
        case EACCES, EPERM: return .unavailable("\(path): permission denied; the user needs the video group")
        case ENOENT, ENODEV, ENXIO: return .unavailable("\(path): no such device")
        default: return failure(error)
        }
    }

    /// A failed call after open: the device gone (69) or a system error naming the call.
    static func failure(_ error: FramebufferError) -> DisplayError {
        switch error.errno.code {
        case ENODEV, ENXIO: .unavailable("\(error.path): device gone (\(error.call): \(error.errno))")
        default: .system(device: error.path, call: error.call, errno: error.errno.code, message: error.errno.message)
        }
    }
}
