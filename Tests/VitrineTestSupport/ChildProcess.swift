import Glibc

/// A program run by a test (the real `vitrine` binary, systemd-analyze): posix_spawn
/// with stdout and stderr captured into files, the environment given exactly, and waits
/// with a deadline. No Foundation.
public final class ChildProcess {
    public let pid: pid_t
    public let arguments: [String]
    let outPath: String
    let errPath: String
    public private(set) var exitStatus: Int32?
    /// The signal that ended the process, if one did.
    public private(set) var terminatingSignal: Int32?

    /// Starts `arguments[0]` (a path) with `arguments` and `environment` ("KEY=value").
    public init(_ arguments: [String], environment: [String] = ChildProcess.inheritedEnvironment()) throws {
        self.arguments = arguments
        let stamp = "\(getpid())-\(ChildProcess.counter.next())"
        outPath = "/tmp/vitrine-child-\(stamp).out"
        errPath = "/tmp/vitrine-child-\(stamp).err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The child starts with no signals blocked, whatever the test thread has blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var child: pid_t = 0
        let r = posix_spawn(&child, arguments[0], &actions, &attributes, &argv, &envp)
        guard r == 0 else { throw ChildProcessError.spawn(arguments[0], String(cString: strerror(r))) }
        pid = child
    }

    deinit {
        if exitStatus == nil && terminatingSignal == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        unlink(outPath)
        unlink(errPath)
    }

    /// Waits up to `timeout` seconds for the process to end; true when it did.
    @discardableResult
    public func wait(timeout: Double = 30) -> Bool {
        if exitStatus != nil || terminatingSignal != nil { return true }
        let deadline = ChildProcess.now + timeout
        while ChildProcess.now < deadline {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                if status & 0x7f == 0 {
                    exitStatus = (status >> 8) & 0xff
                } else {
                    terminatingSignal = status & 0x7f
                }
                return true
            }
            usleep(2000)
        }
        return false
    }

    /// Runs to the end (killed after `timeout` seconds) and returns the exit status, or
    /// 128 + the signal.
    public static func run(_ arguments: [String], environment: [String] = inheritedEnvironment(), timeout: Double = 60)
        throws -> (status: Int32, stdout: String, stderr: String)
    {
        let p = try ChildProcess(arguments, environment: environment)
        if !p.wait(timeout: timeout) {
            p.signal(SIGKILL)
            p.wait(timeout: 5)
        }
        return (p.exitStatus ?? 128 + (p.terminatingSignal ?? 0), p.standardOutput, p.standardError)
    }

    public func signal(_ sig: Int32) { kill(pid, sig) }

    public var standardOutput: String { Self.read(outPath) }
    public var standardError: String { Self.read(errPath) }

    /// The whole text of the file at `path` ("" when it can't be read).
    public static func read(_ path: String) -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// This process's environment as "KEY=value" strings.
    public static func inheritedEnvironment() -> [String] {
        var out: [String] = []
        var p = environ
        while let entry = p.pointee {
            out.append(String(cString: entry))
            p += 1
        }
        return out
    }

    /// CLOCK_MONOTONIC seconds.
    public static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// The `vitrine` binary built beside the running test bundle (`swift test` builds
    /// every product into the same folder).
    public static func vitrineBinary() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let folder = exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return folder + "/vitrine"
    }

    final class Counter: @unchecked Sendable {
        private var value = 0
        private var lock = pthread_mutex_t()
        init() { pthread_mutex_init(&lock, nil) }
        func next() -> Int {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            value += 1
            return value
        }
    }
    static let counter = Counter()
}

public enum ChildProcessError: Error, CustomStringConvertible {
    case spawn(String, String)
    public var description: String {
        switch self {
        case .spawn(let path, let why): "can't start \(path): \(why)"
        }
    }
}
