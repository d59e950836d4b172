internal import Glibc
internal import CLinux

/// The kiosk's control socket (`$RUNTIME_DIRECTORY/control`, else /run/vitrine/control):
/// an AF_UNIX stream socket taking one command line per connection (`status`,
/// `rotate 90`, `reload`, `home`) and answering with text lines before closing.
///
/// Everything is non-blocking and polled by the event loop: a slow or silent client
/// never stalls a frame; it is dropped after `clientTimeout`.
public final class ControlServer {
    public let path: String
    public let fd: Int32
    /// Open connections still sending their command.
    private(set) var clients: [Client] = []
    /// The most connections served at once; more wait in the listen backlog.
    static let maxClients = 4
    /// The longest command line, bytes.
    static let maxRequestBytes = 256
    /// Seconds a connection may take to send its line.
    static let clientTimeout = 2.0

    struct Client {
        let fd: Int32
        var buffer: [UInt8] = []
        let opened: Double
    }

    /// Binds and listens at `path`. A stale socket file (no one listening) is replaced;
    /// a live one means another kiosk runs: `ControlSocketError.busy`.
    public init(path: String) throws(ControlSocketError) {
        let address: UnixAddress
        do { address = try UnixAddress(path: path) } catch { throw .system(error) }
        if access(path, F_OK) == 0 {
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
        guard listen(fd, 8) == 0 else {
            let e = errno
            close(fd)
            unlink(path)
            throw .system(SystemCallError("listen \(path)", errno: e))
        }
        self.path = path
        self.fd = fd
    }

    deinit {
        for c in clients { close(c.fd) }
        close(fd)
        unlink(path)
    }

    /// Accepts waiting connections, reads what clients sent, and answers every complete
    /// command through `handle` (the reply's lines). Drops clients past their time.
    func service(now: Double, handle: (String) -> [String]) {
        while clients.count < Self.maxClients {
            let c = vitrine_accept4(fd, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue))
            if c < 0 { break }
            clients.append(Client(fd: c, opened: now))
        }
        var kept: [Client] = []
        for var client in clients {
            var chunk = [UInt8](repeating: 0, count: 128)
            var closed = false
            while true {
                let n = chunk.withUnsafeMutableBytes { read(client.fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    client.buffer += chunk[0..<n]
                    if client.buffer.count > Self.maxRequestBytes { break }
                    continue
                }
                if n == 0 { closed = true }
                break
            }
            let lineEnd = client.buffer.firstIndex(of: 0x0a)
            if closed && client.buffer.isEmpty {
                // Connected and left without a word (another kiosk checking whether this
                // socket is alive): nothing to answer.
                close(client.fd)
            } else if lineEnd != nil || closed || client.buffer.count > Self.maxRequestBytes {
                let reply: [String]
                if client.buffer.count > Self.maxRequestBytes && lineEnd == nil {
                    reply = ["error: command longer than \(Self.maxRequestBytes) bytes"]
                } else {
                    let bytes = client.buffer[..<(lineEnd ?? client.buffer.count)]
                    let line = String(decoding: bytes, as: UTF8.self)
                    reply = handle(line.trimmingASCIIWhitespace())
                }
                Self.send(reply, to: client.fd)
                close(client.fd)
            } else if now - client.opened > Self.clientTimeout {
                close(client.fd)
            } else {
                kept.append(client)
            }
        }
        clients = kept
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

    static func someoneListens(at address: UnixAddress) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        return address.withSockaddr { connect(probe, $0, $1) } == 0
    }
}

/// Why the control socket can't be opened.
public enum ControlSocketError: Error, Equatable, CustomStringConvertible {
    /// Another process listens there: another kiosk is running.
    case busy(path: String)
    case system(SystemCallError)

    public var description: String {
        switch self {
        case .busy(let path): "control socket \(path) is in use: another vitrine is running"
        case .system(let e): "control socket: \(e)"
        }
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
