import Glibc
import LinuxSystem
import Testing

/// The EINTR helpers, the system-call error's message and the directory listing.
struct SystemCallTests {
    @Test func aFailedCallThrowsItsNameAndErrno() {
        #expect(throws: SystemCallError("open /nonexistent/file", errno: ENOENT)) {
            try systemCall("open /nonexistent/file") { open("/nonexistent/file", O_RDONLY | O_CLOEXEC) }
        }
        let error = SystemCallError("bind /run/vitrine/control", errno: EADDRINUSE)
        #expect(error.description.hasPrefix("bind /run/vitrine/control: "))
        #expect(error.description.hasSuffix(" (EADDRINUSE)"))
        #expect(error.description == "bind /run/vitrine/control: \(SystemErrno(EADDRINUSE))")
    }

    @Test func aCallThatSucceedsReturnsItsResult() throws {
        let fd = try systemCall("open /dev/null") { open("/dev/null", O_RDONLY | O_CLOEXEC) }
        defer { close(fd) }
        #expect(fd >= 0)
        var byte: UInt8 = 0
        #expect(retryingEINTR { read(fd, &byte, 1) } == 0)  // ssize_t: end of file
    }

    /// A call interrupted (EINTR) twice is called again until it gives another answer.
    @Test func eintrIsRetried() {
        var calls = 0
        let r = retryingEINTR { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 5
        }
        #expect(r == 5 && calls == 3)
        var failures = 0
        #expect(retryingEINTR { () -> Int in
            failures += 1
            errno = EBADF
            return -1
        } == -1)
        #expect(failures == 1 && errno == EBADF)
    }

    @Test func listsADirectoryWithoutDotAndDotDot() throws {
        let scratch = Scratch()
        scratch.write("a", [])
        scratch.write("b", [1])
        #expect(try directoryEntries(scratch.path).sorted() == ["a", "b"])
        #expect(throws: SystemErrno(ENOENT)) { try directoryEntries(scratch.path + "/none") }
        #expect(throws: SystemErrno(ENOTDIR)) { try directoryEntries(scratch.path + "/a") }
    }
}
