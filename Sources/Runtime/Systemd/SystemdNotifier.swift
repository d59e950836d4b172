import LinuxSystem
internal import CLinux
internal import Glibc

/// Tells systemd how the service is doing (the sd_notify(3) protocol, without
/// libsystemd): each message is one datagram of `NAME=value` lines on an AF_UNIX
/// SOCK_DGRAM socket at $NOTIFY_SOCKET. With `Type=notify` the unit counts as started
/// at READY=1; with `WatchdogSec=` systemd kills and restarts the service when WATCHDOG=1
/// stops coming.
///
/// Outside systemd (no $NOTIFY_SOCKET) every message is a no-op, so the runtime calls
/// these unconditionally.
public struct SystemdNotifier: Sendable {
    /// $NOTIFY_SOCKET as given: an absolute path, or `@name` for an abstract socket;
    /// nil when unset or empty.
    public let socket: String?
    /// How often systemd wants WATCHDOG=1 at the latest, seconds: $WATCHDOG_USEC / 10^6,
    /// when $WATCHDOG_PID is unset or names this process. Nil when there is no watchdog or
    /// a value does not parse (WATCHDOG_USEC: decimal digits only, above 0).
    public let watchdogInterval: Double?

    /// Reads NOTIFY_SOCKET, WATCHDOG_USEC and WATCHDOG_PID from `environment`;
    /// `processID` is the pid WATCHDOG_PID must equal (nil: this process's).
    public init(environment: [String: String], processID: Int32? = nil) {
        if let socket = environment["NOTIFY_SOCKET"], !socket.isEmpty { self.socket = socket } else { self.socket = nil }
        watchdogInterval = Self.watchdogInterval(
            usec: environment["WATCHDOG_USEC"], pid: environment["WATCHDOG_PID"], processID: processID ?? getpid())
    }

    /// The notifier for this process's real environment.
    public static func fromProcess() -> SystemdNotifier {
        SystemdNotifier(environment: ProcessEnvironment.current())
    }

    /// Whether messages go anywhere.
    public var isEnabled: Bool { socket != nil }

    /// Half the watchdog interval, seconds: how often the frame loop should send
    /// WATCHDOG=1, so one late ping does not get the service killed.
    public var watchdogPingInterval: Double? { watchdogInterval.map { $0 / 2 } }

    /// Sends `state` (one or more `NAME=value` lines) as one datagram; does nothing when
    /// not enabled. Never blocks: when the receiver's queue is full (a reader that stopped
    /// reading; the kernel queues `net.unix.max_dgram_qlen`, 10 by default) it throws
    /// EAGAIN at once rather than stalling the frame loop.
    public func send(_ state: String) throws(NotifyError) {
        try send(state, descriptors: [])
    }

    /// Sends `state` with `descriptors` attached (SCM_RIGHTS; none: a plain datagram), as
    /// sd_pid_notify_with_fds(3) does: what FDSTORE=1 needs. systemd receives its own
    /// duplicates; the caller keeps its descriptors. Does nothing when not enabled; never
    /// blocks (see `send(_:)`).
    public func send(_ state: String, descriptors: [Int32]) throws(NotifyError) {
        guard let socket else { return }
        let address = try Self.address(socket)
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system(socket: socket, call: "socket", errno: errno) }
        defer { close(fd) }
        let bytes = Array(state.utf8)
        let sent: Int = address.withSockaddr { sa, length in
            bytes.withUnsafeBytes { buffer in
                descriptors.withUnsafeBufferPointer { fds in
                    retryingEINTR {
                        vitrine_send_with_descriptors(
                            fd, buffer.baseAddress, UInt(buffer.count), sa, length, fds.baseAddress, Int32(fds.count))
                    }
                }
            }
        }
        guard sent >= 0 else { throw .system(socket: socket, call: "sendmsg", errno: errno) }
    }

    /// FDSTORE=1 with FDNAME=`name`: systemd keeps a duplicate of `descriptor` in the
    /// service's file-descriptor store (the unit's `FileDescriptorStoreMax=` must allow it)
    /// and hands it to the next process of the service in $LISTEN_FDS, named in
    /// $LISTEN_FDNAMES. systemd does not store the same open file twice.
    public func store(_ descriptor: Int32, name: String) throws(NotifyError) {
        try send("FDSTORE=1\nFDNAME=\(name)", descriptors: [descriptor])
    }

    /// FDSTOREREMOVE=1 with FDNAME=`name`: systemd closes its copies of what it keeps
    /// under that name.
    public func removeStored(name: String) throws(NotifyError) {
        try send("FDSTOREREMOVE=1\nFDNAME=\(name)")
    }

    /// READY=1: started (send it once the first frame is on screen).
    public func ready() throws(NotifyError) { try send("READY=1") }

    /// STATUS=text: one line `systemctl status` shows. A newline in `text` would start a
    /// new assignment, so newlines become spaces.
    public func status(_ text: String) throws(NotifyError) {
        try send("STATUS=" + String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }

    /// STOPPING=1: shutting down (before releasing the display).
    public func stopping() throws(NotifyError) { try send("STOPPING=1") }

    /// WATCHDOG=1: still alive (from the frame loop, only while it makes progress).
    public func watchdog() throws(NotifyError) { try send("WATCHDOG=1") }

    /// `socket` as an address: an absolute path or an `@abstract` name that fits.
    static func address(_ socket: String) throws(NotifyError) -> UnixAddress {
        guard socket.hasPrefix("@") || socket.hasPrefix("/") else {
            throw .badAddress(socket: socket, reason: "not an absolute path or @abstract name")
        }
        guard let address = UnixAddress(socket) else {
            throw .badAddress(socket: socket, reason: "longer than \(UnixAddress.capacity - 1) bytes")
        }
        return address
    }

    /// sd_watchdog_enabled(3)'s rules: usec is decimal digits, above 0; a pid, when given,
    /// must be decimal digits naming this process.
    static func watchdogInterval(usec: String?, pid: String?, processID: Int32) -> Double? {
        guard let usec, let micros = decimal(usec), micros > 0 else { return nil }
        if let pid {
            guard let value = decimal(pid), value == UInt64(processID) else { return nil }
        }
        return Double(micros) / 1_000_000
    }

    /// A non-empty run of ASCII digits that fits UInt64; nil for anything else (signs,
    /// spaces, units, overflow).
    static func decimal(_ text: String) -> UInt64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return UInt64(text)
    }
}
