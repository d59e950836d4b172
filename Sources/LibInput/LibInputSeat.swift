internal import CLibInput
internal import Glibc
import Input

/// The input devices of the panel through libinput, on the event loop's thread.
///
/// Backends (`DeviceSelection`): udev on seat0 (every device, or those of one name),
/// with hotplug from udev; or, for a board naming a /dev/input node, libinput's path
/// backend on that node alone, with an inotify watch on its folder that opens it again
/// whenever it (re)appears. One descriptor for the loop (`fd`, an epoll set over
/// libinput's own and the watch's): when it is readable, call `read(_:)`.
///
/// Devices are opened by `DeviceOpen` (close-on-exec, non-blocking, read-only when only
/// reading is allowed); a failed open is logged once per node, naming it and the errno.
/// libinput's own log lines go to `log` at their priority. Calibration: the board's
/// matrix is set on every device that takes one as it is added; without one, libinput
/// applies the device's LIBINPUT_CALIBRATION_MATRIX udev property itself.
///
/// Not thread-safe: libinput is used from the one thread that made the seat.
public final class LibInputSeat {
    /// Log levels of the lines this seat writes (libinput's priorities mapped onto them).
    public enum LogLevel: Sendable { case debug, info, warning, error }

    public let selection: DeviceSelection
    /// The panel's native size: libinput scales absolute positions to it.
    public var panelSize: PanelSize
    /// The board's calibration matrix, if any.
    public let calibration: [Double]?
    /// The descriptor for the event loop: readable when there is something to `read`.
    public let fd: Int32

    let log: (LogLevel, String) -> Void
    private let li: OpaquePointer
    private let udev: OpaquePointer?
    private let user: UnsafeMutablePointer<vitrine_libinput_user>
    private let interface: UnsafeMutablePointer<libinput_interface>
    /// Nodes whose open failed, with the errno: each logged once until it opens.
    public private(set) var openFailures: [String: Int32] = [:]
    /// Path backend: the watch on the node's folder, and the device while it is open.
    private var inotify: Int32 = -1
    private var pathDevice: OpaquePointer?
    /// Whether the watch is on the node's own folder (else on a folder above it).
    private var watchingFolder = false
    private var waitingLogged = false

