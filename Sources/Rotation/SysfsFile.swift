internal import Glibc
import Input
import LinuxSystem

/// Small reads of sysfs through Glibc (no Foundation): an attribute file's bytes, a
/// directory's entries, whether a path is there. sysfs attributes are at most a page
/// (4096 bytes) and are read whole in one `read`; the kernel builds the text at `open`, so
/// a value is never torn between two reads.
enum SysfsFile {
    /// Why a read failed, before the caller names the path and says what it was reading.
    enum Failure: Error, Hashable {
        /// ENOENT: nothing at that path (or a directory on the way is gone).
        case missing
        /// `open`, `read` or `opendir` failed with this errno (EACCES, EIO, ENODEV, ...).
        case failed(errno: Int32)
        /// Something other than a regular file is there ("a FIFO", "a directory"): not
        /// opened, or closed unread (a FIFO's `open` would wait for a writer, forever).
        case notRegularFile(kind: String)

        /// The errno behind it (ENOENT for `missing`; 0 for a file of the wrong kind).
        var errno: Int32 {
            switch self {
            case .missing: ENOENT
            case .failed(let code): code
            case .notRegularFile: 0
            }
        }

        /// The fault an `IIOError` reports for it.
        var fault: IIOError.Fault {
            switch self {
            case .missing: .missing
            case .failed(let code): .unreadable(errno: code)
            case .notRegularFile(let kind): .notRegularFile(kind: kind)
            }
        }
    }

    /// Which file a path led to when it was opened: its device and inode, and when it
    /// was last written. A file replaced by a rename, or a device's directory made anew,
    /// has another inode (the one held open still reads the old, deleted file); a file
    /// written in place another time (a fixture's scale edited; sysfs itself keeps an
    /// attribute's time).
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        /// st_mtim, nanoseconds since the epoch (0: unknown).
        var modified: Int64 = 0

        init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }

        init(_ status: FileStatus) {
            device = status.device
            inode = status.inode
            modified = status.modifiedNanoseconds
        }

        /// Whether `other` is the same file (device and inode), whenever it was written.
        func isSameFile(as other: Identity) -> Bool { device == other.device && inode == other.inode }
    }

    /// The most bytes read from one attribute: a page, all sysfs ever prints.
    static let limit = 4096

    /// The identity of what is at `path` now (symbolic links followed); nil when nothing
    /// is there or it cannot be looked at.
    static func identity(_ path: String) -> Identity? {
        FileStatus(path: path).map(Identity.init)
    }

    /// Opens the regular file at `path` for reading, as pictures are opened
    /// (`RegularFile.open`): a FIFO or a device is refused without being opened, and
    /// `O_NONBLOCK` keeps a FIFO put there meanwhile from making `open` wait (sysfs
    /// attributes and regular files ignore the flag: reads never block). Returns the
    /// descriptor (the caller closes it) and the file's identity.
    static func openRegular(_ path: String) throws(Failure) -> (fd: Int32, identity: Identity) {
        do {
            let (fd, status) = try RegularFile.open(path: path)
            return (fd, Identity(status))
        } catch {
            switch error {
            case .notFound: throw .missing
            case .notRegularFile(let kind): throw .notRegularFile(kind: kind.description)
            case .failed(_, let e): throw .failed(errno: e)
            case .tooLarge: throw .failed(errno: EFBIG)  // open never checks a size
            }
        }
    }

    /// The bytes of the regular file at `path` (`openRegular`), at most `limit` of them.
    static func bytes(_ path: String) throws(Failure) -> [UInt8] {
        let fd = try openRegular(path).fd
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let n = retryingEINTR {
                buffer.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress! + count, limit - count) }
            }
            if n < 0 {
                let e = errno
                throw e == ENOENT ? .missing : .failed(errno: e)
            }
            if n == 0 { break }
            count += n
        }
        buffer.removeLast(limit - count)
        return buffer
    }

    /// The text of the file at `path` with surrounding whitespace (the newline sysfs ends
    /// every value with) removed; nil when it is missing, unreadable or not UTF-8.
    static func trimmedText(_ path: String) -> String? {
        guard let bytes = try? bytes(path) else { return nil }
        return String(validating: trimmed(bytes[...]), as: UTF8.self)
    }

    /// The entries of the directory `path`, without "." and "..", unsorted
    /// (`directoryEntries`).
    static func entries(_ path: String) throws(Failure) -> [String] {
        do {
            return try directoryEntries(path)
        } catch {
            throw error.code == ENOENT ? .missing : .failed(errno: error.code)
        }
    }

    /// Whether something is at `path` (symbolic links followed: /sys/bus/iio/devices holds
    /// links to the devices' directories).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` is a directory (symbolic links followed).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && FileKind(mode: info.st_mode) == .directory
    }

    /// `bytes` without leading and trailing ASCII whitespace.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0d).contains(b) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return bytes[bytes.endIndex...] }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        return bytes[first...last]
    }
}


/// What a message quotes of a file's content: printable ASCII as is, anything else
/// (a newline, a NUL, a byte of binary garbage) as `\xNN`, cut to `limit` characters
/// with "..." so that a page of garbage still makes a one-line message.
func quotedContent(_ bytes: some Collection<UInt8>, limit: Int = 40) -> String {
    var out = ""
    for b in bytes {
        let piece: String
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
            piece = "\\" + String(UnicodeScalar(b))
        } else if (0x20...0x7e).contains(b) {
            piece = String(UnicodeScalar(b))
        } else {
            let digits = Array("0123456789abcdef")
            piece = "\\x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xf)])
        }
        if out.count + piece.count > limit {
            out += "..."
            break
        }
        out += piece
    }
    return "\"" + out + "\""
}
