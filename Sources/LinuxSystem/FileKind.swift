internal import Glibc

/// What is at a path, from a `stat`'s (or an `lstat`'s) mode, named as a person would say
/// it: "a FIFO", "a character device". The one namer of file kinds: every message that
/// refuses a path for not being a regular file (or, for the control socket, a socket)
/// says what is there this way.
///
/// Why it matters: opening a FIFO for reading waits for a writer (a kiosk stuck in
/// `open` ignores SIGTERM), reading a device can block or never end, and renaming a
/// picture over `/dev/full` destroys the device node.
public indirect enum FileKind: Hashable, Sendable, CustomStringConvertible {
    case directory
    case characterDevice
    case blockDevice
    case fifo
    case socket
    /// A symbolic link (only seen by `lstat`, which looks at the link itself): to what it
    /// resolves to, or nil when it resolves to nothing (a dangling link) or was not
    /// followed.
    case symbolicLink(to: FileKind?)
    /// A regular file.
    case regular
    /// A file type Linux does not define; the `st_mode & S_IFMT` bits.
    case unknown(mode: UInt32)

    /// The kind of a `stat`'s `st_mode` (a `mode_t`); a symbolic link's target is not
    /// looked at (`symbolicLink(to: nil)`).
    public init(mode: UInt32) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFLNK: self = .symbolicLink(to: nil)
        case let other: self = .unknown(mode: UInt32(other))
        }
    }

    /// "a FIFO", "a symbolic link to a directory", "a symbolic link to nothing".
    public var description: String {
        switch self {
        case .symbolicLink(let target?): "a symbolic link to \(target)"
        case .symbolicLink(nil): "a symbolic link to nothing"
        case .unknown(let mode): "a file of unknown type (mode 0o\(String(mode, radix: 8)))"
        default: "a \(noun)"
        }
    }

    /// What `lstat` found, without the article and without looking further: "socket",
    /// "regular file", "symbolic link", "FIFO"; "file of unknown type" for a type Linux
    /// does not define. For a message that reads "is a \(noun)".
    public var noun: String {
        switch self {
        case .directory: "directory"
        case .characterDevice: "character device"
        case .blockDevice: "block device"
        case .fifo: "FIFO"
        case .socket: "socket"
        case .symbolicLink: "symbolic link"
        case .regular: "regular file"
        case .unknown: "file of unknown type"
        }
    }
}
