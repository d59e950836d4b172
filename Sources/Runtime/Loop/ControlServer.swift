import LinuxSystem
internal import Glibc
internal import CLinux

/// The kiosk's control socket (`$RUNTIME_DIRECTORY/control`, else /run/vitrine/control):
/// an AF_UNIX stream socket taking one command line per connection (`status`,
/// `rotate 90`, `reload`, `home`, `screenshot`) and answering with text lines before
/// closing. A line may come with a descriptor (SCM_RIGHTS: the file `screenshot` writes
/// into), received close-on-exec and closed again before the reply is sent, whatever the
/// command (`ControlAttachment`).
///
/// Everything is non-blocking and polled by the event loop: a slow or silent client
/// never stalls a frame, and never locks the operator out:
/// - every wake-up accepts every connection waiting (up to `maxAcceptsPerWake`; the rest
///   at the next), and reads what each sent at once: `vitrine ctl` writes its line as it
///   connects, so it is answered in the same wake-up and never holds a slot;
/// - at most `maxClients` connections stay open waiting for their line; when another
///   arrives and every slot is taken, the oldest *silent* one (nothing received yet; else
///   the oldest) is closed to make room (`evictedClients` counts them);
/// - a connection still silent after `clientTimeout` is closed;
/// - the listen backlog is `backlog` deep, and a connection holds at most
///   `maxRequestBytes` (plus one read) of its line: memory and descriptors stay bounded
///   whatever a script does; so does the one descriptor a connection may hold (a
///   second is closed with the first as it comes).
/// So 200 silent connections held open cost 16 descriptors, and `vitrine ctl status`
/// still gets its answer at the next wake-up.
///
/// Out of descriptors (EMFILE, ENFILE: a leak elsewhere, or a low `LimitNOFILE=`), a
/// waiting connection can't be accepted, and the listening socket would stay readable:
/// the loop would wake at once, every time, and spin a core. So the server holds one
/// spare descriptor (`reserve`, /dev/null) from the start: when accept fails for want of
/// descriptors, it gives the spare back, accepts the connection, answers it
/// "error: ... out of file descriptors" and closes it, then takes the spare again
/// (`refusedClients` counts these). The queue drains and the loop sleeps as usual.
///
/// The socket replaces only a stale socket at its path (a socket nobody listens on: a
/// crashed kiosk's). Anything else there is refused and left untouched
/// (`ControlSocketError.notASocket`), a live socket is `busy`, and on exit the file is
/// removed only if it is still the socket this server made.
public final class ControlServer {
    public let path: String
    public let fd: Int32
    /// Open connections still sending their command, oldest first.
    private(set) var clients: [Client] = []
    /// Connections closed unanswered to make room for newer ones, since the start.
    public private(set) var evictedClients = 0
    /// Connections refused because the process was out of descriptors, since the start.
    public private(set) var refusedClients = 0
    /// The spare descriptor given back to accept a connection when the process is out of
    /// them (see the type's comment); -1 while it could not be taken again.
    private var reserve: Int32 = -1
    /// The most connections kept open waiting for their line.
    static let maxClients = 16
    /// The listen backlog: connections the kernel queues between two wake-ups.
    static let backlog: Int32 = 64
    /// The most connections accepted in one wake-up (a flood can't hold the loop; the
    /// rest are accepted at the next wake-up, which comes at once).
    static let maxAcceptsPerWake = 256
    /// The longest command line, bytes (`ControlRequest` frames the lines).
    static let maxRequestBytes = ControlRequest.maxBytes
    /// Seconds a connection may take to send its line.
    static let clientTimeout = 2.0

    struct Client {
        let fd: Int32
        var buffer: [UInt8] = []
        /// What came with the line so far (SCM_RIGHTS).
        var attachment = ControlAttachment.none
        let opened: Double

        /// Closes the connection and what came with it, unanswered.
        mutating func drop() {
            attachment.close()
            close(fd)
        }
    }

    /// The socket file this server made (device, inode), so that `deinit` removes only it.
    private let identity: (dev: UInt64, ino: UInt64)?

