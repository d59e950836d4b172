import LinuxSystem
internal import Glibc

/// Why a card descriptor kept over a restart (systemd's file-descriptor store) was not
/// taken; the kiosk then opens the card anew, as at a cold start.
public enum KeptCardRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a DRM device: what it is instead ("a regular file", "character device 1:3",
    /// "not open: Bad file descriptor (EBADF)").
    case notDRM(String)
    /// A DRM device, but not the card the board names: `kept` is its node (or major:minor).
    case otherCard(kept: String, wanted: String)
    /// The card, but not DRM master and unable to become it (`reason`).
    case notMaster(String)

    public var description: String {
        switch self {
        case .notDRM(let what): "not a DRM device (\(what))"
        case .otherCard(let kept, let wanted): "\(kept), not the board's \(wanted)"
        case .notMaster(let reason): "not DRM master (\(reason))"
        }
    }
}

/// What the process before left in a kept card descriptor: its framebuffers, its dumb
/// buffers' GEM handles and its mode blob live on with the open file, so each restart
/// would leak a swap chain. Removed once the new process's first frame is on screen
/// (before, one of them is what the panel shows).
struct LeftBehind: Equatable {
    /// Framebuffers the file owns (drmModeGetResources' list, read before any of ours).
    var framebuffers: [UInt32]
    /// GEM handles in use (probed before any of ours): the dead process's dumb buffers.
    var handles: [UInt32]
    /// The CRTC's MODE_ID blob at adoption (0: none); destroying it fails harmlessly
    /// when the file did not make it.
    var modeBlob: UInt32

    /// Handles probed: a process holds at most 3 buffers and 3 retired ones, the file
    /// after a clean-up the new process's and nothing else, and the kernel hands out the
    /// lowest free handle (idr_alloc from 1), so 64 covers every lineage of restarts.
    static let probedHandles: ClosedRange<UInt32> = 1...64

    /// Reads it from `io`, before the new process makes anything in it. Not GETFB2: it
    /// hands out a new handle to the buffer behind a framebuffer, and closing that one
    /// leaves the dead process's own handle (and the buffer) in place.
    static func read(io: any DRMIO, crtc: CRTC) throws(DRMError) -> LeftBehind {
        let framebuffers = try io.resources().framebufferIDs
        let handles = probedHandles.filter { io.dumbBufferExists(handle: $0) }
        return LeftBehind(framebuffers: framebuffers, handles: handles, modeBlob: UInt32(exactly: crtc.properties["MODE_ID"]?.value ?? 0) ?? 0)
    }

    var isEmpty: Bool { framebuffers.isEmpty && handles.isEmpty && modeBlob == 0 }
}

extension LinuxDRMSystem {
    /// The DRM character devices' major number (Documentation/admin-guide/devices.txt).
    static let drmMajor: UInt32 = 226

    func adopt(_ descriptor: Int32, card path: String) throws(KeptCardRefusal) -> any DRMIO {
        var st = stat()
        guard fstat(descriptor, &st) == 0 else { throw .notDRM("not open: \(SystemErrno.current)") }
        let kind = FileKind(mode: st.st_mode)
        guard kind == .characterDevice else { throw .notDRM(kind.description) }
        let (major, minor) = Self.split(st.st_rdev)
        guard major == Self.drmMajor else { throw .notDRM("character device \(major):\(minor)") }
        var wanted = stat()
        guard stat(path, &wanted) == 0, wanted.st_rdev == st.st_rdev else {
            let named = cardPaths().first { p in
                var other = stat()
                return stat(p, &other) == 0 && other.st_rdev == st.st_rdev
            }
            throw .otherCard(kept: named ?? "DRM device \(major):\(minor)", wanted: path)
        }
        let flags = fcntl(descriptor, F_GETFD)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        return LibDRM.adopt(path, descriptor: descriptor)
    }

    func discard(_ descriptor: Int32) { Glibc.close(descriptor) }

    /// A dev_t's major and minor numbers (glibc's gnu_dev_major/minor are macros here),
    /// with glibc's masks: each fits 32 bits whatever the dev_t (a descriptor passed in
    /// by systemd), so neither conversion can trap.
    static func split(_ dev: dev_t) -> (UInt32, UInt32) {
        let d = UInt64(dev)
        return (
            UInt32(((d >> 8) & 0xfff) | ((d >> 32) & 0xffff_f000)), UInt32((d & 0xff) | ((d >> 12) & 0xffff_ff00))
        )
    }
}
