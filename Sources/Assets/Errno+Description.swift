internal import Glibc

/// `strerror` text and the symbolic name, e.g. `No such file or directory (ENOENT)`:
/// the text for a person, the name for a search engine and for tests that must not
/// depend on the C library's wording alone. Public so that every module's file errors
/// (`ShowWriteError`, ...) say it the same way.
public func errnoDescription(_ code: Int32) -> String {
    "\(String(cString: strerror(code))) (\(errnoName(code)))"
}

/// The symbolic name of the errno values file I/O can produce; `errno N` otherwise.
func errnoName(_ code: Int32) -> String {
    switch code {
    case EPERM: "EPERM"
    case ENOENT: "ENOENT"
    case EINTR: "EINTR"
    case EIO: "EIO"
    case ENXIO: "ENXIO"
    case EBADF: "EBADF"
    case EAGAIN: "EAGAIN"
    case ENOMEM: "ENOMEM"
    case EACCES: "EACCES"
    case EFAULT: "EFAULT"
    case EBUSY: "EBUSY"
    case EEXIST: "EEXIST"
    case EXDEV: "EXDEV"
    case ENODEV: "ENODEV"
    case ENOTDIR: "ENOTDIR"
    case EISDIR: "EISDIR"
    case EINVAL: "EINVAL"
    case ENFILE: "ENFILE"
    case EMFILE: "EMFILE"
    case ETXTBSY: "ETXTBSY"
    case EFBIG: "EFBIG"
    case ENOSPC: "ENOSPC"
    case ESPIPE: "ESPIPE"
    case EROFS: "EROFS"
    case EMLINK: "EMLINK"
    case ENAMETOOLONG: "ENAMETOOLONG"
    case ENOTEMPTY: "ENOTEMPTY"
    case ELOOP: "ELOOP"
    case EOVERFLOW: "EOVERFLOW"
    case EDQUOT: "EDQUOT"
    case ESTALE: "ESTALE"
    default: "errno \(code)"
    }
}
