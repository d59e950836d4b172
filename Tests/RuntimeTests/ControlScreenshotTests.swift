import Assets
import CLinux
import ConfigFile
import Display
import Glibc
import LinuxSystem
import Logging
import Raster
import Rotation
import Testing
import VitrineTestSupport

@testable import Runtime

/// `screenshot` on the control socket: the line and the descriptor that comes with it
/// (SCM_RIGHTS), paired by the server and always closed by it; the kiosk writing the
/// frame on screen, as the panel shows it, as a PNG into that file, or refusing the file
/// and writing nothing. The whole command through the real binaries is in VitrineTests
/// (KioskScreenshotProcessTests).
@Suite struct ControlScreenshotTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    func tempPath(_ name: String) -> String { "/tmp/vitrine-shot-\(getpid())-\(name)" }

    /// A connected pair: the client's end, and the server's end, non-blocking as the
    /// server's accepted connections are.
    static func socketPair() -> (client: Int32, server: Int32) {
        var fds: [Int32] = [-1, -1]
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds)
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        return (fds[0], fds[1])
    }

    /// A connected pair whose one end (`write`) is what is sent: once the test closes its
    /// own copy, the other end (`read`) sees its end of file only when no copy of the
    /// sent end is left open anywhere in the process (a leak check that other tests'
    /// descriptors, opened and closed in parallel, cannot disturb; made close-on-exec at
    /// once, so no child another test starts holds a copy).
    struct Probe {
        let read: Int32
        let write: Int32

        init() {
            var fds: [Int32] = [-1, -1]
            _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds)
            (read, write) = (fds[0], fds[1])
        }

        /// Whether every copy of the sent end is closed (the test's must be already).
        var writersGone: Bool {
            var b: UInt8 = 0
            return recv(read, &b, 1, Int32(MSG_DONTWAIT)) == 0
        }

        /// The inode, to tell the descriptor received is this pipe's.
        static func inode(_ fd: Int32) -> UInt64 {
            var info = stat()
            return fstat(fd, &info) == 0 ? UInt64(info.st_ino) : 0
        }
    }

    /// Sends `text` on `fd` with `descriptors` attached to its first byte.
    static func send(_ text: String, with descriptors: [Int32], on fd: Int32) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { raw in
            descriptors.withUnsafeBufferPointer { fds in
                vitrine_send_with_descriptors(fd, raw.baseAddress, UInt(raw.count), nil, 0, fds.baseAddress, Int32(fds.count))
            }
        }
    }

    /// What the peer of `fd` wrote, until it closed (non-blocking: what is there).
    static func reply(_ fd: Int32) -> String {
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n <= 0 { break }
            text += chunk[0..<n]
        }
        return String(decoding: text, as: UTF8.self)
    }

    @Test func screenshotTakesNoWord() throws {
        #expect(try ControlCommand(line: "screenshot") == .screenshot)
        // The path is the client's: the kiosk never gets one.
        for line in ["screenshot /tmp/a.png", "screenshot x", "Screenshot", "screenshot screenshot"] {
            #expect(throws: ControlCommandError.unknown(line: line)) { try ControlCommand(line: line) }
        }
    }

    /// One descriptor with the line: the handler gets it, the file the client sent, and
    /// the server closes it before the reply is sent.
    @Test func aDescriptorComesWithItsLineAndIsClosedBeforeTheReply() throws {
        let (client, server) = Self.socketPair()
        defer { close(client) }
        let probe = Probe()
        defer { close(probe.read) }
        let sent = Probe.inode(probe.write)
        Self.send("screenshot\n", with: [probe.write], on: client)
        close(probe.write)
        var connection = ControlServer.Client(fd: server, opened: 0)
        var seen = ControlAttachment.none
        var sameFile = false
        let done = ControlServer.progress(&connection) { line, attachment in
            seen = attachment
            if case .one(let fd) = attachment {
                sameFile = Probe.inode(fd) == sent
                // Received close-on-exec: a child the kiosk starts never inherits it.
                sameFile = sameFile && fcntl(fd, F_GETFD) & FD_CLOEXEC != 0
            }
            return ["ok \(line)"]
        }
        #expect(done)
        #expect(seen.count == 1 && sameFile)
        #expect(probe.writersGone, "the server closed the descriptor")
        #expect(Self.reply(client) == "ok screenshot\n")
    }

    /// Two or more: all closed as they come, only counted; so are descriptors spread over
    /// the line's reads. None: the handler is told so.
    @Test func severalDescriptorsAreAllClosedAndCounted() throws {
        let probes = (0..<3).map { _ in Probe() }
        defer { for p in probes { close(p.read) } }
        let (client, server) = Self.socketPair()
        defer { close(client) }
        Self.send("screenshot\n", with: probes.map(\.write), on: client)
        for p in probes { close(p.write) }
        var connection = ControlServer.Client(fd: server, opened: 0)
        var seen = ControlAttachment.none
        #expect(ControlServer.progress(&connection) { _, attachment in
            seen = attachment
            return ["error: x"]
        })
        #expect(seen == .several(3))
        #expect(probes.allSatisfy { $0.writersGone })

        // One with each half of the line: the first is held until the second comes.
        let halves = (0..<2).map { _ in Probe() }
        defer { for p in halves { close(p.read) } }
        let (client2, server2) = Self.socketPair()
        defer { close(client2) }
        var second = ControlServer.Client(fd: server2, opened: 0)
        Self.send("scre", with: [halves[0].write], on: client2)
        #expect(!ControlServer.progress(&second) { _, _ in ["never"] })
        #expect(second.attachment.count == 1)
        Self.send("enshot\n", with: [halves[1].write], on: client2)
        for p in halves { close(p.write) }
        #expect(ControlServer.progress(&second) { _, attachment in
            seen = attachment
            return ["error: y"]
        })
        #expect(seen == .several(2))
        #expect(halves.allSatisfy { $0.writersGone })

        // Without one.
        let (client3, server3) = Self.socketPair()
        defer { close(client3) }
        var third = ControlServer.Client(fd: server3, opened: 0)
        Self.send("screenshot\n", with: [], on: client3)
        #expect(ControlServer.progress(&third) { _, attachment in
            seen = attachment
            return ["error: z"]
        })
        #expect(seen == .none)
    }

    /// A descriptor the kernel could not hand over (the kiosk out of descriptors) counts,
    /// but is none to write into: the reply says so.
    @Test func aDescriptorNotTakenInIsCountedButNotHeld() {
        var attachment = ControlAttachment.none
        attachment.add(UnsafeBufferPointer(start: nil, count: 0), count: 1)
        #expect(attachment == .several(1))
        #expect(
            ScreenshotError.descriptors(1).description
                == "screenshot: the file sent could not be taken in (out of file descriptors?); wrote nothing")
    }

    /// A connection dropped before its line ends (silent past its time) closes what it
    /// sent; so does the server going away.
    @Test func aConnectionDroppedUnansweredClosesItsDescriptor() throws {
        let server = try ControlServer(path: tempPath("drop"))
        let probes = (0..<2).map { _ in Probe() }
        defer { for p in probes { close(p.read) } }
        var clients: [Int32] = []
        defer { for c in clients { close(c) } }
        for p in probes {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            _ = try UnixAddress(path: server.path).withSockaddr { connect(fd, $0, $1) }
            Self.send("screen", with: [p.write], on: fd)
            close(p.write)
            clients.append(fd)
        }
        let now = MonotonicClock.now()
        server.service(now: now) { _ in ["never"] }
        #expect(server.clients.count == 2)
        #expect(!probes[0].writersGone, "held while the line may still come")
        server.service(now: now + ControlServer.clientTimeout + 1) { _ in ["never"] }
        #expect(server.clients.isEmpty)
        #expect(probes.allSatisfy { $0.writersGone })
    }

    // MARK: - The kiosk

    /// A kiosk on `display` showing the demo show, its first frame drawn.
    func kiosk(on display: HeadlessDisplay, mount: Orientation = .upright) throws -> Kiosk {
        let kiosk = try Kiosk(
            settings: KioskSettings(mount: mount, idleReset: 0), display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: nil) },
            textRasterizer: nil, notify: { _ in }, logger: Self.quiet)
        try kiosk.frame(at: 0, force: true)
        return kiosk
    }

    /// A new empty regular file open with `flags`; the descriptor and its path.
    func file(_ name: String, flags: Int32 = O_RDWR) -> (fd: Int32, path: String) {
        let path = tempPath(name)
        unlink(path)
        let fd = open(path, flags | O_CREAT | O_CLOEXEC, 0o644)
        return (fd, path)
    }

    /// `screenshot` with `fd` attached, as the server hands it over.
    func screenshot(_ kiosk: Kiosk, into fd: Int32) -> String {
        kiosk.command("screenshot", attachment: .one(fd)).joined(separator: "\n")
    }

    /// The panel's picture as a 32-bit surface: `front` (what the buffer scanned out
    /// holds: the headless panel turns nothing on scanout), rgb565 widened as the PNG
    /// encoder widens it.
    static func shown(_ display: HeadlessDisplay) throws -> Surface {
        let front = try #require(display.front)
        let s = try Surface(width: front.width, height: front.height, format: .xrgb8888)
        try s.convert(from: front)
        return s
    }

    static func sameColours(_ a: Surface, _ b: Surface) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] & 0x00ff_ffff != b[x, y] & 0x00ff_ffff { return false }
        }
        return true
    }

    struct Panel: CustomStringConvertible, Sendable {
        let mount: Orientation
        let format: PixelFormat
        var description: String { "\(mount) \(format)" }
    }

    /// The PNG written is the panel's picture: its size (160x96 whatever the mount), its
    /// orientation (the logical frame turned as the panel shows it), its colours (an
    /// rgb565 panel's exactly); at the start, mid-launch, and during a turn's animation
    /// (the old frame drawn over the new layout).
    @Test(arguments: [
        Panel(mount: .upright, format: .xrgb8888), Panel(mount: .clockwise90, format: .xrgb8888),
        Panel(mount: .clockwise270, format: .rgb565),
    ])
    func thePNGIsThePanelsPicture(panel: Panel) throws {
        let display = try HeadlessDisplay(width: 160, height: 96, format: panel.format)
        let k = try kiosk(on: display, mount: panel.mount)
        let (fd, path) = file("png-\(panel.mount)-\(panel.format)")
        defer {
            close(fd)
            unlink(path)
        }
        for (i, t) in [0, 0.9, 1.3].enumerated() {
            if i == 2 { _ = k.command("rotate 180") }
            if t > 0 { try k.frame(at: t, force: true) }
            #expect(i < 2 || k.transition != nil, "the turn runs")
            _ = ftruncate(fd, 0)
            _ = lseek(fd, 0, SEEK_SET)
            let reply = screenshot(k, into: fd)
            let png = try FileIO.readAll(path: path)
            #expect(reply == "ok 160x96 display=on bytes=\(png.count)", "\(panel) at \(t)")
            let picture = try PNG.decode(png)
            #expect(picture.width == 160 && picture.height == 96)
            #expect(Self.sameColours(picture, try Self.shown(display)), "\(panel) at \(t)")
        }
    }

    /// A file the kiosk will not write into: named, and nothing written.
    @Test func aDescriptorThatIsNoWritableFileIsRefused() throws {
        let display = try HeadlessDisplay(width: 160, height: 96)
        let k = try kiosk(on: display)
        #expect(k.command("screenshot") == ["error: screenshot needs a file to write: use vitrine ctl screenshot FILE"])
        #expect(
            k.command("screenshot", attachment: .several(2))
                == ["error: screenshot takes one file to write, not 2 descriptors: closed them all, wrote nothing"])

        let fifo = tempPath("fifo")
        unlink(fifo)
        mkfifo(fifo, 0o644)
        defer { unlink(fifo) }
        let fifoFD = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        defer { close(fifoFD) }
        #expect(screenshot(k, into: fifoFD) == "error: screenshot: the descriptor sent is a FIFO, not a regular file: wrote nothing")
        var b: UInt8 = 0
        #expect(read(fifoFD, &b, 1) < 0, "nothing written into the FIFO")

        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(null) }
        #expect(screenshot(k, into: null) == "error: screenshot: the descriptor sent is a character device, not a regular file: wrote nothing")
        let folder = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(folder) }
        #expect(screenshot(k, into: folder) == "error: screenshot: the descriptor sent is a directory, not a regular file: wrote nothing")
        let (sock, _) = Self.socketPair()
        defer { close(sock) }
        #expect(screenshot(k, into: sock) == "error: screenshot: the descriptor sent is a socket, not a regular file: wrote nothing")

        let (readOnly, path) = file("read-only", flags: O_RDONLY)
        defer {
            close(readOnly)
            unlink(path)
        }
        #expect(screenshot(k, into: readOnly) == "error: screenshot: the file sent is not open for writing: wrote nothing")
        #expect(try FileIO.readAll(path: path).isEmpty)
        #expect(screenshot(k, into: 1_000_000) == "error: screenshot: fstat: Bad file descriptor (EBADF)")

        // Any other command with a file: carried out as usual, the file left alone.
        let (other, otherPath) = file("other")
        defer {
            close(other)
            unlink(otherPath)
        }
        #expect(k.command("status", attachment: .one(other)).first == "ok")
        #expect(k.command("home", attachment: .one(other)) == ["ok screen=home"])
        #expect(try FileIO.readAll(path: otherPath).isEmpty)
    }

    /// Before the first frame there is nothing to show: said so, nothing written.
    @Test func beforeTheFirstFrameThereIsNoScreenshot() throws {
        let display = try HeadlessDisplay(width: 160, height: 96)
        let k = try Kiosk(
            settings: KioskSettings(idleReset: 0), display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: nil) },
            textRasterizer: nil, notify: { _ in }, logger: Self.quiet)
        let (fd, path) = file("first")
        defer {
            close(fd)
            unlink(path)
        }
        #expect(screenshot(k, into: fd) == "error: screenshot: no frame shown yet: try again once one is")
        #expect(try FileIO.readAll(path: path).isEmpty)
    }

    /// The screen off: the frame last shown, and the reply says the screen is off.
    @Test func whileTheScreenIsOffTheLastFrameIsShown() throws {
        let display = try HeadlessDisplay(width: 160, height: 96)
        let k = try kiosk(on: display)
        try k.frame(at: 0.9, force: true)
        let before = try Self.shown(display)
        #expect(k.command("display off") == ["ok display=off"])
        try k.frame(at: 1.5, force: true)  // dark: nothing drawn
        let (fd, path) = file("off")
        defer {
            close(fd)
            unlink(path)
        }
        let reply = screenshot(k, into: fd)
        #expect(reply.hasPrefix("ok 160x96 display=off bytes="))
        #expect(Self.sameColours(try PNG.read(path: path), before))
    }

    /// A write that fails (a full disk) is named with its errno.
    @Test(.enabled(if: ScratchMount.isAvailable)) func aFailedWriteNamesTheErrno() throws {
        let scratch = try ScratchMount(sizeKiB: 16)
        let display = try HeadlessDisplay(width: 160, height: 96)
        let k = try kiosk(on: display)
        let filler = open(scratch.writable + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        let chunk = [UInt8](repeating: 0x5a, count: 4096)
        while chunk.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        close(filler)
        let fd = open(scratch.writable + "/shot.png", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        defer { close(fd) }
        #expect(fd >= 0)
        #expect(screenshot(k, into: fd) == "error: screenshot: write: No space left on device (ENOSPC)")
    }

    /// Many requests, with one descriptor, several, none, and on another command, each
    /// read by the server's reader and answered by the kiosk: every descriptor received
    /// is closed once answered.
    @Test func manyRequestsLeakNoDescriptor() throws {
        let display = try HeadlessDisplay(width: 160, height: 96)
        let k = try kiosk(on: display)
        var probes: [Probe] = []
        defer { for p in probes { close(p.read) } }
        var answers: [String] = []
        for i in 0..<60 {
            let (client, end) = Self.socketPair()
            defer { close(client) }
            var attached: [Probe] = []
            switch i % 5 {
            case 0: attached = [Probe()]
            case 1: attached = [Probe(), Probe()]
            case 2: attached = []
            default: attached = [Probe()]
            }
            let line = i % 5 == 4 ? "status\n" : "screenshot\n"
            Self.send(line, with: attached.map(\.write), on: client)
            for p in attached { close(p.write) }
            probes += attached
            var connection = ControlServer.Client(fd: end, opened: 0)
            _ = ControlServer.progress(&connection) { line, attachment in k.command(line, attachment: attachment) }
            answers.append(Self.reply(client).split(separator: "\n").first.map(String.init) ?? "")
        }
        #expect(probes.count == 60)
        #expect(probes.allSatisfy { $0.writersGone }, "every descriptor received was closed")
        // A socket is no regular file: refused; no descriptor and two: refused; status: ok.
        #expect(answers[0] == "error: screenshot: the descriptor sent is a socket, not a regular file: wrote nothing")
        #expect(answers[1].hasPrefix("error: screenshot takes one file to write, not 2 descriptors"))
        #expect(answers[2] == "error: screenshot needs a file to write: use vitrine ctl screenshot FILE")
        #expect(answers[4] == "ok")
    }
}
