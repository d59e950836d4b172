import Glibc

/// A small tmpfs for tests of a full or a read-only disk, without root and without
/// mounting anything on the machine: a child `unshare --user --map-root-user --mount`
/// mounts it in a mount namespace of its own, and the test reaches it through the
/// child's `/proc/PID/root` (the same files, seen from outside the namespace). The
/// mount goes away with the child, when this value goes.
///
/// - `writable`: the tmpfs, `sizeKiB` kibibytes: a write past that fails with ENOSPC.
/// - `readOnly`: the same files through a read-only bind mount: any write fails with
///   EROFS.
///
/// Needs user namespaces (`kernel.unprivileged_userns_clone`, or root); `isAvailable`
/// says whether this machine allows them, for `.enabled(if:)`.
public final class ScratchMount {
    public let writable: String
    public let readOnly: String
    private let child: ChildProcess
    /// The empty directories on the machine the tmpfs and its bind are mounted on.
    private let host: String

    public init(sizeKiB: Int) throws {
        var template = Array("/tmp/vitrine-scratch-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ScratchMountError.unavailable("mkdtemp: \(String(cString: strerror(errno)))")
        }
        host = String(cString: made)
        mkdir(host + "/rw", 0o755)
        mkdir(host + "/ro", 0o755)
        let candidates: [String] = ["/usr/bin/unshare", "/bin/unshare"]
        let unshare = candidates.first { access($0, X_OK) == 0 } ?? candidates[0]
        let script = """
            set -e
            mount -t tmpfs -o size=\(sizeKiB)k vitrine-scratch "$1/rw"
            mount --bind "$1/rw" "$1/ro"
            mount -o remount,bind,ro "$1/ro"
            : > "$1/rw/.ready"
            exec sleep 3600
            """
        do {
            child = try ChildProcess([unshare, "--user", "--map-root-user", "--mount", "/bin/sh", "-c", script, "sh", host])
        } catch {
            Self.removeHost(host)
            throw ScratchMountError.unavailable("\(error)")
        }
        let root = "/proc/\(child.pid)/root" + host
        writable = root + "/rw"
        readOnly = root + "/ro"
        // A hang bound, not a timing: the mount takes milliseconds.
        let deadline = ChildProcess.now + 20
        while access(writable + "/.ready", F_OK) != 0 {
            if child.wait(timeout: 0.01) || ChildProcess.now > deadline {
                child.signal(SIGKILL)
                child.wait(timeout: 5)
                Self.removeHost(host)
                throw ScratchMountError.unavailable("unshare: " + child.standardError)
            }
        }
        unlink(writable + "/.ready")
    }

    deinit {
        child.signal(SIGKILL)
        child.wait(timeout: 10)
        Self.removeHost(host)
    }

    /// Whether a scratch mount can be made here (tried once).
    public static let isAvailable: Bool = (try? ScratchMount(sizeKiB: 16)) != nil

    private static func removeHost(_ host: String) {
        rmdir(host + "/rw")
        rmdir(host + "/ro")
        rmdir(host)
    }
}

public enum ScratchMountError: Error, CustomStringConvertible {
    case unavailable(String)
    public var description: String {
        switch self {
        case .unavailable(let why): "no scratch tmpfs: \(why)"
        }
    }
}
