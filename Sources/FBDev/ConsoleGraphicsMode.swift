/// The virtual terminal whose console fbcon draws on /dev/fbN: one opened by path
/// ("/dev/tty0" is the one in the foreground; needs root), or the process's standard
/// input when it is the service's own terminal (systemd's `TTYPath=/dev/tty1` with
/// `StandardInput=tty`: no privileges needed, and no open, which the terminal's
/// root:tty 0620 mode would refuse to another user).
public enum ConsoleTerminal: Equatable, Sendable {
    case path(String)
    case standardInput
}

/// A virtual terminal switched to graphics mode (KDSETMODE KD_GRAPHICS), so that the
/// framebuffer console (fbcon) stops drawing its text and blinking cursor into the
/// frames on /dev/fbN; switched back to the mode it had when this value goes away.
///
/// The kernel allows KDSETMODE on the caller's controlling terminal, or with
/// CAP_SYS_TTY_CONFIG (root). A process killed with SIGKILL leaves the terminal in
/// graphics mode (as X and Weston do): the next start takes it over again, and
/// systemd's `TTYReset=yes` (getty's) puts it back in text mode.
public struct ConsoleGraphicsMode: ~Copyable {
    let node: DeviceNode
    /// KD_TEXT (0) or KD_GRAPHICS (1): the mode put back.
    public let previousMode: Int32
    public var path: String { node.path }

    /// Switches `terminal` to graphics mode.
    public init(_ terminal: ConsoleTerminal, system: any FramebufferSystem = LinuxFramebufferSystem())
        throws(FramebufferError)
    {
        let node: DeviceNode
        switch terminal {
        case .path(let path): node = try DeviceNode(path: path, system: system)
        case .standardInput: node = DeviceNode(borrowing: 0, name: "standard input", system: system)
        }
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
