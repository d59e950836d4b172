import Glibc

/// systemd's side of sd_notify, for tests: a datagram socket at a path, whose messages
/// ("READY=1", "STATUS=...") a test waits for, with the time each arrived.
public final class NotifyListener {
    public let path: String
    let fd: Int32
    /// Every state line received so far, with its CLOCK_MONOTONIC arrival time.
    public private(set) var received: [(time: Double, line: String)] = []

    public init(path: String) throws {
        self.path = path
        unlink(path)
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ChildProcessError.spawn("socket", String(cString: strerror(errno))) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() where i < raw.count - 1 { raw[i] = b }
        }
        let r = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard r == 0 else { throw ChildProcessError.spawn("bind \(path)", String(cString: strerror(errno))) }
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// Waits up to `timeout` seconds for a message containing the line `line`
    /// (messages may carry several lines); returns its arrival time.
    public func wait(for line: String, timeout: Double = 20) -> Double? {
        let deadline = ChildProcess.now + timeout
        while true {
            if let hit = received.first(where: { $0.line == line }) { return hit.time }
            let left = deadline - ChildProcess.now
            if left <= 0 { return nil }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, Int32(left * 1000) + 1) > 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                let t = ChildProcess.now
                if n > 0 {
                    for l in String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n") {
                        received.append((t, String(l)))
                    }
                }
            }
        }
    }

    /// The lines received so far (after draining what is waiting).
    public func lines() -> [String] {
        _ = wait(for: "\u{0}never", timeout: 0.05)
        return received.map(\.line)
    }
}