    /// Binds and listens at `path`. A stale socket file (no one listening) is replaced; a
    /// live one means another kiosk runs: `ControlSocketError.busy`. Anything else at
    /// `path` (a regular file, a directory, a symbolic link, a FIFO, a device) is left as
    /// it is: `ControlSocketError.notASocket`.
    public init(path: String) throws(ControlSocketError) {
        guard !path.isEmpty else { throw .emptyPath }
        let address: UnixAddress
        do { address = try UnixAddress(path: path) } catch { throw .system(error) }
        if let mode = Self.fileMode(at: path) {
            let kind = FileKind(mode: mode)
            guard kind == .socket else { throw .notASocket(path: path, found: kind.noun) }
            if Self.someoneListens(at: address) { throw .busy(path: path) }
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .system(SystemCallError("socket", errno: errno)) }
        let bound = address.withSockaddr { bind(fd, $0, $1) }
        guard bound == 0 else {
            let e = errno
            close(fd)
            throw .system(SystemCallError("bind \(path)", errno: e))
        }
        guard listen(fd, Self.backlog) == 0 else {
            let e = errno
            close(fd)
            unlink(path)
            throw .system(SystemCallError("listen \(path)", errno: e))
        }
        self.path = path
        self.fd = fd
        identity = Self.identity(at: path)
        reserve = Self.spareDescriptor()
    }

    deinit {
        for i in clients.indices { clients[i].drop() }
        if reserve >= 0 { close(reserve) }
        close(fd)
        // Only our own socket: not a file someone put there since.
        if let identity, let now = Self.identity(at: path), now == identity { unlink(path) }
    }

