internal import Glibc

/// What is at a path that `FileIO` will not read or replace because it is not a regular
/// file. Named in errors as a person would say it: "a FIFO", "a character device".
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
    /// A symbolic link (only seen by writes, which look at the link itself): to what
    /// it resolves to, or nil when it resolves to nothing (a dangling link).
    case symbolicLink(to: FileKind?)
    /// A regular file: only ever the target of a `symbolicLink`, never refused itself.
    case regular
    /// A file type Linux does not define; the `st_mode & S_IFMT` bits.
    case unknown(mode: UInt32)

    /// The kind of a `stat`'s `st_mode`.
    init(mode: mode_t) {
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
        case .directory: "a directory"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .symbolicLink(let target?): "a symbolic link to \(target)"
        case .symbolicLink(nil): "a symbolic link to nothing"
        case .regular: "a regular file"
        case .unknown(let mode): "a file of unknown type (mode 0o\(String(mode, radix: 8)))"
        }
    }
}
