internal import Glibc

/// Reading a regular file named by a person or a configuration (a picture, a font, a
/// touch script, a configuration file, a sysfs attribute), written once. A path can name
/// anything: a FIFO (whose `open` waits for a writer, forever, and a kiosk stuck there
/// ignores SIGTERM), a device (`/dev/zero` never ends; opening some devices does
/// something: a watchdog starts counting), a directory. Those are refused, naming what is
/// there, and never read.
public enum RegularFile {
    /// The regular file at `path` opened for reading (symbolic links followed): its
    /// descriptor, which the caller closes, and its `fstat`.
    ///
    /// The path is checked with `stat` first, so that a FIFO or a device is refused
    /// without being opened at all. The file is then opened with `O_NONBLOCK` (EINTR
    /// retried), so that even a FIFO put in its place meanwhile cannot make `open` wait,
    /// and checked again with `fstat`. `O_NONBLOCK` is then cleared: a regular file never
    /// blocks.
    ///
    /// - Throws: `notFound` (ENOENT from `stat` or `open`), `notRegularFile` with the
    ///   kind, `failed` with the call and its errno (EACCES, EIO, ...).
    public static func open(path: String) throws(RegularFileError) -> (fd: Int32, status: FileStatus) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .callFailed("stat", errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(FileKind(mode: info.st_mode)) }
        let fd = retryingEINTR { Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else { throw .callFailed("open", errno) }
        guard fstat(fd, &info) == 0 else { throw .closing(fd, .failed(call: "fstat", errno: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .closing(fd, .notRegularFile(FileKind(mode: info.st_mode))) }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            throw .closing(fd, .failed(call: "fcntl", errno: errno))
        }
        return (fd, FileStatus(info))
    }

    /// The whole content of the regular file at `path` (`open(path:)`), at most `limit`
    /// bytes of it.
    ///
    /// The size `fstat` reports is checked against `limit` before a byte is read; the
    /// read then goes on past that size, up to one byte over `limit`, so that a file
    /// growing meanwhile, or a procfs file whose size is 0, is still caught.
    ///
    /// - Throws: what `open(path:)` throws, `failed` for `read`, and `tooLarge` with the
    ///   size found (`fstat`'s, or the bytes read once over `limit`).
    public static func read(path: String, limit: Int = .max) throws(RegularFileError) -> [UInt8] {
        let (fd, status) = try open(path: path)
        defer { close(fd) }
        let expected = max(status.size, 0)
        guard expected <= limit else { throw .tooLarge(bytes: expected, limit: limit) }

        // One byte more than expected, so a file read whole is seen to end in one go.
        let cap = limit == .max ? limit : limit + 1
        var buffer = [UInt8](repeating: 0, count: min(expected + 1, cap))
        var count = 0
        while count <= limit {
            if count == buffer.count {
                let grown = min(buffer.count + max(buffer.count, 4096), cap)
                buffer.append(contentsOf: repeatElement(0, count: grown - buffer.count))
            }
            let n = retryingEINTR {
                buffer.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress! + count, raw.count - count) }
            }
            guard n >= 0 else { throw .failed(call: "read", errno: errno) }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw .tooLarge(bytes: count, limit: limit) }
        buffer.removeLast(buffer.count - count)
        return buffer
    }
}

/// Why `RegularFile` did not read a file. The path is the caller's to name: each module
/// says it in its own error.
public enum RegularFileError: Error, Hashable, Sendable {
    /// Nothing is at the path (ENOENT from `stat` or `open`).
    case notFound
    /// Something other than a regular file is there; it was not read.
    case notRegularFile(FileKind)
    /// `call` ("stat", "open", "fstat", "fcntl", "read") failed with `errno`.
    case failed(call: String, errno: Int32)
    /// The file holds more than `limit` bytes: `bytes` (its size, or what was read of it).
    case tooLarge(bytes: Int, limit: Int)

    /// The errno behind the failure: ENOENT for `notFound`, 0 for the others.
    public var errno: Int32 {
        switch self {
        case .notFound: ENOENT
        case .failed(_, let code): code
        case .notRegularFile, .tooLarge: 0
        }
    }

    /// `failed`, or `notFound` for ENOENT from `stat` or `open`.
    static func callFailed(_ call: String, _ code: Int32) -> RegularFileError {
        code == ENOENT && (call == "stat" || call == "open") ? .notFound : .failed(call: call, errno: code)
    }

    /// `error`, after closing `fd` (a descriptor opened for a file then refused).
    static func closing(_ fd: Int32, _ error: RegularFileError) -> RegularFileError {
        close(fd)
        return error
    }
}

/// What `fstat` said of an open file: which file it is (device and inode), its size and
/// when it was last written.
public struct FileStatus: Hashable, Sendable {
    /// st_dev.
    public var device: UInt64
    /// st_ino.
    public var inode: UInt64
    /// st_size, bytes (0 for procfs files; a page for sysfs attributes).
    public var size: Int
    /// st_mtim, nanoseconds since the epoch.
    public var modifiedNanoseconds: Int64

    /// What `stat` says of `path` now (symbolic links followed); nil when nothing is there
    /// or it cannot be looked at.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        // Wrapping arithmetic: a time far off wraps, it never traps (only equality counts).
        modifiedNanoseconds = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
    }
}
