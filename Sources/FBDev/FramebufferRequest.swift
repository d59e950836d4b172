/// An fbdev ioctl request: its number and the name errors give it. The numbers are
/// <linux/fb.h>'s, written out because `FBIO_WAITFORVSYNC` is an `_IOW()` expression,
/// which Swift can't import; a test checks the plain ones against the header.
public struct FramebufferRequest: Equatable, Sendable, CustomStringConvertible {
    public let code: UInt
    public let name: String

    public var description: String { name }

    /// Reads `fb_var_screeninfo`: resolution, virtual size, pan offsets, pixel layout, timings.
    public static let getVariableInfo = FramebufferRequest(code: 0x4600, name: "FBIOGET_VSCREENINFO")
    /// Writes `fb_var_screeninfo` (a mode change); the driver writes back what it chose.
    public static let putVariableInfo = FramebufferRequest(code: 0x4601, name: "FBIOPUT_VSCREENINFO")
    /// Reads `fb_fix_screeninfo`: video memory size, line length, pan steps, visual.
    public static let getFixedInfo = FramebufferRequest(code: 0x4602, name: "FBIOGET_FSCREENINFO")
    /// Scans out from `xoffset`/`yoffset` of the `fb_var_screeninfo` given.
    public static let panDisplay = FramebufferRequest(code: 0x4606, name: "FBIOPAN_DISPLAY")
    /// Blanks or unblanks; the argument is the FB_BLANK_* value itself, not a pointer.
    public static let blank = FramebufferRequest(code: 0x4611, name: "FBIOBLANK")
    /// `_IOW('F', 0x20, __u32)`: waits for the next vertical blank of CRTC `*arg` (0).
    public static let waitForVSync = FramebufferRequest(code: 0x4004_4620, name: "FBIO_WAITFORVSYNC")

    /// KDGETMODE on a virtual terminal: KD_TEXT (0) or KD_GRAPHICS (1), into an int.
    public static let getConsoleMode = FramebufferRequest(code: 0x4B3B, name: "KDGETMODE")
    /// KDSETMODE on a virtual terminal, the mode as the argument's value.
    public static let setConsoleMode = FramebufferRequest(code: 0x4B3A, name: "KDSETMODE")
}
