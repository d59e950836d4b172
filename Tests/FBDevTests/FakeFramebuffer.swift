import CFBDev
import FBDev
import Glibc

/// A framebuffer driver in memory, below the system boundary: it answers the FBIO*
/// requests on the kernel's own structures as a driver does (pan limits, virtual size
/// bounded by video memory, vsync or ENOTTY), and records every call in order.
final class FakeFramebuffer: FramebufferSystem {
    var path = "/dev/fb0"
    /// open(2) fails with this errno when non-zero.
    var openErrno: Int32 = 0
    /// open(2) of a terminal ("/dev/tty...") fails with this errno when non-zero.
    var ttyOpenErrno: Int32 = 0
    /// The terminal's KD_TEXT (0) or KD_GRAPHICS (1).
    var consoleMode: Int32 = 0
    /// Descriptors KDSETMODE was made on.
    var ttyDescriptors: Set<Int32> = []
    var variable = fb_var_screeninfo()
    var fixed = fb_fix_screeninfo()
    /// FBIO_WAITFORVSYNC fails with this errno when non-zero.
    var vsyncErrno: Int32 = 0
    /// FBIOBLANK fails with this errno when non-zero.
    var blankErrno: Int32 = 0
    /// FBIOBLANK's values asked for, in order (FB_BLANK_UNBLANK 0 ... POWERDOWN 4),
    /// refused ones too.
    var blanks: [UInt] = []
    /// The driver's blanking now: the last value it took (0 until one is refused).
    var blanking: UInt = 0
    /// FBIOPAN_DISPLAY fails with this errno when non-zero (besides its own checks).
    var panErrno: Int32 = 0
    /// FBIOPUT_VSCREENINFO fails with this errno when non-zero (as DRM's emulation does
    /// for a virtual height beyond its buffer).
    var putErrno: Int32 = 0
    /// Requests that fail once with EINTR before they work.
    var interruptOnce: Set<UInt> = []
    /// Every call, in order: "open", "get var", "put var 800x960+0+0", "pan 0,480",
    /// "vsync", "blank 0", "map 1536000", "unmap", "close".
    var calls: [String] = []
    /// CLOCK_MONOTONIC as the fake tells it, seconds: a vblank wait that works moves it
    /// on by `vsyncPeriod` (0: the wait returns at once, as DRM's emulation without vblank).
    var clock = 100.0
    var vsyncPeriod = 1.0 / 60
    var openDescriptors = 0
    var liveMappings = 0
    let pageSize = 4096
    /// The video memory, and the page-aligned start of what `map` hands out.
    private(set) var memory: UnsafeMutableRawPointer
    private var mappedStart: UnsafeMutableRawPointer
    private let allocated: UnsafeMutableRawPointer

    /// A truecolor packed-pixel device, 32 bpp xrgb8888 or 16 bpp rgb565, with enough
    /// video memory for `memoryPages` pages unless `smemLength` says otherwise.
    init(
        width: Int = 800, height: Int = 480, bitsPerPixel: Int = 32, yresVirtual: Int? = nil,
        ypanstep: Int = 1, lineLength: Int? = nil, memoryPages: Int = 2, smemStartInPage: Int = 0
    ) {
        let bytes = bitsPerPixel / 8
        let line = lineLength ?? width * bytes
        variable.xres = UInt32(width)
        variable.yres = UInt32(height)
        variable.xres_virtual = UInt32(width)
        variable.yres_virtual = UInt32(yresVirtual ?? height)
        variable.bits_per_pixel = UInt32(bitsPerPixel)
        if bitsPerPixel == 16 {
            variable.red = fb_bitfield(offset: 11, length: 5, msb_right: 0)
            variable.green = fb_bitfield(offset: 5, length: 6, msb_right: 0)
            variable.blue = fb_bitfield(offset: 0, length: 5, msb_right: 0)
        } else {
            variable.red = fb_bitfield(offset: 16, length: 8, msb_right: 0)
            variable.green = fb_bitfield(offset: 8, length: 8, msb_right: 0)
            variable.blue = fb_bitfield(offset: 0, length: 8, msb_right: 0)
        }
        withUnsafeMutableBytes(of: &fixed.id) { id in
            for (i, c) in "fakefb".utf8.enumerated() { id[i] = c }
        }
        fixed.smem_len = UInt32(line * height * memoryPages)
        fixed.smem_start = UInt(0x1000_0000 + smemStartInPage)
        fixed.type = 0  // FB_TYPE_PACKED_PIXELS
        fixed.visual = 2  // FB_VISUAL_TRUECOLOR
        fixed.ypanstep = UInt16(ypanstep)
        fixed.line_length = UInt32(line)
        let total = Int(fixed.smem_len) + smemStartInPage
        allocated = UnsafeMutableRawPointer.allocate(byteCount: total + pageSize, alignment: pageSize)
        allocated.initializeMemory(as: UInt8.self, repeating: 0, count: total + pageSize)
        mappedStart = allocated
        memory = allocated + smemStartInPage
    }

