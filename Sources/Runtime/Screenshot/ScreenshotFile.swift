import LinuxSystem
internal import Glibc

/// The file a `screenshot` writes its PNG into: the descriptor a client sent with the
/// line, checked before a byte is written. Only a regular file open for writing is
/// taken: a FIFO whose reader never reads would block the kiosk's loop in `write`, a
/// socket or a device is no picture file, and a read-only descriptor would only fail.
/// The descriptor is borrowed (the control server closes it).
struct ScreenshotFile {
    let fd: Int32

    /// Checks `fd` with `fstat` (a regular file) and `fcntl(F_GETFL)` (open for writing).
    /// - Throws: `.notRegularFile` naming what it is, `.notWritable`, `.system` when a
    ///   call fails (EBADF).
    init(checking fd: Int32) throws(ScreenshotError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(SystemCallError("fstat", errno: errno)) }
        let kind = FileKind(mode: UInt32(info.st_mode))
        guard kind == .regular else { throw .notRegularFile(kind) }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { throw .system(SystemCallError("fcntl F_GETFL", errno: errno)) }
        // An O_PATH descriptor's access mode reads as O_RDONLY (open ignores the rest):
        // refused with those.
        let access = flags & O_ACCMODE
        guard access == O_WRONLY || access == O_RDWR else { throw .notWritable }
        self.fd = fd
    }

    /// Writes `bytes` whole, at the file's offset.
    /// - Throws: `.system` naming `write` and its errno (ENOSPC, EDQUOT, EIO, EPERM for a
    ///   sealed file...); part of the bytes may be written then.
    func write(_ bytes: [UInt8]) throws(ScreenshotError) {
        do throws(SystemCallError) {
            try writeWhole(fd, bytes)
        } catch {
            throw .system(error)
        }
    }
}
