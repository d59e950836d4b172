import LinuxSystem
internal import Glibc
internal import CLinux

/// `vitrine ctl`'s side of the control socket: connects, sends one command line, and
/// returns the reply's lines.
public enum ControlClient {
    /// Seconds `vitrine ctl` waits for the kiosk, from connecting to the reply's end.
    public static let defaultTimeout = 3.0

    /// The socket's path: `$RUNTIME_DIRECTORY/control` (what systemd's RuntimeDirectory=
    /// gives the service), else /run/vitrine/control.
    public static func defaultPath(environment: [String: String]) -> String {
        if let dir = environment["RUNTIME_DIRECTORY"], !dir.isEmpty {
            // systemd may list several directories, separated by colons: ours is the first.
            let first = dir.split(separator: ":", maxSplits: 1).first.map(String.init) ?? dir
            return first + "/control"
        }
        return "/run/vitrine/control"
    }

    /// Sends `command` and waits up to `timeout` seconds, all told, for the whole reply.
    /// - Parameter descriptor: a descriptor sent with the line (SCM_RIGHTS: the kiosk
    ///   receives its own duplicate; this one stays the caller's), or nil.
    /// - Throws: `ControlClientError`: `noKiosk` when nothing listens at `path` (no file,
    ///   refused, not a socket, not permitted); `notAccepted`, `noAnswer` or
    ///   `closedWithoutAnswer` when a kiosk is there but did not answer (busy or flooded);
    ///   `badPath` for a path too long for a socket address; `system` for anything else.
    public static func send(
        _ command: String, to path: String, timeout: Double = defaultTimeout, descriptor: Int32? = nil
    ) throws(ControlClientError) -> [String] {
        let address: UnixAddress
        do { address = try UnixAddress(path: path) } catch { throw .badPath(error) }
        let deadline = MonotonicClock.now() + timeout
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system(SystemCallError("socket", errno: errno)) }
        defer { close(fd) }
        // A kiosk whose listen backlog is full would keep a plain connect waiting for
        // good: SO_SNDTIMEO bounds that wait (connect then fails with EAGAIN).
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard address.withSockaddr({ connect(fd, $0, $1) }) == 0 else {
            let e = errno
            if e == EAGAIN || e == EWOULDBLOCK || e == EINPROGRESS {
                throw .notAccepted(path: path, seconds: timeout)
            }
            throw .noKiosk(path: path, SystemCallError("connect \(path)", errno: e))
        }
        if let descriptor {
            guard sendLine(command, with: descriptor, to: fd) else {
                throw .system(SystemCallError("sendmsg \(path)", errno: errno))
            }
        } else {
            ControlServer.send([command], to: fd)
        }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while true {
            let left = deadline - MonotonicClock.now()
            guard left > 0 else { throw .noAnswer(path: path, seconds: timeout) }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = retryingEINTR { poll(&p, 1, Int32((left * 1000).rounded(.up))) }
            if ready == 0 { continue }
            let n = retryingEINTR { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            if n < 0 {
                let e = errno
                if e == EAGAIN { continue }
                // The kiosk closed the connection with our line unread (it made room for
                // newer connections, or stopped): no answer. After a reply, the reset
                // only says that part of what was sent went unread (a line over the
                // kiosk's limit, answered with an error): the reply is whole.
                if e == ECONNRESET {
                    if reply.isEmpty { throw .closedWithoutAnswer(path: path) }
                    break
                }
                throw .system(SystemCallError("read \(path)", errno: e))
            }
            if n == 0 { break }
            reply += chunk[0..<n]
        }
        if reply.isEmpty { throw .closedWithoutAnswer(path: path) }
        var lines = String(decoding: reply, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Writes `command` and a newline to the connected socket `fd`, with `descriptor`
    /// attached to its first byte (SCM_RIGHTS); false, errno set, when sendmsg fails.
    /// A line is a few bytes and the connection new: it goes whole at once (else the rest
    /// follows without the descriptor).
    static func sendLine(_ command: String, with descriptor: Int32, to fd: Int32) -> Bool {
        let bytes = Array((command + "\n").utf8)
        var attached = descriptor
        return bytes.withUnsafeBytes { raw in
            var sent = retryingEINTR {
                vitrine_send_with_descriptors(fd, raw.baseAddress, UInt(raw.count), nil, 0, &attached, 1)
            }
            guard sent > 0 else { return false }
            while sent < raw.count {
                let n = retryingEINTR { Glibc.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL)) }
                guard n > 0 else { return false }
                sent += n
            }
            return true
        }
    }
}

/// Why `vitrine ctl` got no reply, each with its exit status (the Control socket article).
public enum ControlClientError: Error, Equatable, CustomStringConvertible {
    /// Nothing listens at the path (no such file, connection refused, not a socket,
    /// permission denied): no kiosk runs there. Exit 69.
    case noKiosk(path: String, SystemCallError)
    /// A kiosk listens but did not take the connection in time (its queue of
    /// connections stayed full). Exit 75.
    case notAccepted(path: String, seconds: Double)
    /// Connected, the command sent, and no whole reply in time (a kiosk busy or stuck).
    /// Exit 75.
    case noAnswer(path: String, seconds: Double)
    /// The kiosk closed the connection without a reply (it stopped, or made room for
    /// newer connections). Exit 75.
    case closedWithoutAnswer(path: String)
    /// The path can't be a socket's address (too long). Exit 64.
    case badPath(SystemCallError)
    /// Anything else. Exit 1.
    case system(SystemCallError)

    public var exitStatus: ExitStatus {
        switch self {
        case .noKiosk: .unavailable
        case .notAccepted, .noAnswer, .closedWithoutAnswer: .temporaryFailure
        case .badPath: .usage
        case .system: .failure
        }
    }

    public var description: String {
        switch self {
        case .noKiosk(let path, let e): "no kiosk answers at \(path): \(e)"
        case .notAccepted(let path, let s):
            "the kiosk at \(path) did not accept the connection within \(Self.seconds(s)) s (too many connections waiting)"
        case .noAnswer(let path, let s):
            "the kiosk at \(path) accepted the connection but did not answer within \(Self.seconds(s)) s"
        case .closedWithoutAnswer(let path):
            "the kiosk at \(path) closed the connection without answering (too many connections at once, or it stopped)"
        case .badPath(let e): "\(e)"
        case .system(let e): "\(e)"
        }
    }

    /// "3", "0.5".
    private static func seconds(_ s: Double) -> String {
        s == s.rounded() ? String(Int(s)) : String(s)
    }
}
