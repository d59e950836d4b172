import LinuxSystem
internal import Glibc

/// An inotify instance: the kernel's notices of changes in watched folders, read from a
/// descriptor the event loop polls like any other (non-blocking, close-on-exec). Closed
/// on deinit, which ends every watch.
///
/// A watch is on a path's inode at the time it is added: a folder renamed keeps its
/// watch, one deleted and made again needs a new one (its old watch ends with
/// `.ignored`). The queue is the kernel's, bounded (`/proc/sys/fs/inotify/max_queued_events`):
/// when it fills, one `.queueOverflow` event says notices were lost.
public struct Inotify: ~Copyable {
    public let fd: Int32

    /// What a watch reports, and what an event says happened (inotify(7)'s `IN_*` bits).
    public struct Mask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A file's attributes changed (`touch`, `chmod`).
        public static let attributes = Mask(rawValue: 0x0000_0004)
        /// A file open for writing was closed (a save that writes in place).
        public static let closeWrite = Mask(rawValue: 0x0000_0008)
        /// A name was moved out of the folder (the old name of a rename).
        public static let movedFrom = Mask(rawValue: 0x0000_0040)
        /// A name was moved into the folder (a save that renames a new file over the old).
        public static let movedTo = Mask(rawValue: 0x0000_0080)
        /// A name was made in the folder.
        public static let create = Mask(rawValue: 0x0000_0100)
        /// A name was removed from the folder.
        public static let delete = Mask(rawValue: 0x0000_0200)
        /// The watched folder itself was deleted (its watch ends).
        public static let deleteSelf = Mask(rawValue: 0x0000_0400)
        /// The watched folder itself was moved.
        public static let moveSelf = Mask(rawValue: 0x0000_0800)
        /// Events only: the kernel's queue filled and events were lost (the watch -1).
        public static let queueOverflow = Mask(rawValue: 0x0000_4000)
        /// Events only: the watch ended (removed, or what it watched is gone).
        public static let ignored = Mask(rawValue: 0x0000_8000)
        /// Watches only: fail with ENOTDIR unless the path is a folder.
        public static let onlyDirectory = Mask(rawValue: 0x0100_0000)
        /// Events only: the name is a folder.
        public static let isDirectory = Mask(rawValue: 0x4000_0000)
    }

    /// One notice: the watch it came from (`addWatch`'s number; -1 for `.queueOverflow`),
    /// what happened, and the name in the watched folder it happened to (empty when it
    /// happened to the folder itself).
    public struct Event: Hashable, Sendable {
        public var watch: Int32
        public var mask: Mask
        public var name: String
    }

    public init() throws(SystemCallError) {
        fd = try systemCall("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
    }

    deinit { close(fd) }

    /// Watches `path` (symbolic links followed) for `mask`; returns the watch's number.
    /// The same inode watched again gets the same number, its mask replaced.
    /// - Throws: `inotify_add_watch PATH: ...`: ENOENT (nothing there), ENOTDIR (with
    ///   `.onlyDirectory`), ELOOP (a symbolic link loop), EACCES, ENOSPC (the user's
    ///   watches are all taken: `/proc/sys/fs/inotify/max_user_watches`).
    public func addWatch(_ path: String, _ mask: Mask) throws(SystemCallError) -> Int32 {
        try systemCall("inotify_add_watch \(path)") { inotify_add_watch(fd, path, mask.rawValue) }
    }

    /// Ends watch `watch` (its `.ignored` event follows); one already gone is no error.
    public func removeWatch(_ watch: Int32) {
        _ = inotify_rm_watch(fd, watch)
    }

    /// Bytes read at once: room for many events, each at most 16 bytes and a name of
    /// NAME_MAX + 1 bytes (272).
    static let readSize = 4096
    /// Reads in one `drain` at most: a folder that changes faster than the loop reads
    /// cannot hold the loop in here (the rest is read at the next wake-up).
    static let maxReads = 64

    /// Reads the queued events (at most `maxReads` reads of `readSize` bytes) and hands
    /// each to `body`, in order. Returns when the queue is empty.
    /// - Throws: `read inotify: ...` for a failure other than an empty queue (EAGAIN).
    public func drain(_ body: (Event) -> Void) throws(SystemCallError) {
        try withUnsafeTemporaryAllocation(byteCount: Self.readSize, alignment: 8) { (buffer) throws(SystemCallError) in
            for _ in 0..<Self.maxReads {
                let n = retryingEINTR { read(fd, buffer.baseAddress, buffer.count) }
                if n < 0 {
                    let e = errno
                    if e == EAGAIN || e == EWOULDBLOCK { return }
                    throw SystemCallError("read inotify", errno: e)
                }
                if n == 0 { return }
                Self.parse(UnsafeRawBufferPointer(rebasing: buffer[..<n]), body)
            }
        }
    }

    /// The events in `bytes` (whole `struct inotify_event`s, each followed by its
    /// NUL-padded name), in order; a truncated tail is dropped.
    static func parse(_ bytes: UnsafeRawBufferPointer, _ body: (Event) -> Void) {
        let header = 16
        var at = 0
        while at + header <= bytes.count {
            let watch = bytes.loadUnaligned(fromByteOffset: at, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: at + 12, as: UInt32.self))
            let nameStart = at + header
            guard nameStart + length <= bytes.count else { return }
            var nameEnd = nameStart
            while nameEnd < nameStart + length && bytes[nameEnd] != 0 { nameEnd += 1 }
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
            body(Event(watch: watch, mask: Mask(rawValue: mask), name: name))
            at = nameStart + length
        }
    }
}
