internal import CFBDev

/// One colour channel's place in a pixel: `offset` bits from the least significant bit,
/// `length` bits wide (`fb_bitfield`).
public struct FramebufferChannel: Equatable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var length: Int
    /// The channel's most significant bit is on the right (never, in practice).
    public var msbRight: Bool

    public init(offset: Int, length: Int, msbRight: Bool = false) {
        self.offset = offset
        self.length = length
        self.msbRight = msbRight
    }

    init(_ b: fb_bitfield) {
        self.init(offset: Int(b.offset), length: Int(b.length), msbRight: b.msb_right != 0)
    }

    /// "16/8" (offset/length), with " msb-right" when so.
    public var description: String { "\(offset)/\(length)" + (msbRight ? " msb-right" : "") }
}

/// The variable screen information (`fb_var_screeninfo`): the visible and virtual size,
/// the pan offsets, the pixel layout and the timings. Kept whole, so that a changed copy
/// written back (FBIOPUT_VSCREENINFO, FBIOPAN_DISPLAY) carries every other field as read.
public struct FramebufferVariableInfo: Sendable, CustomStringConvertible {
    var raw: fb_var_screeninfo

    init(_ raw: fb_var_screeninfo) { self.raw = raw }

    /// Visible size, pixels.
    public var xres: Int { Int(raw.xres) }
    public var yres: Int { Int(raw.yres) }
    /// Size of the whole drawable area, pixels: a `yresVirtual` of twice `yres` holds
    /// two pages to pan between.
    public var xresVirtual: Int {
        get { Int(raw.xres_virtual) }
        set { raw.xres_virtual = UInt32(newValue) }
    }
    public var yresVirtual: Int {
        get { Int(raw.yres_virtual) }
        set { raw.yres_virtual = UInt32(newValue) }
    }
    /// The visible area's top-left corner in the virtual area, pixels.
    public var xoffset: Int {
        get { Int(raw.xoffset) }
        set { raw.xoffset = UInt32(newValue) }
    }
    public var yoffset: Int {
        get { Int(raw.yoffset) }
        set { raw.yoffset = UInt32(newValue) }
    }
    public var bitsPerPixel: Int { Int(raw.bits_per_pixel) }
    /// 0 colour, 1 grayscale, more: a FOURCC code.
    public var grayscale: Int { Int(raw.grayscale) }
    public var red: FramebufferChannel { FramebufferChannel(raw.red) }
    public var green: FramebufferChannel { FramebufferChannel(raw.green) }
    public var blue: FramebufferChannel { FramebufferChannel(raw.blue) }
    public var transp: FramebufferChannel { FramebufferChannel(raw.transp) }
    /// Non-zero: a non-standard pixel format.
    public var nonstd: Int { Int(raw.nonstd) }
    /// When the driver applies a FBIOPUT_VSCREENINFO (FB_ACTIVATE_*; 0: now).
    public var activate: Int {
        get { Int(raw.activate) }
        set { raw.activate = UInt32(newValue) }
    }
    /// Pixel clock period, picoseconds (0: unknown).
    public var pixclock: Int { Int(raw.pixclock) }
    /// Horizontal timings, pixel clocks: back porch, front porch, sync.
    public var leftMargin: Int { Int(raw.left_margin) }
    public var rightMargin: Int { Int(raw.right_margin) }
    public var hsyncLength: Int { Int(raw.hsync_len) }
    /// Vertical timings, lines: back porch, front porch, sync.
    public var upperMargin: Int { Int(raw.upper_margin) }
    public var lowerMargin: Int { Int(raw.lower_margin) }
    public var vsyncLength: Int { Int(raw.vsync_len) }
    /// FB_VMODE_*: interlaced (1), double scan (2), ywrap (256).
    public var vmode: Int { Int(raw.vmode) }
    /// The panel's physical size, millimetres (0: unknown).
    public var widthMillimetres: Int { Int(raw.width) }
    public var heightMillimetres: Int { Int(raw.height) }

    /// The refresh rate the timings give, Hz: the pixel clock over the whole frame
    /// (visible area plus porches and syncs), doubled for interlaced and halved for
    /// double-scan modes. Nil when the pixel clock is 0 (unknown, as DRM's fbdev
    /// emulation reports) or the result is outside 1...500 Hz (made-up timings).
    public var timingRefreshRate: Double? {
        guard pixclock > 0 else { return nil }
        let htotal = Double(xres + leftMargin + rightMargin + hsyncLength)
        let vtotal = Double(yres + upperMargin + lowerMargin + vsyncLength)
        var hz = 1e12 / (Double(pixclock) * htotal * vtotal)
        if vmode & 1 != 0 { hz *= 2 }  // FB_VMODE_INTERLACED: a field per refresh
        if vmode & 2 != 0 { hz /= 2 }  // FB_VMODE_DOUBLE: each line scanned twice
        return (1...500).contains(hz) ? hz : nil
    }

    public var description: String {
        "\(xres)x\(yres) virtual \(xresVirtual)x\(yresVirtual) offset \(xoffset),\(yoffset) \(bitsPerPixel) bpp"
            + " red \(red) green \(green) blue \(blue) transp \(transp)"
            + " pixclock \(pixclock) ps margins \(leftMargin)/\(rightMargin)/\(upperMargin)/\(lowerMargin)"
            + " sync \(hsyncLength)/\(vsyncLength) vmode \(vmode)"
    }
}

/// The fixed screen information (`fb_fix_screeninfo`): the driver's name, the video
/// memory, the row stride and what panning the hardware can do.
public struct FramebufferFixedInfo: Sendable, CustomStringConvertible {
    var raw: fb_fix_screeninfo

    init(_ raw: fb_fix_screeninfo) { self.raw = raw }

    /// The driver's identification, e.g. "bochs-drmdrmfb" or "cirrusdrmfb".
    public var id: String {
        withUnsafeBytes(of: raw.id) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
    /// Physical address of the video memory (0 when the driver hides it).
    public var smemStart: UInt { UInt(raw.smem_start) }
    /// Bytes of video memory mmap can reach.
    public var smemLength: Int { Int(raw.smem_len) }
    /// FB_TYPE_*: 0 is packed pixels, the only kind drawn here.
    public var type: Int { Int(raw.type) }
    /// FB_VISUAL_*: 2 truecolor, 4 directcolor, 3 pseudocolor...
    public var visual: Int { Int(raw.visual) }
    /// Pan granularity, pixels or lines; 0 when the hardware can't pan that way.
    public var xpanstep: Int { Int(raw.xpanstep) }
    public var ypanstep: Int { Int(raw.ypanstep) }
    public var ywrapstep: Int { Int(raw.ywrapstep) }
    /// Bytes from one row to the next (0 from a few old drivers: then xres_virtual times
    /// the pixel size).
    public var lineLength: Int { Int(raw.line_length) }

    public var description: String {
        "id \"\(id)\" smem \(smemLength) bytes line \(lineLength) bytes type \(type) visual \(visual)"
            + " panstep \(xpanstep)/\(ypanstep) ywrapstep \(ywrapstep)"
    }
}