    /// Reads what the open connections sent, accepts every connection waiting, and answers
    /// every complete command through `handle` (the line, and what came with it, which the
    /// handler only borrows: the server closes it before the reply's lines are sent).
    /// Closes connections past their time, and the oldest silent ones when more than
    /// `maxClients` wait.
    func service(now: Double, handle: (String, ControlAttachment) -> [String]) {
        var i = 0
        while i < clients.count {
            if Self.progress(&clients[i], handle: handle) { clients.remove(at: i) } else { i += 1 }
        }
        for _ in 0..<Self.maxAcceptsPerWake {
            let c = retryingEINTR { vitrine_accept4(fd, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)) }
            if c < 0 {
                let e = errno
                // Gone before it was taken: the next one may be there.
                if e == ECONNABORTED { continue }
                if (e == EMFILE || e == ENFILE) && refuseOneForWantOfDescriptors(errno: e) { continue }
                break
            }
            var client = Client(fd: c, opened: now)
            if Self.progress(&client, handle: handle) { continue }
            if clients.count >= Self.maxClients {
                let oldest = clients.firstIndex { $0.buffer.isEmpty } ?? 0
                clients[oldest].drop()
                clients.remove(at: oldest)
                evictedClients += 1
            }
            clients.append(client)
        }
        i = 0
        while i < clients.count {
            if now - clients[i].opened > Self.clientTimeout {
                clients[i].drop()
                clients.remove(at: i)
            } else {
                i += 1
            }
        }
    }

    /// `service` for a handler that takes no descriptor: any that came is closed unused.
    func service(now: Double, handle: (String) -> [String]) {
        service(now: now) { line, _ in handle(line) }
    }

    /// Accepts one waiting connection with the spare descriptor and refuses it with a
    /// reply line, so that the queue drains while the process is out of descriptors.
    /// False when there was none to accept (or no spare to give back).
    private func refuseOneForWantOfDescriptors(errno e: Int32) -> Bool {
        if reserve < 0 { reserve = Self.spareDescriptor() }
        guard reserve >= 0 else { return false }
        close(reserve)
        reserve = -1
        let c = vitrine_accept4(fd, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue))
        if c >= 0 {
            Self.send(["error: the kiosk is out of file descriptors (\(e == EMFILE ? "EMFILE" : "ENFILE")); try again later"], to: c)
            close(c)
            refusedClients += 1
        }
        reserve = Self.spareDescriptor()
        return c >= 0
    }

    /// A descriptor held only to be given back when the process runs out (-1 if none).
    private static func spareDescriptor() -> Int32 { open("/dev/null", O_RDONLY | O_CLOEXEC) }

    /// Reads what `client` sent so far, and the descriptors that came with it; once its
    /// line is complete (or too long, or the peer closed: `ControlRequest`), answers it,
    /// closes what came with it, sends the reply and closes the connection. Returns whether
    /// the connection is done.
    static func progress(_ client: inout Client, handle: (String, ControlAttachment) -> [String]) -> Bool {
        var closed = false
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { chunk in
            while client.buffer.count <= Self.maxRequestBytes, !client.buffer.contains(0x0a) {
                let n = receive(from: client.fd, into: chunk, attachment: &client.attachment)
                if n > 0 {
                    client.buffer.append(contentsOf: chunk[0..<n])
                    continue
                }
                // 0: the peer closed its side. EAGAIN: nothing more for now. Anything else
                // (ECONNRESET): the connection is gone.
                if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { closed = true }
                break
            }
        }
        let reply: [String]
        switch ControlRequest(received: client.buffer, peerClosed: closed) {
        case .incomplete:
            return false
        case .silent:
            // Connected and left without a word (another kiosk checking whether this
            // socket is alive): nothing to answer.
            client.drop()
            return true
        case .line(let line):
            reply = handle(line, client.attachment)
        case .tooLong:
            reply = ["error: command longer than \(Self.maxRequestBytes) bytes"]
        }
        // Closed before the reply: a client that reads "ok" finds the kiosk done with it.
        client.attachment.close()
        Self.send(reply, to: client.fd)
        close(client.fd)
        return true
    }

    /// One read of a connection (recvmsg, so that descriptors sent with SCM_RIGHTS are
    /// received, close-on-exec): its bytes into `chunk`, its descriptors into `attachment`.
    /// Returns recvmsg's result, errno set as it left it (no descriptor comes without a
    /// byte).
    private static func receive(
        from fd: Int32, into chunk: UnsafeMutableBufferPointer<UInt8>, attachment: inout ControlAttachment
    ) -> Int {
        // Room for two: one to hold, and a second that says there are several (the shim
        // closes any more).
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2) { held in
            var received: Int32 = 0
            var count: Int32 = 0
            let n = retryingEINTR {
                vitrine_receive_with_descriptors(
                    fd, chunk.baseAddress, UInt(chunk.count), held.baseAddress, Int32(held.count), &received, &count)
            }
            if count > 0 { attachment.add(UnsafeBufferPointer(rebasing: held[..<Int(received)]), count: Int(count)) }
            return n
        }
    }

    /// Writes the reply whole; a client that doesn't read it loses it (the socket is
    /// non-blocking, and a reply is a few hundred bytes: it fits the socket buffer).
    static func send(_ lines: [String], to fd: Int32) {
        var text = lines.joined(separator: "\n")
        text += "\n"
        text.withUTF8 { buf in
            var offset = 0
            while offset < buf.count {
                // MSG_NOSIGNAL: a client gone before its reply must not SIGPIPE the kiosk.
                let n = retryingEINTR { Glibc.send(fd, buf.baseAddress! + offset, buf.count - offset, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Whether a server accepts connections at `address`: the connection is made, or
    /// queued for one whose backlog is full (EAGAIN: busy, not stale). Never blocks.
    static func someoneListens(at address: UnixAddress) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        if address.withSockaddr({ connect(probe, $0, $1) }) == 0 { return true }
        return errno == EAGAIN || errno == EWOULDBLOCK
    }

    /// lstat's st_mode for `path` (the link itself, not what it points at); nil when
    /// nothing is there (or it can't be seen: bind then says why).
    static func fileMode(at path: String) -> UInt32? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode)
    }

    private static func identity(at path: String) -> (dev: UInt64, ino: UInt64)? {
        var info = stat()
        guard lstat(path, &info) == 0, FileKind(mode: UInt32(info.st_mode)) == .socket else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }
}

/// Why the control socket can't be opened.
public enum ControlSocketError: Error, Equatable, CustomStringConvertible {
    /// Another process listens there: another kiosk is running.
    case busy(path: String)
    /// Something other than a socket is at the path ("regular file", "directory",
    /// "symbolic link", "FIFO", "character device", "block device"): never replaced.
    case notASocket(path: String, found: String)
    /// The path is empty (`--control ""`): no socket can be made there.
    case emptyPath
    /// A call failed making the socket (`bind` in a directory that does not exist, or
    /// may not be written; a path too long for sun_path), naming the path and errno.
    case system(SystemCallError)

    public var description: String {
        switch self {
        case .busy(let path): "control socket \(path) is in use: another vitrine is running"
        case .notASocket(let path, let found):
            "control socket: \(path) exists and is a \(found), not a socket: not replacing it"
        case .emptyPath: "control socket: the path is empty"
        case .system(let e): "control socket: \(e)"
        }
    }
}

extension ControlSocketError {
    var isNotASocket: Bool {
        if case .notASocket = self { true } else { false }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs, CR and LF (no Foundation).
    func trimmingASCIIWhitespace() -> String {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\r" || c == "\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
