import Glibc
import Logging
import Runtime
import Testing

/// systemd's file-descriptor store as the kiosk uses it: the card sent with FDSTORE=1
/// (SCM_RIGHTS), taken back from $LISTEN_FDS, and every variable that doesn't hold
/// ignored with a reason.
@Suite struct CardStoreTests {
    let pid: Int32 = 4242

    @Test func nothingPassedIsNothing() {
        #expect(PassedDescriptors.parse(environment: [:], processID: pid) == PassedDescriptors())
        #expect(PassedDescriptors.parse(environment: ["LISTEN_FDS": "0", "LISTEN_PID": "4242"], processID: pid).descriptors.isEmpty)
    }

    @Test func descriptorsFromThreeWithTheirNames() {
        let passed = PassedDescriptors.parse(
            environment: ["LISTEN_PID": "4242", "LISTEN_FDS": "2", "LISTEN_FDNAMES": "drm:other"], processID: pid)
        #expect(passed.problem == nil)
        #expect(passed.descriptors.map(\.name) == ["drm", "other"])
        #expect(passed.descriptors.map(\.descriptor) == [3, 4])
        #expect(passed.descriptor(named: "drm") == 3)
        let unnamed = PassedDescriptors.parse(environment: ["LISTEN_PID": "4242", "LISTEN_FDS": "1"], processID: pid)
        #expect(unnamed.descriptors.map(\.name) == ["unknown"])
        #expect(unnamed.descriptor(named: "drm") == nil)
    }

    @Test func anotherProcessesDescriptorsAreNotTaken() {
        let passed = PassedDescriptors.parse(
            environment: ["LISTEN_PID": "17", "LISTEN_FDS": "1", "LISTEN_FDNAMES": "drm"], processID: pid)
        #expect(passed.descriptors.isEmpty)
        #expect(passed.problem == "LISTEN_PID=17 is not this process (4242): its descriptors are not taken")
        let missing = PassedDescriptors.parse(environment: ["LISTEN_FDS": "1"], processID: pid)
        #expect(missing.descriptors.isEmpty)
        #expect(missing.problem == "LISTEN_FDS=1 without LISTEN_PID: not taken")
        let garbled = PassedDescriptors.parse(environment: ["LISTEN_PID": "42x", "LISTEN_FDS": "1"], processID: pid)
        #expect(garbled.descriptors.isEmpty && garbled.problem != nil)
    }

    @Test(arguments: ["x", "-1", "65", "1.0", " 1", "99999999999999999999999"])
    func aBadCountTakesNone(_ count: String) {
        let passed = PassedDescriptors.parse(
            environment: ["LISTEN_PID": "4242", "LISTEN_FDS": count, "LISTEN_FDNAMES": "drm"], processID: pid)
        #expect(passed.descriptors.isEmpty)
        #expect(passed.problem == "LISTEN_FDS=\"\(count)\" is not a count of descriptors (1 to 64): none taken")
    }

    @Test func namesOfAnotherCountAreIgnored() {
        let passed = PassedDescriptors.parse(
            environment: ["LISTEN_PID": "4242", "LISTEN_FDS": "1", "LISTEN_FDNAMES": "drm:extra"], processID: pid)
        #expect(passed.descriptors.map(\.name) == ["unknown"])
        #expect(passed.problem == "LISTEN_FDNAMES=\"drm:extra\" names 2 descriptors, LISTEN_FDS=1: names ignored")
    }

    /// What the kiosk does with what was passed: the card kept for a DRM board; anything
    /// else closed and dropped from the store; a problem clears the card's entry.
    @Test func onlyTheCardIsKeptAndTheRestIsClosedAndForgotten() throws {
        let receiver = NotifyReceiver(abstract: "vitrine-test-\(getpid())-store")
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": receiver.name])
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let passed = PassedDescriptors(descriptors: [("drm", 3), ("stray", ends[1])])
        let logger = Logger(label: "test")
        #expect(CardStore.takeKeptCard(passed, isDRM: true, notifier: notifier, logger: logger) == 3)
        #expect(fcntl(ends[1], F_GETFD) == -1 && errno == EBADF)
        #expect(receiver.receive() == "FDSTOREREMOVE=1\nFDNAME=stray")
        #expect(receiver.receive() == nil)

        let problem = PassedDescriptors(problem: "LISTEN_PID=17 is not this process")
        #expect(CardStore.takeKeptCard(problem, isDRM: true, notifier: notifier, logger: logger) == nil)
        #expect(receiver.receive() == "FDSTOREREMOVE=1\nFDNAME=drm")
        CardStore.release(notifier: notifier, logger: logger)
        #expect(receiver.receive() == "FDSTOREREMOVE=1\nFDNAME=drm")
    }

    /// FDSTORE=1 carries the descriptor itself: the receiver gets a new descriptor of the
    /// same open file (same inode), as systemd does.
    @Test func storeSendsTheDescriptorWithTheMessage() throws {
        let receiver = NotifyReceiver(abstract: "vitrine-test-\(getpid())-fdstore")
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": receiver.name])
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        try notifier.store(ends[1], name: "drm")
        let (text, received) = receiveWithDescriptors(receiver.fd)
        #expect(text == "FDSTORE=1\nFDNAME=drm")
        #expect(received.count == 1)
        let got = try #require(received.first)
        defer { close(got) }
        var a = stat(), b = stat()
        #expect(fstat(got, &a) == 0 && fstat(ends[1], &b) == 0)
        #expect(a.st_ino == b.st_ino && a.st_dev == b.st_dev && got != ends[1])
    }

    /// recvmsg with room for descriptors; a cmsghdr is len (8 bytes), level, type (4 each),
    /// then the ints (x86-64 and arm64 alike).
    func receiveWithDescriptors(_ fd: Int32) -> (String, [Int32]) {
        var buffer = [UInt8](repeating: 0, count: 256)
        var control = [UInt8](repeating: 0, count: 64)
        return buffer.withUnsafeMutableBytes { data in
            control.withUnsafeMutableBytes { ctl in
                var iov = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &iov) { iovp in
                    var message = msghdr()
                    message.msg_iov = iovp
                    message.msg_iovlen = 1
                    message.msg_control = ctl.baseAddress
                    message.msg_controllen = ctl.count
                    let n = recvmsg(fd, &message, Int32(MSG_DONTWAIT))
                    guard n >= 0 else { return ("", []) }
                    let text = String(decoding: data.prefix(n), as: UTF8.self)
                    guard message.msg_controllen >= 16 else { return (text, []) }
                    let length = ctl.load(fromByteOffset: 0, as: Int.self)
                    let level = ctl.load(fromByteOffset: 8, as: Int32.self)
                    let type = ctl.load(fromByteOffset: 12, as: Int32.self)
                    guard level == SOL_SOCKET, type == Int32(SCM_RIGHTS) else { return (text, []) }
                    let count = (length - 16) / 4
                    return (text, (0..<count).map { ctl.load(fromByteOffset: 16 + 4 * $0, as: Int32.self) })
                }
            }
        }
    }
}
