import LinuxSystem
internal import Glibc
internal import CLinux

/// The signals the kiosk handles, read from a signalfd in the event loop rather than in
/// an async handler: SIGTERM and SIGINT stop it, SIGHUP reloads the show.
///
/// The signals are blocked in the calling thread, and so in every thread started after
/// (the paint workers): create this first thing, before any thread exists.
public struct SignalFD: ~Copyable {
    public let fd: Int32
    public static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    public init() throws(SystemCallError) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in Self.handled { sigaddset(&set, s) }
        let r = pthread_sigmask(SIG_BLOCK, &set, nil)
        guard r == 0 else { throw SystemCallError("pthread_sigmask", errno: r) }
        fd = try systemCall("signalfd") { signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK)) }
    }

    deinit { close(fd) }

    /// The next pending signal's number, or nil when none is pending.
    public func next() -> Int32? {
        var info = signalfd_siginfo()
        let n = retryingEINTR { read(fd, &info, MemoryLayout<signalfd_siginfo>.size) }
        guard n == MemoryLayout<signalfd_siginfo>.size else { return nil }
        return Int32(info.ssi_signo)
    }
}
