import Glibc
import Runtime
import Testing

/// A datagram socket standing in for systemd's notify socket: bound to a path or an
/// abstract name, read without blocking.
final class NotifyReceiver {
    let fd: Int32
    /// What NOTIFY_SOCKET would hold.
    let name: String
    private let path: String?

    /// Bound at `path` (a file in a temp folder).
    init(path: String) {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        precondition(fd >= 0)
        name = path
        self.path = path
        bind(bytes: Array(path.utf8) + [0])
    }

    /// Bound at the abstract name `abstract` (NOTIFY_SOCKET `@abstract`).
    init(abstract: String) {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        precondition(fd >= 0)
        name = "@" + abstract
        path = nil
        bind(bytes: [0] + Array(abstract.utf8))
    }

    private func bind(bytes: [UInt8]) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, length) }
        }
        precondition(rc == 0, "bind \(name): \(String(cString: strerror(errno)))")
    }

    /// The next datagram, or nil when none is queued.
    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n], as: UTF8.self)
    }

    deinit {
        close(fd)
        if let path { unlink(path) }
    }
}

@Suite struct SystemdNotifierTests {
    /// A fresh folder under /tmp, removed by the caller.
    func temporaryFolder() -> String {
        var template = Array("/tmp/vitrine-notify-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    @Test func sendsEachMessageAsOneDatagramToAPath() throws {
        let folder = temporaryFolder()
        defer { rmdir(folder) }
        let receiver = NotifyReceiver(path: folder + "/notify")
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": receiver.name])
        #expect(notifier.isEnabled)
        #expect(notifier.socket == receiver.name)
        try notifier.ready()
        try notifier.status("showing home, 800x480 at 60 Hz")
        try notifier.watchdog()
        try notifier.stopping()
        try notifier.send("READY=1\nSTATUS=both at once")
        #expect(receiver.receive() == "READY=1")
        #expect(receiver.receive() == "STATUS=showing home, 800x480 at 60 Hz")
        #expect(receiver.receive() == "WATCHDOG=1")
        #expect(receiver.receive() == "STOPPING=1")
        #expect(receiver.receive() == "READY=1\nSTATUS=both at once")
        #expect(receiver.receive() == nil)
    }

    /// An abstract name is a NUL and then exactly its bytes: a trailing NUL or a padded
    /// address length would name another socket, and sendmsg would fail.
    @Test func sendsToAnAbstractName() throws {
        let receiver = NotifyReceiver(abstract: "vitrine-test-\(getpid())-notify")
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": receiver.name])
        try notifier.ready()
        try notifier.status("line one\nline two")
        #expect(receiver.receive() == "READY=1")
        #expect(receiver.receive() == "STATUS=line one line two")
        #expect(receiver.receive() == nil)
    }

    /// A receiver that stops reading: once its queue is full a send fails at once with
    /// EAGAIN instead of blocking the kiosk's loop (seen: the loop stalled, control replies
    /// and all). 100 sends into a queue of 10 (the kernel's default) return.
    @Test func aFullQueueNeverBlocks() throws {
        let receiver = NotifyReceiver(abstract: "vitrine-test-\(getpid())-full")
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": receiver.name])
        var refused = 0
        for _ in 0..<100 {
            do { try notifier.watchdog() } catch { refused += 1 }
        }
        #expect(refused > 0, "the queue never filled: the test shows nothing")
        #expect(receiver.receive() == "WATCHDOG=1")
    }

    @Test func aMissingSocketIsATypedErrorWithTheErrnoText() {
        let folder = temporaryFolder()
        defer { rmdir(folder) }
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": folder + "/gone"])
        #expect(throws: NotifyError.system(socket: folder + "/gone", call: "sendmsg", errno: ENOENT)) {
            try notifier.ready()
        }
        do {
            try notifier.ready()
        } catch {
            #expect(error.description == "notify socket \"\(folder)/gone\": sendmsg: No such file or directory")
        }
        let abstract = SystemdNotifier(environment: ["NOTIFY_SOCKET": "@vitrine-test-\(getpid())-nobody"])
        do {
            try abstract.watchdog()
            Issue.record("sent to an abstract name nobody bound")
        } catch {
            #expect(
                error.description == "notify socket \"@vitrine-test-\(getpid())-nobody\": sendmsg: Connection refused")
        }
    }

    @Test func badAddressesAreNamed() {
        let relative = SystemdNotifier(environment: ["NOTIFY_SOCKET": "run/notify"])
        #expect(throws: NotifyError.badAddress(socket: "run/notify", reason: "not an absolute path or @abstract name")) {
            try relative.ready()
        }
        #expect(
            NotifyError.badAddress(socket: "run/notify", reason: "not an absolute path or @abstract name").description
                == "notify socket \"run/notify\": not an absolute path or @abstract name")
        let long = "/" + String(repeating: "a", count: 107)  // 108 bytes and a NUL: one too many
        #expect(throws: NotifyError.badAddress(socket: long, reason: "longer than 107 bytes")) {
            try SystemdNotifier(environment: ["NOTIFY_SOCKET": long]).ready()
        }
        let longest = "@" + String(repeating: "a", count: 107)  // NUL + 107: fits exactly
        #expect(throws: NotifyError.system(socket: longest, call: "sendmsg", errno: ECONNREFUSED)) {
            try SystemdNotifier(environment: ["NOTIFY_SOCKET": longest]).ready()
        }
    }

    @Test func withoutNotifySocketEverythingIsANoOp() throws {
        for environment in [[:], ["NOTIFY_SOCKET": ""]] {
            let notifier = SystemdNotifier(environment: environment)
            #expect(!notifier.isEnabled)
            #expect(notifier.socket == nil)
            try notifier.ready()
            try notifier.status("x")
            try notifier.watchdog()
            try notifier.stopping()
        }
    }

    @Test func watchdogIntervalFollowsSdWatchdogEnabled() {
        func interval(_ usec: String?, _ pid: String? = nil) -> Double? {
            var environment: [String: String] = [:]
            environment["WATCHDOG_USEC"] = usec
            environment["WATCHDOG_PID"] = pid
            return SystemdNotifier(environment: environment, processID: 1234).watchdogInterval
        }
        #expect(interval("5000000") == 5.0)
        #expect(interval("2500", "1234") == 0.0025)
        #expect(interval("5000000", "999") == nil)  // meant for another process
        #expect(interval(nil) == nil)
        #expect(interval(nil, "1234") == nil)
        for bad in ["", "0", "abc", "-5", "+5", "5s", " 5", "5 ", "5.0", "99999999999999999999"] {
            #expect(interval(bad) == nil, "WATCHDOG_USEC=\(bad)")
        }
        for bad in ["", "abc", "-1234", "1234x"] {
            #expect(interval("5000000", bad) == nil, "WATCHDOG_PID=\(bad)")
        }
        let notifier = SystemdNotifier(environment: ["WATCHDOG_USEC": "5000000", "WATCHDOG_PID": "\(getpid())"])
        #expect(notifier.watchdogInterval == 5.0)
        #expect(notifier.watchdogPingInterval == 2.5)
        #expect(SystemdNotifier(environment: [:]).watchdogPingInterval == nil)
    }

    @Test func processEnvironmentReadsEnviron() {
        let environment = ProcessEnvironment.current()
        #expect(environment["PATH"] == getenv("PATH").map { String(cString: $0) })
        #expect(environment["PATH"] != nil)
        #expect(environment["NOTIFY_SOCKET"] == getenv("NOTIFY_SOCKET").map { String(cString: $0) })
        #expect(SystemdNotifier.fromProcess().socket == environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 })
    }
}
