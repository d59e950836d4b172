/// A virtual terminal switched to graphics mode (KDSETMODE KD_GRAPHICS), so that the
/// framebuffer console (fbcon) stops drawing its text and blinking cursor into the
/// frames on /dev/fbN; switched back to the mode it had when this value goes away.
///
/// The kernel allows KDSETMODE on the caller's controlling terminal, or with
/// CAP_SYS_TTY_CONFIG (root): under systemd, `TTYPath=/dev/tty1` with
/// `StandardInput=tty` makes tty1 the service's own, and "/dev/tty1" (or "/dev/stdin")
/// can then be switched without privileges. A process killed with SIGKILL leaves the
/// terminal in graphics mode (as X and Weston do): the next start takes it over again.
public struct ConsoleGraphicsMode: ~Copyable {
    let node: DeviceNode
    /// KD_TEXT (0) or KD_GRAPHICS (1): the mode put back.
    public let previousMode: Int32
    public var path: String { node.path }

    /// Opens the terminal `path` ("/dev/tty0" is the one in the foreground) and switches
    /// it to graphics mode.
    public init(tty path: String, system: any FramebufferSystem = LinuxFramebufferSystem()) throws(FramebufferError) {
        let node = try DeviceNode(path: path, system: system)
        var mode: Int32 = 0
        try node.control(.getConsoleMode, &mode)
        try node.control(.setConsoleMode, UnsafeMutableRawPointer(bitPattern: 1))  // KD_GRAPHICS
        previousMode = mode
        self.node = node
    }

    deinit {
        // Back to text mode: fbcon redraws the console.
        try? node.control(.setConsoleMode, UnsafeMutableRawPointer(bitPattern: UInt(previousMode)))
    }
}
