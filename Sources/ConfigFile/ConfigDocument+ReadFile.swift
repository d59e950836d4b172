import LinuxSystem
internal import Glibc

extension ConfigDocument {
    /// The bytes of the regular file at `path`, at most `maxBytes` of them.
    ///
    /// Opened without blocking, so that a FIFO (or a device) named by mistake is refused
    /// at once instead of waiting for a writer; its type is checked before anything is read.
    static func readFile(_ path: String) throws(ConfigError) -> [UInt8] {
        func failure(_ message: String, _ reason: ConfigError.ReadFailure? = nil) -> ConfigError {
            ConfigError(file: path, line: nil, key: "", message: message, readFailure: reason)
        }
        func cannotRead(_ code: Int32) -> ConfigError { failure("cannot read: \(errnoDescription(code))", .errno(code)) }
        let tooBig = failure("too big for a configuration file (over \(maxBytes) bytes)")

        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw cannotRead(errno) }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else { throw cannotRead(errno) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else { throw failure("not a regular file (\(fileTypeName(type)))", .notRegularFile) }
        guard info.st_size <= maxBytes else { throw tooBig }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw cannotRead(errno)
            }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            guard bytes.count <= maxBytes else { throw tooBig }
        }
    }

    /// "a FIFO", "a directory", ...: what a path names instead of a regular file.
    private static func fileTypeName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "file type 0o\(String(type, radix: 8))"
        }
    }
}
