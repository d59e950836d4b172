import LinuxSystem

/// Why `screenshot` wrote no picture; `description` is the reply after "error: ". Nothing
/// is written into the file sent unless the picture is whole and the file fit for it: a
/// failed write (`system`) is the only way a file is left half written, and `vitrine ctl`
/// then removes it.
public enum ScreenshotError: Error, Equatable, CustomStringConvertible {
    /// The line came without a descriptor: nowhere to write.
    case noFile
    /// The line came with this many descriptors, not one (all closed unused); 1 when the
    /// one sent could not be taken in (the kiosk out of descriptors).
    case descriptors(Int)
    /// The descriptor sent is not a regular file but this.
    case notRegularFile(FileKind)
    /// A regular file, but not open for writing (O_RDONLY, O_PATH).
    case notWritable
    /// No frame presented yet (the start, or a new mode or orientation not drawn yet).
    case noFrame
    /// The display can't hand its frame back (named), and the pipeline keeps no shadow.
    case unreadable(display: String)
    /// The picture in panel orientation could not be made (what, and why: out of memory).
    case picture(String)
    /// The PNG encoder failed (libspng's text).
    case encode(String)
    /// A call on the descriptor failed (`fstat`, `fcntl`, `write`: ENOSPC, EIO, EBADF...).
    case system(SystemCallError)

    public var description: String {
        switch self {
        case .noFile:
            "screenshot needs a file to write: use vitrine ctl screenshot FILE"
        case .descriptors(1):
            "screenshot: the file sent could not be taken in (out of file descriptors?); wrote nothing"
        case .descriptors(let n):
            "screenshot takes one file to write, not \(n) descriptors: closed them all, wrote nothing"
        case .notRegularFile(let kind):
            "screenshot: the descriptor sent is \(kind), not a regular file: wrote nothing"
        case .notWritable:
            "screenshot: the file sent is not open for writing: wrote nothing"
        case .noFrame:
            "screenshot: no frame shown yet: try again once one is"
        case .unreadable(let display):
            "screenshot: the display (\(display)) cannot hand its frame back"
        case .picture(let why):
            "screenshot: cannot make the picture \(why)"
        case .encode(let why):
            "screenshot: cannot encode the PNG: \(why)"
        case .system(let e):
            "screenshot: \(e)"
        }
    }
}