    /// Starts libinput for `selection`. The devices present are reported by the first
    /// `read` (as `.added` events).
    /// - Parameter debug: route libinput's debug lines too.
    public init(
        selection: DeviceSelection, panelSize: PanelSize, calibration: [Double]? = nil, debug: Bool = false,
        log: @escaping (LogLevel, String) -> Void
    ) throws(LibInputError) {
        self.selection = selection
        self.panelSize = panelSize
        self.calibration = calibration
        self.log = log
        user = .allocate(capacity: 1)
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(open_restricted: seatOpen, close_restricted: seatClose))
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else {
            let e = errno
            user.deallocate()
            interface.deallocate()
            throw .system(call: "epoll_create1", errno: e)
        }
        fd = epoll
        var context: OpaquePointer?
        var udevHandle: OpaquePointer?
        switch selection {
        case .node:
            context = libinput_path_create_context(interface, user)
        case .every, .name:
            udevHandle = udev_new()
            if udevHandle != nil { context = libinput_udev_create_context(interface, user, udevHandle) }
        }
        guard let context else {
            if let udevHandle { udev_unref(udevHandle) }
            close(epoll)
            user.deallocate()
            interface.deallocate()
            if case .node = selection { throw .contextFailed(backend: "path") }
            throw udevHandle == nil ? .udevUnavailable : .contextFailed(backend: "udev")
        }
        li = context
        udev = udevHandle
        user.initialize(to: vitrine_libinput_user(object: nil, log_line: seatLogLine))
        user.pointee.object = Unmanaged.passUnretained(self).toOpaque()
        vitrine_libinput_route_log(li, debug ? LIBINPUT_LOG_PRIORITY_DEBUG : LIBINPUT_LOG_PRIORITY_INFO)
        // From here every stored property is set: a throw runs deinit, which releases them.
        try watch(libinput_get_fd(li))
        switch selection {
        case .node(let path):
            inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard inotify >= 0 else { throw .system(call: "inotify_init1", errno: errno) }
            try watch(inotify)
            try armWatch(path)
            openPathDevice()
        case .every, .name:
            guard libinput_udev_assign_seat(li, "seat0") == 0 else { throw .seatFailed(seat: "seat0") }
        }
    }

    deinit { release() }

    private func release() {
        libinput_unref(li)
        if let udev { udev_unref(udev) }
        if inotify >= 0 { close(inotify) }
        close(fd)
        user.deinitialize(count: 1)
        user.deallocate()
        interface.deinitialize(count: 1)
        interface.deallocate()
    }

    private func watch(_ descriptor: Int32) throws(LibInputError) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = descriptor
        guard epoll_ctl(fd, EPOLL_CTL_ADD, descriptor, &event) == 0 else {
            throw .system(call: "epoll_ctl", errno: errno)
        }
    }

    /// Reads what is pending (the watch, then libinput's queue) and hands each event to
    /// `body`, in order. Never blocks.
    public func read(_ body: (RawInputEvent) -> Void) {
        if inotify >= 0 { drainWatch() }
        if libinput_dispatch(li) != 0 {
            log(.warning, "input: libinput_dispatch failed")
        }
        while let event = libinput_get_event(li) {
            if let raw = RawInputEvent(event, panelSize: panelSize, seat: self) { body(raw) }
            libinput_event_destroy(event)
        }
    }

    /// Logs once that the selected device isn't there (yet), when none is: call after
    /// the first `read`, with whether any selected device was added.
    public func noteWaiting(anySelected: Bool) {
        if anySelected {
            waitingLogged = false
            return
        }
        guard !waitingLogged else { return }
        waitingLogged = true
        switch selection {
        case .every: log(.info, "input: no touch or pointer device yet; waiting for one")
        case .name, .node: log(.info, "input: \(selection) is not present; waiting for it")
        }
    }

    // MARK: the path backend's node

    /// Watches the node's folder for the node (re)appearing; while the folder itself is
    /// missing (/dev/input appears with the first input device), the nearest existing
    /// folder above it, for the folder appearing.
    private func armWatch(_ path: String) throws(LibInputError) {
        var folder = Self.parent(of: path)
        while true {
            if inotify_add_watch(inotify, folder, UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO)) >= 0 {
                watchingFolder = folder == Self.parent(of: path)
                return
            }
            let e = errno
            guard e == ENOENT || e == ENOTDIR, folder != "/" else {
                throw .system(call: "inotify_add_watch \(folder)", errno: e)
            }
            folder = Self.parent(of: folder)
        }
    }

    /// "/dev/input" for "/dev/input/event2"; "/" at the top.
    static func parent(of path: String) -> String {
        let parts = path.split(separator: "/")
        return parts.count <= 1 ? "/" : "/" + parts.dropLast().joined(separator: "/")
    }

    private func drainWatch() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var seen = false
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(inotify, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            seen = true
        }
        guard seen, case .node(let path) = selection else { return }
        if !watchingFolder { try? armWatch(path) }
        if pathDevice == nil { openPathDevice() }
    }

    private func openPathDevice() {
        guard case .node(let path) = selection, pathDevice == nil else { return }
        guard access(path, F_OK) == 0 else { return }
        pathDevice = libinput_path_add_device(li, path)
    }

    /// The device went away (DEVICE_REMOVED): the path backend waits for its node again.
    func removed(_ device: OpaquePointer) {
        if device == pathDevice { pathDevice = nil }
    }

    // MARK: callbacks

    func open(_ path: String, flags: Int32) -> Int32 {
        let fd = DeviceOpen.open(path, flags: flags)
        if fd < 0 {
            if openFailures[path] != -fd {
                openFailures[path] = -fd
                log(.warning, "input: cannot open \(path): \(DeviceOpen.reason(-fd))")
            }
        } else if openFailures.removeValue(forKey: path) != nil {
            log(.info, "input: \(path) opened")
        }
        return fd
    }

    func logLine(_ priority: libinput_log_priority, _ line: String) {
        let level: LogLevel =
            switch priority {
            case LIBINPUT_LOG_PRIORITY_ERROR: .error
            case LIBINPUT_LOG_PRIORITY_INFO: .info
            default: .debug
            }
        log(level, "libinput: " + line)
    }

    /// Sets the board's calibration on `device` if it takes one; the matrix in force.
    func calibrate(_ device: OpaquePointer, name: String) -> [Double]? {
        guard libinput_device_config_calibration_has_matrix(device) != 0 else { return nil }
        if let calibration {
            var m: [Float] = calibration.map { Float($0) }
            let status = libinput_device_config_calibration_set_matrix(device, &m)
            if status != LIBINPUT_CONFIG_STATUS_SUCCESS {
                log(.warning, "input: \(name): the board's calibration was refused (\(status.rawValue))")
            }
        }
        var m = [Float](repeating: 0, count: 6)
        libinput_device_config_calibration_get_matrix(device, &m)
        return m.map { Double($0) }
    }
}

private func seatOpen(_ path: UnsafePointer<CChar>?, _ flags: Int32, _ user: UnsafeMutableRawPointer?) -> Int32 {
    guard let path, let seat = LibInputSeat.from(user) else { return -EINVAL }
    return seat.open(String(cString: path), flags: flags)
}

private func seatClose(_ fd: Int32, _ user: UnsafeMutableRawPointer?) {
    close(fd)
}

private func seatLogLine(_ object: UnsafeMutableRawPointer?, _ priority: libinput_log_priority, _ line: UnsafePointer<CChar>?) {
    guard let object, let line else { return }
    Unmanaged<LibInputSeat>.fromOpaque(object).takeUnretainedValue().logLine(priority, String(cString: line))
}

extension LibInputSeat {
    /// The seat behind libinput's user data (a `vitrine_libinput_user`).
    static func from(_ user: UnsafeMutableRawPointer?) -> LibInputSeat? {
        guard let object = user?.assumingMemoryBound(to: vitrine_libinput_user.self).pointee.object else { return nil }
        return Unmanaged<LibInputSeat>.fromOpaque(object).takeUnretainedValue()
    }
}
