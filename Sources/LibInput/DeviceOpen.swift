import LinuxSystem
internal import Glibc

/// How an input device node is opened for libinput (its `open_restricted` callback):
/// close-on-exec and non-blocking, as libinput reads it from its own epoll; read-write as
/// libinput asks, else read-only when only reading is allowed (a unit with
/// `DeviceAllow=char-input r`, a node the user may read but not write): reading is all
/// Vitrine needs (no LEDs, no grabs).
enum DeviceOpen {
    /// The descriptor, or minus the errno of the last attempt (libinput's convention).
    /// - Parameter open: `open(2)` (a test passes its own).
    static func open(_ path: String, flags: Int32, using open: (String, Int32) -> Int32 = systemOpen) -> Int32 {
        let extra = O_CLOEXEC | O_NONBLOCK
        var fd = open(path, flags | extra)
        if fd >= 0 { return fd }
        var e = -fd
        let wantedWrite = flags & O_ACCMODE != O_RDONLY
        if wantedWrite, e == EACCES || e == EPERM || e == EROFS {
            fd = open(path, (flags & ~O_ACCMODE) | O_RDONLY | extra)
            if fd >= 0 { return fd }
            e = -fd
        }
        return -e
    }

    /// open(2), retried on EINTR: the descriptor, or minus errno.
    static func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
        let fd = retryingEINTR { Glibc.open(path, flags) }
        return fd >= 0 ? fd : -errno
    }

    /// What a failed open means for a person: "permission denied (the user needs the
    /// input group)" for EACCES and EPERM, else the errno's text.
    static func reason(_ code: Int32) -> String {
        let text = SystemErrno(code).message
        if code == EACCES || code == EPERM { return text.lowercased() + " (the user needs the input group)" }
        return text
    }
}
