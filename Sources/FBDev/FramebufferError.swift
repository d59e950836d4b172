/// A failed call on a framebuffer device, naming the device, the call and errno.
public enum FramebufferError: Error, Equatable, CustomStringConvertible {
    case open(path: String, errno: Errno)
    case ioctl(path: String, request: FramebufferRequest, errno: Errno)
    case map(path: String, bytes: Int, errno: Errno)

    /// The errno the call failed with.
    public var errno: Errno {
        switch self {
        case .open(_, let e), .ioctl(_, _, let e), .map(_, _, let e): e
        }
    }

    /// The call's name, for `DisplayError.system`: "open", "FBIOPAN_DISPLAY", "mmap".
    public var call: String {
        switch self {
        case .open: "open"
        case .ioctl(_, let request, _): request.name
        case .map: "mmap"
        }
    }

    public var path: String {
        switch self {
        case .open(let p, _), .ioctl(let p, _, _), .map(let p, _, _): p
        }
    }

    public var description: String {
        switch self {
        case .map(let p, let bytes, let e): "\(p): mmap of \(bytes) bytes: \(e)"
        default: "\(path): \(call): \(errno)"
        }
    }
}
