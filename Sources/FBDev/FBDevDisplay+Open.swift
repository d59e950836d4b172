import Display
import Glibc
import Raster

extension FBDevDisplay {
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
        let fixed: FramebufferFixedInfo
        do {
            original = try device.variableInfo()
            fixed = try device.fixedInfo()
        } catch {
            throw failure(error)
        }
        let format = try scanoutFormat(path: path, variable: original, fixed: fixed)
        guard original.xres > 0, original.yres > 0 else {
            throw .unsupported("\(path): visible size \(original.xres)x\(original.yres)")
        }
        // Graphics mode before any mode change, text mode after every restore: fbcon
        // ignores mode changes made in graphics mode and, back in text mode, sets the
        // mode it recorded last (seen with cirrusfb: a virtual height changed while the
        // console was in text mode came back after close).
        let console = graphicsMode(terminal, system: system, log: log)
        try unblank(device, log: log)
        let pages = try pageSetup(
            device, path: path, original: original, fixed: fixed, format: format, buffers: buffers, log: log)

        // Video memory is mapped from a page boundary: smem_start's offset in its page
        // comes before the first pixel.
        let inPage = Int(pages.fixed.smemStart % UInt(max(system.pageSize, 1)))
        let mapping: FramebufferMapping
        do {
            mapping = try device.map(length: pages.fixed.smemLength + inPage)
        } catch {
            throw undo(device, to: original, if: pages.changed, failure(error))
        }
        let surfaces: (pages: [Surface], shadow: Surface?)
        do {
            surfaces = try pages.surfaces(at: mapping.address + inPage, path: path, format: format)
        } catch {
            throw undo(device, to: original, if: pages.changed, error)
        }
        let vsync: VSyncSupport
        do {
            vsync = try probeVSync(device)
        } catch {
            throw undo(device, to: original, if: pages.changed, failure(error))
        }
        let display = FBDevDisplay(
            path: path, device: device, mapping: mapping, format: format, pages: surfaces.pages,
            shadow: surfaces.shadow, original: original, variable: pages.variable, fixed: pages.fixed,
            changed: pages.changed, vsync: vsync, console: console, log: log)
        log.info(display.setupDescription)
        return display
    }

    /// The console switched to graphics mode for `terminal` (nil: left alone); a
    /// failure is logged, not thrown.
    private static func graphicsMode(
        _ terminal: ConsoleTerminal?, system: any FramebufferSystem, log: DisplayLog
    ) -> ConsoleGraphicsMode? {
        guard let terminal else { return nil }
        do {
            return try ConsoleGraphicsMode(terminal, system: system)
        } catch {
            log.warning(
                "\(error): the console may draw over the frames"
                    + " (KDSETMODE needs the terminal as the controlling one, or root)")
            return nil
        }
    }

    /// Unblanks the screen: a driver that can't blank (EINVAL, ENOTTY) isn't blanked; a
    /// device gone throws; any other failure is logged.
    private static func unblank(_ device: borrowing FramebufferDevice, log: DisplayLog) throws(DisplayError) {
        do {
            try device.blank(.unblank)
        } catch {
            if error.errno.code != EINVAL && error.errno.code != ENOTTY {
                guard error.errno.code != ENODEV else { throw failure(error) }
                log.warning("\(error); the screen may stay blank")
            }
        }
    }

    /// The pages the display pans between, as the driver left them.
    struct PageSetup {
        /// The variable and fixed information after the negotiation.
        var variable: FramebufferVariableInfo
        var fixed: FramebufferFixedInfo
        /// Whether the variable information differs from what was found (put back on close).
        var changed: Bool
        /// Pages to use: 1 to the board's `buffers`.
        var count: Int
        /// Bytes a row and a page, and where page 0 starts in video memory.
        var stride: Int
        var pageBytes: Int
        var firstByte: Int
        var width: Int
        var height: Int

        /// Surfaces over the mapped pages (`base`: the first pixel of video memory), and
        /// a shadow to draw in when there is one page.
        func surfaces(
            at base: UnsafeMutableRawPointer, path: String, format: PixelFormat
        ) throws(DisplayError) -> (pages: [Surface], shadow: Surface?) {
            var pages: [Surface] = []
            let smem = fixed.smemLength
            do {
                for i in 0..<count {
                    pages.append(
                        try Surface(
                            borrowing: base + firstByte + i * pageBytes, byteCount: smem - firstByte - i * pageBytes,
                            width: width, height: height, stride: stride, format: format))
                }
            } catch {
                throw .unsupported("\(path): video memory as a surface: \(error)")
            }
            do {
                return (pages, count > 1 ? nil : try Surface(width: width, height: height, format: format))
            } catch {
                throw .unsupported("\(path): shadow surface: \(error)")
            }
        }
    }

    /// Asks for `buffers` pages to pan between: for the virtual height when it is short,
    /// for fewer pages when the driver refuses, and takes what it answers; checks that
    /// video memory holds them. A driver that changes the mode itself is put back (one
    /// page).
    private static func pageSetup(
        _ device: borrowing FramebufferDevice, path: String, original: FramebufferVariableInfo,
        fixed found: FramebufferFixedInfo, format: PixelFormat, buffers: Int, log: DisplayLog
    ) throws(DisplayError) -> PageSetup {
        let (width, height) = (original.xres, original.yres)
        var variable = original
        var fixed = found
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
        let count = max(1, min(buffers, available))
        // Where the picture starts in video memory: page 0 when panning, else where the
        // console scans out now.
        let firstByte = count > 1 ? 0 : variable.yoffset * stride + variable.xoffset * bytesPerPixel
        let needed = firstByte + stride * (count * height - 1) + width * bytesPerPixel
        guard smem >= needed else {
            throw undo(
                device, to: original, if: changed,
                .unsupported(
                    "\(path): \(smem) bytes of video memory can't hold \(count) \(width)x\(height) page(s)"
                        + " at offset \(variable.xoffset),\(variable.yoffset), \(stride) bytes a row"))
        }
        return PageSetup(
            variable: variable, fixed: fixed, changed: changed, count: count, stride: stride, pageBytes: pageBytes,
            firstByte: firstByte, width: width, height: height)
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
        DisplayError.openFailure(path: error.path, errno: error.errno.code) ?? failure(error)
    }

    /// A failed call after open: the device gone (69) or a system error naming the call.
    static func failure(_ error: FramebufferError) -> DisplayError {
        switch error.errno.code {
        case ENODEV, ENXIO: .unavailable("\(error.path): device gone (\(error.call): \(error.errno))")
        default: .system(device: error.path, call: error.call, errno: error.errno.code, message: error.errno.message)
        }
    }
}
