internal import Glibc

/// The descriptors systemd passed to this process (sd_listen_fds_with_names(3), without
/// libsystemd): $LISTEN_FDS of them from descriptor 3 on, named in $LISTEN_FDNAMES,
/// meant for the process $LISTEN_PID names. Vitrine gets one back this way: the DRM card
/// it kept in the service's file-descriptor store (FDSTORE=1, FDNAME=drm) before a crash.
public struct PassedDescriptors: Equatable, Sendable {
    /// sd_listen_fds' SD_LISTEN_FDS_START: the first passed descriptor.
    public static let first: Int32 = 3
    /// More than this many passed descriptors is taken as a bad $LISTEN_FDS (the unit
    /// keeps at most a few; a typo must not make the process close half its table).
    public static let most = 64
    /// The name the kiosk stores its DRM card under.
    public static let cardName = "drm"

    /// Each passed descriptor with its name ("unknown" when $LISTEN_FDNAMES doesn't say).
    public var descriptors: [(name: String, descriptor: Int32)]
    /// Why the variables were ignored or only partly used, for one log line; nil when
    /// they were fine or absent.
    public var problem: String?

    public init(descriptors: [(name: String, descriptor: Int32)] = [], problem: String? = nil) {
        self.descriptors = descriptors
        self.problem = problem
    }

    public static func == (a: PassedDescriptors, b: PassedDescriptors) -> Bool {
        a.problem == b.problem && a.descriptors.map(\.name) == b.descriptors.map(\.name)
            && a.descriptors.map(\.descriptor) == b.descriptors.map(\.descriptor)
    }

    /// The descriptor named `name`, if one is.
    public func descriptor(named name: String) -> Int32? {
        descriptors.first { $0.name == name }?.descriptor
    }

    /// Reads LISTEN_PID, LISTEN_FDS and LISTEN_FDNAMES as sd_listen_fds does:
    /// - no LISTEN_FDS (or "0"): nothing, no problem;
    /// - LISTEN_PID missing, not decimal, or another process's: nothing (the descriptors
    ///   are not this process's to use or close), with a problem;
    /// - LISTEN_FDS not a decimal count from 1 to `most`: nothing, with a problem;
    /// - LISTEN_FDNAMES with another count of names: every name "unknown", with a problem.
    public static func parse(environment: [String: String], processID: Int32) -> PassedDescriptors {
        guard let countText = environment["LISTEN_FDS"], countText != "0" else { return PassedDescriptors() }
        guard let pidText = environment["LISTEN_PID"] else {
            return PassedDescriptors(problem: "LISTEN_FDS=\(countText) without LISTEN_PID: not taken")
        }
        guard let pid = SystemdNotifier.decimal(pidText), pid == UInt64(processID) else {
            return PassedDescriptors(
                problem: "LISTEN_PID=\(pidText) is not this process (\(processID)): its descriptors are not taken")
        }
        guard let count = SystemdNotifier.decimal(countText), count >= 1, count <= UInt64(most) else {
            return PassedDescriptors(
                problem: "LISTEN_FDS=\"\(countText)\" is not a count of descriptors (1 to \(most)): none taken")
        }
        let fds = (0..<Int32(count)).map { first + $0 }
        var names = Array(repeating: "unknown", count: fds.count)
        var problem: String?
        if let text = environment["LISTEN_FDNAMES"] {
            let given = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if given.count == fds.count {
                names = given
            } else {
                problem = "LISTEN_FDNAMES=\"\(text)\" names \(given.count) descriptors, LISTEN_FDS=\(count): names ignored"
            }
        }
        return PassedDescriptors(descriptors: Array(zip(names, fds)), problem: problem)
    }

    /// What systemd passed this process, each descriptor made close-on-exec (systemd
    /// passes them inheritable); the variables are removed from the environment, so
    /// nothing this process starts takes them for its own (sd_listen_fds' unset).
    public static func takeFromProcess() -> PassedDescriptors {
        let passed = parse(environment: ProcessEnvironment.current(), processID: getpid())
        for (_, fd) in passed.descriptors {
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        return passed
    }
}
