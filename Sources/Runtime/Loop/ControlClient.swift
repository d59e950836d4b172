internal import Glibc

/// `vitrine ctl`'s side of the control socket: connects, sends one command line, and
/// returns the reply's lines.
public enum ControlClient {
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

    /// Sends `command` and waits up to `timeout` seconds for the whole reply.
    /// - Throws: `SystemCallError` naming the socket (no kiosk listening: ENOENT or
    ///   ECONNREFUSED; no reply in time: ETIMEDOUT).
    public static func send(_ command: String, to path: String, timeout: Double = 3) throws(SystemCallError)
        -> [String]
    {
        let address = try UnixAddress(path: path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError("socket", errno: errno) }
        defer { close(fd) }
        guard address.withSockaddr({ connect(fd, $0, $1) }) == 0 else {
            throw SystemCallError("connect \(path)", errno: errno)
        }
        ControlServer.send([command], to: fd)
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        let deadline = Stopwatch.now() + timeout
        while true {
            let left = deadline - Stopwatch.now()
            guard left > 0 else { throw SystemCallError("reply from \(path)", errno: ETIMEDOUT) }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = retryingEINTR { poll(&p, 1, Int32((left * 1000).rounded(.up))) }
            if ready == 0 { continue }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemCallError("read \(path)", errno: errno)
            }
            if n == 0 { break }
            reply += chunk[0..<n]
        }
        var lines = String(decoding: reply, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
