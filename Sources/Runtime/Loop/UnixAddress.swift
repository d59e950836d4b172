import LinuxSystem
internal import Glibc

/// An AF_UNIX address, and the one place that fills a `sockaddr_un`: the control socket
/// (a path) and $NOTIFY_SOCKET (a path or an `@abstract` name) both come through here.
struct UnixAddress {
    /// The address as given: "/run/vitrine/control", "@vitrine-notify".
    let text: String
    /// sun_path's bytes: a path and its NUL, or for `@name` a NUL and the name's bytes and
    /// nothing more (an abstract name is every byte of the length: a trailing NUL would
    /// be part of it).
    private let bytes: [UInt8]

    /// sun_path's capacity, bytes (108 on Linux).
    static let capacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)

    /// nil when `text` is empty or does not fit sun_path (107 bytes of path at most).
    init?(_ text: String) {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 } else { bytes.append(0) }
        guard bytes.count <= Self.capacity else { return nil }
        self.text = text
        self.bytes = bytes
    }

    /// A filesystem path, for the control socket.
    init(path: String) throws(SystemCallError) {
        guard let address = UnixAddress(path) else { throw SystemCallError("socket path \(path)", errno: ENAMETOOLONG) }
        self = address
    }

    /// Calls `body` with the address and its exact length.
    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
