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
///
/// Screen power (`setScreenPower`): FBIOBLANK powers the panel down and up; while off,
/// frames still go to video memory but no vertical blank is waited for.
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
    public internal(set) var vsync: VSyncSupport
    public var isPanning: Bool { bufferCount > 1 }
    public var prefersShadow: Bool { isPanning }
    /// One-buffer mode: the shadow, ordinary memory, once presented (video memory holds
    /// the same frame). Panned pages are video memory, slow to read: nil.
    public var front: Surface? { acquired == nil && shownInFrame[0] != nil ? shadow : nil }
    public var name: String { "fbdev \(path) \(width)x\(height) \(variableInfo.bitsPerPixel)bpp" }

    var device: FramebufferDevice?
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
    /// The frame number each buffer was last presented in (nil: never, or forgotten when
    /// the screen came back on).
    var shownInFrame: [Int?]
    private var frame = 0
    private var next: Int
    private var acquired: Int?
    /// False after `setScreenPower(false)` blanked the screen (FBDevDisplay+Power.swift).
    public internal(set) var isScreenOn = true
    /// Vblank waits failed in a row (ETIMEDOUT...): the first is logged.
    var vsyncFailures = 0
    let log: DisplayLog

    /// Made by `open` (FBDevDisplay+Open.swift), once the device is set up.
    init(
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
    var setupDescription: String {
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

    /// Pans back to where the console was, or puts the virtual size back, unblanks a
    /// screen switched off, puts the console back in text mode, then unmaps the video
    /// memory and closes the device.
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
        unblankForTheConsole()
        acquired = nil
        console = nil
        mapping = nil
        device = nil
    }
}
