import LinuxSystem
internal import Glibc

/// A file being written atomically: the bytes go to a temporary file beside the
/// destination, renamed over it by `commit()`. Shared by `FileIO.writeAtomically`,
/// `APNGWriter` and `vitrine ctl screenshot` (whose bytes another process writes, through
/// `descriptor`). Dropped without a commit (an error, a thrown frame), it removes its
/// temporary file and the destination is left as it was.
///
/// What is replaced (checked when made, and again just before the rename):
/// - nothing at `path`, or a regular file: `path` itself;
/// - a symbolic link that resolves to a regular file: that file (the link stays);
/// - anything else (directory, device, FIFO, socket, a link to one of those or to
///   nothing): refused with `ImageError.notReplaceable`, before anything is created.
///
/// The temporary file is `destination + ".tmp"`, created with `O_EXCL` (never opening
/// what is already there). A regular file of that name is a leftover of a writer that
/// was killed, and is removed first; anything else of that name (a FIFO, a device, a
/// link) is left alone and a unique name, `destination + ".tmp."` and 8 hex digits, is
/// used instead. Two writers of the same path at the same time are not supported (the
/// second removes the first one's temporary file, as a leftover).
public struct AtomicFile: ~Copyable {
    /// The path as given: what errors name.
    public let path: String
    /// The file the rename replaces: `path`, or the regular file a link at `path` leads to.
    public let destination: String
    /// The temporary file being written.
    public let temporary: String
    /// Its descriptor; -1 once committed or abandoned.
    private var fd: Int32

    /// The temporary file's descriptor, open for writing only (close-on-exec), for a
    /// writer other than `write`: a process it is sent to. -1 once committed or abandoned.
    public var descriptor: Int32 { fd }

    /// Checks what is at `path` and creates the temporary file (mode 0644 before the umask).
    /// - Throws: `notReplaceable`, or `writeFailed` (the errno of `lstat`, `realpath` or
    ///   `open`: ENOENT for a missing directory, EACCES, ...).
    public init(path: String) throws(ImageError) {
        let destination = try AtomicFile.destination(of: path)
        var temporary = destination + ".tmp"
        var (fd, e) = AtomicFile.create(temporary)
        if fd < 0 && e == EEXIST {
            var info = stat()
            if lstat(temporary, &info) == 0 && FileKind(mode: info.st_mode) == .regular {
                unlink(temporary)  // a killed writer's leftover
                (fd, e) = AtomicFile.create(temporary)
            }
            var tries = 0
            while fd < 0 && e == EEXIST && tries < 16 {
                let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
                temporary = destination + ".tmp." + String(repeating: "0", count: 8 - suffix.count) + suffix
                (fd, e) = AtomicFile.create(temporary)
                tries += 1
            }
        }
        guard fd >= 0 else { throw .writeFailed(path: path, errno: e) }
        self.path = path
        self.destination = destination
        self.temporary = temporary
        self.fd = fd
    }

    deinit {
        if fd >= 0 {
            close(fd)
            unlink(temporary)
        }
    }


    /// Appends `bytes` to the temporary file.
    /// - Throws: `writeFailed` with `write`'s errno (ENOSPC, EIO, ...).
    public func write(_ bytes: [UInt8]) throws(ImageError) {
        do throws(SystemCallError) {
            try writeWhole(fd, bytes)
        } catch {
            throw .writeFailed(path: path, errno: error.errno)
        }
    }

    /// Closes and removes the temporary file (if not yet committed or abandoned).
    public mutating func abandon() {
        if fd >= 0 {
            close(fd)
            unlink(temporary)
            fd = -1
        }
    }

    /// Closes the temporary file and renames it over the destination; on any failure
    /// removes it instead. Either way the file is finished with.
    /// - Parameter synced: `fsync` the data first, so that after a power cut the
    ///   destination is the old file or the whole new one, never an empty one (the
    ///   folder is not synced: the rename itself may be lost).
    /// - Throws: `writeFailed` (`fsync`'s errno, a deferred write error from `close`,
    ///   `rename`'s errno), `notReplaceable` when something other than a regular file
    ///   appeared at `path` meanwhile.
    public mutating func commit(synced: Bool = false) throws(ImageError) {
        let file = fd
        fd = -1
        if synced, retryingEINTR({ fsync(file) }) != 0 {
            let e = errno
            close(file)
            unlink(temporary)
            throw .writeFailed(path: path, errno: e)
        }
        // close can report a deferred write error (NFS, quota): the file is then bad.
        // (EINTR from close still closed the descriptor on Linux: not a failure.)
        if close(file) != 0, case let e = errno, e != EINTR {
            unlink(temporary)
            throw .writeFailed(path: path, errno: e)
        }
        do {
            _ = try AtomicFile.destination(of: path)  // still nothing, or a regular file
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, destination) == 0 else {
            let e = errno
            unlink(temporary)
            throw .writeFailed(path: path, errno: e)
        }
    }

    /// The file that writing `path` replaces (see the type's documentation).
    static func destination(of path: String) throws(ImageError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let e = errno
            if e == ENOENT { return path }  // a new file (or a missing folder: open says so)
            throw .writeFailed(path: path, errno: e)
        }
        switch FileKind(mode: info.st_mode) {
        case .regular:
            return path
        case .symbolicLink:
            guard let resolved = realpath(path, nil) else {
                let e = errno
                if e == ENOENT { throw .notReplaceable(path: path, kind: .symbolicLink(to: nil)) }
                throw .writeFailed(path: path, errno: e)
            }
            defer { free(resolved) }
            let target = String(cString: resolved)
            guard stat(target, &info) == 0 else { throw .writeFailed(path: path, errno: errno) }
            let kind = FileKind(mode: info.st_mode)
            guard kind == .regular else { throw .notReplaceable(path: path, kind: .symbolicLink(to: kind)) }
            return target
        case let kind:
            throw .notReplaceable(path: path, kind: kind)
        }
    }

    /// Creates `path` for writing, failing with EEXIST when anything is there: the
    /// descriptor, or -1 and the errno.
    private static func create(_ path: String) -> (fd: Int32, errno: Int32) {
        let fd = retryingEINTR { open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644) }
        return (fd, fd < 0 ? errno : 0)
    }
}