    deinit {
        allocated.deallocate()
    }

    /// Calls after open's setup, from the first one naming `call`.
    func calls(from call: String) -> [String] {
        guard let i = calls.firstIndex(of: call) else { return [] }
        return Array(calls[i...])
    }

    func open(_ path: String) -> Result<Int32, Errno> {
        calls.append("open \(path)")
        let tty = path.hasPrefix("/dev/tty")
        if tty && ttyOpenErrno != 0 { return .failure(Errno(ttyOpenErrno)) }
        if !tty && openErrno != 0 { return .failure(Errno(openErrno)) }
        openDescriptors += 1
        return .success(tty ? 8 : 7)
    }

    func close(_ fd: Int32) {
        calls.append(fd == 8 ? "close tty" : "close")
        openDescriptors -= 1
    }

    func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer?) -> Int32 {
        if interruptOnce.remove(request) != nil {
            calls.append("EINTR")
            return EINTR
        }
        switch request {
        case 0x4600:
            calls.append("get var")
            argument!.storeBytes(of: variable, as: fb_var_screeninfo.self)
            return 0
        case 0x4602:
            calls.append("get fix")
            argument!.storeBytes(of: fixed, as: fb_fix_screeninfo.self)
            return 0
        case 0x4601:
            let asked = argument!.load(as: fb_var_screeninfo.self)
            calls.append("put var \(asked.xres_virtual)x\(asked.yres_virtual)+\(asked.xoffset)+\(asked.yoffset)")
            if putErrno != 0 { return putErrno }
            // A driver: the virtual area must fit the video memory and hold the visible one.
            guard asked.xres == variable.xres, asked.yres == variable.yres,
                asked.yres_virtual >= asked.yres,
                Int(asked.yres_virtual) * Int(fixed.line_length) <= Int(fixed.smem_len),
                asked.yoffset + asked.yres <= asked.yres_virtual
            else { return EINVAL }
            variable = asked
            argument!.storeBytes(of: variable, as: fb_var_screeninfo.self)
            return 0
        case 0x4606:
            let asked = argument!.load(as: fb_var_screeninfo.self)
            calls.append("pan \(asked.xoffset),\(asked.yoffset)")
            if panErrno != 0 { return panErrno }
            guard fixed.ypanstep > 0, asked.yoffset + variable.yres <= variable.yres_virtual else { return EINVAL }
            variable.xoffset = asked.xoffset
            variable.yoffset = asked.yoffset
            return 0
        case 0x4611:
            let value = UInt(bitPattern: argument)
            calls.append("blank \(value)")
            blanks.append(value)
            if blankErrno == 0 { blanking = value }
            return blankErrno
        case 0x4004_4620:
            calls.append("vsync")
            precondition(argument!.load(as: UInt32.self) == 0, "vsync on CRTC 0")
            if vsyncErrno == 0 { clock += vsyncPeriod }
            return vsyncErrno
        case 0x4B3B:
            calls.append("kdgetmode")
            argument!.storeBytes(of: consoleMode, as: Int32.self)
            return 0
        case 0x4B3A:
            ttyDescriptors.insert(fd)
            consoleMode = Int32(UInt(bitPattern: argument))
            calls.append("kdsetmode \(consoleMode)")
            return 0
        default:
            calls.append("ioctl \(request)")
            return ENOTTY
        }
    }

    func map(_ fd: Int32, length: Int) -> Result<UnsafeMutableRawPointer, Errno> {
        calls.append("map \(length)")
        // The kernel refuses a mapping beyond the video memory (from its page start).
        guard length <= Int(fixed.smem_len) + Int(fixed.smem_start) % pageSize else { return .failure(Errno(EINVAL)) }
        liveMappings += 1
        return .success(mappedStart)
    }

    func monotonicSeconds() -> Double { clock }

    func unmap(_ address: UnsafeMutableRawPointer, length: Int) {
        precondition(address == mappedStart)
        calls.append("unmap")
        liveMappings -= 1
    }

    /// Pixel (x, y) of video memory, 32-bit.
    func pixel32(x: Int, y: Int) -> UInt32 {
        (memory + y * Int(fixed.line_length) + x * 4).load(as: UInt32.self)
    }

    /// Pixel (x, y) of video memory, 16-bit.
    func pixel16(x: Int, y: Int) -> UInt16 {
        (memory + y * Int(fixed.line_length) + x * 2).load(as: UInt16.self)
    }
}
