internal import Glibc

/// A filesystem AF_UNIX address, and the one place that fills a `sockaddr_un`.
struct UnixAddress {
    let path: String

    /// sun_path's capacity less the terminating NUL.
    static let maxPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    init(path: String) throws(SystemCallError) {
        guard !path.isEmpty, path.utf8.count <= Self.maxPathBytes else {
            throw SystemCallError("socket path \(path)", errno: ENAMETOOLONG)
        }
        self.path = path
    }

    /// Calls `body` with the address and its length.
    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
