import Display
import Glibc
import Raster
import Testing
import VitrineTestSupport

@testable import Wayland

/// `WaylandDisplay` in this process against the fake compositor (Tests/WaylandFake): each
/// compositor fault the window must handle, with the error or event the kiosk turns into
/// its exit status and log line. Serialized: the descriptor count of
/// `noDescriptorOrBufferLeaks` must see no other window open.
@Suite(.serialized, .enabled(if: FakeCompositor.isBuilt, "the WaylandFake compositor is not built"))
struct FakeWindowTests {
    /// A 320x200 window (the board's size, when the compositor leaves it to us).
    func open(_ fake: FakeCompositor, buffers: Int = 2) throws(DisplayError) -> WaylandDisplay {
        try WaylandDisplay.open(
            .init(buffers: buffers, width: 320, height: 200, fullscreen: false, configureTimeout: 30, socket: fake.socketPath))
    }

    // MARK: missing globals, disconnects, errors

    @Test func aCompositorWithoutAGlobalTheWindowNeedsIsNamed() throws {
        for global in ["wl_compositor", "wl_shm", "xdg_wm_base"] {
            let fake = try FakeCompositor("no-\(global)", ["--no", global])
            let error = failure { () throws(DisplayError) in _ = try open(fake) }
            #expect(error == .unavailable("the Wayland compositor at \(fake.socketPath) offers no \(global)"), "\(global)")
        }
    }

    @Test func aDisconnectAtEveryStartupStageIsTheCompositorGone() throws {
        for stage in ["registry", "bind", "toplevel", "configure", "commit"] {
            let fake = try FakeCompositor("gone-\(stage)", ["--disconnect-at", stage])
            let error = failure { () throws(DisplayError) in
                let window = try open(fake)
                try draw(window)
                try pump(window) { _ in false }
            }
            #expect(fake.count("disconnect") == 1, "\(stage): \(fake.lines)")
            guard case .lost(let why) = error else {
                Issue.record("\(stage): \(String(describing: error)), not lost")
                continue
            }
            #expect(why.hasPrefix("the Wayland compositor at \(fake.socketPath) went away"), "\(stage): \(why)")
        }
    }

    @Test func aProtocolErrorNamesTheInterfaceObjectAndCode() throws {
        let fake = try FakeCompositor("error")
        let window = try open(fake)
        try draw(window)
        try #require(fake.waitFor("commit 1"))
        try fake.send("error")
        let error = failure { () throws(DisplayError) in try pump(window) { _ in false } }
        let id = try #require(surfaceID(fake))
        #expect(error == .protocolError("wayland: protocol error on wl_surface@\(id): code 2 (fake: buffer size is invalid)"))
    }

    /// The compositor posts the error in answer to a commit and hangs up at once; the
    /// client writes again before it reads: the error is still what it reports (libwayland
    /// leaves EPIPE on a write for the read to explain).
    @Test func aProtocolErrorBehindAFailedWriteIsStillTheError() throws {
        let fake = try FakeCompositor("error-at-commit", ["--error-at-commit", "1"])
        let window = try open(fake)
        try draw(window)
        try #require(fake.waitFor("client gone"))
        let error = failure { () throws(DisplayError) in
            // The second buffer is free: drawn and sent into a closed socket.
            try draw(window)
            try pump(window) { _ in false }
        }
        let id = try #require(surfaceID(fake))
        #expect(error == .protocolError("wayland: protocol error on wl_surface@\(id): code 2 (fake: buffer size is invalid)"))
    }

    @Test func aCloseRequestIsReported() throws {
        let fake = try FakeCompositor("close")
        let window = try open(fake)
        try draw(window)
        try fake.send("close")
        let events = try pump(window) { $0.contains { if case .closeRequested = $0 { true } else { false } } }
        #expect(events.contains(.closeRequested("wayland: the window was closed (xdg_toplevel.close)")), "\(events)")
    }

    /// xdg_wm_base.ping is answered (a compositor may take an unanswering client for hung).
    @Test func aPingIsAnswered() throws {
        let fake = try FakeCompositor("ping")
        let window = try open(fake)
        try fake.send("ping 77")
        try pump(window) { _ in fake.count("pong 77") == 1 }
        #expect(fake.count("pong 77") == 1)
    }

    // MARK: sizes

    @Test func anUnusableSizeDrawsNothingUntilAUsableOne() throws {
        let fake = try FakeCompositor("sizes")
        let window = try open(fake)
        #expect(window.width == 320 && window.height == 200, "0x0 first: the board's size")
        try draw(window)
        try #require(fake.waitFor("commit 1 320x200"))

        try fake.send("configure 1 1")
        let lost = try pump(window) { $0.contains { if case .outputLost = $0 { true } else { false } } }
        #expect(
            lost.contains(
                .outputLost("window 1x1 can't hold the show (120 to 8192 pixels a side): waiting for another size")),
            "\(lost)")
        #expect(!window.isOutputAvailable)
        #expect(window.width == 320 && window.height == 200, "the last usable size, for a pipeline")

        // 0x0: the board's size again; then a size of the compositor's.
        try fake.send("configure 0 0")
        let back = try pump(window) { $0.contains { if case .outputBack = $0 { true } else { false } } }
        #expect(back.contains(.outputBack("window 320x200")), "\(back)")
        #expect(window.isOutputAvailable)
        try fake.send("configure 400 300")
        _ = try pump(window) { $0.contains(.outputBack("window 400x300")) }
        try waitUntilFree(window)
        try draw(window)
        #expect(fake.wait { lines in lines.contains { $0.hasPrefix("commit ") && $0.contains(" 400x300 ") } })
        #expect(fake.violations.isEmpty, "\(fake.violations)")
        #expect(fake.commits.allSatisfy { $0.width != 1 }, "nothing drawn at 1x1")
    }

    /// A 2x output: buffers twice the window's size, set_buffer_scale 2 (a sharp show).
    @Test func aScale2OutputGetsBuffersTwiceTheSize() throws {
        let fake = try FakeCompositor("scale", ["--scale", "2"])
        let window = try open(fake)
        #expect(window.width == 640 && window.height == 400)
        try draw(window)
        #expect(fake.waitFor("commit 1 640x400 scale 2 "), "\(fake.lines)")
        #expect(fake.violations.isEmpty, "\(fake.violations)")
    }

    /// 100 configures in a second (0x0, 1x1, too large, ordinary sizes both ways round),
    /// the window drawing whenever the compositor lets it, as the kiosk does: every buffer
    /// committed has the size acked last (the fake checks each commit), the last size
    /// wins, and buffers are made at most once per frame, never more than 2 alive.
    @Test func aConfigureStormEndsAtTheLastSize() throws {
        let fake = try FakeCompositor("storm")
        let window = try open(fake)
        try draw(window)
        // The storm's next-to-last size is 0x0 (the board's): the last one is a change.
        try fake.send("storm 100 640 400")
        var drawn = 1
        let deadline = ChildProcess.now + 60
        while ChildProcess.now < deadline {
            try pump(window, timeout: 0.05) { _ in true }
            if !window.isFlipPending, window.isOutputAvailable {
                try draw(window, UInt32(0xff00_0000 | drawn * 0x10305))
                drawn += 1
            }
            if fake.count("storm done") == 1, fake.commits.last.map({ $0.width == 640 && $0.height == 400 }) == true,
                lastCommitFollowsLastConfigure(fake)
            {
                break
            }
        }
        #expect(fake.count("configure ") == 101)
        #expect(window.width == 640 && window.height == 400)
        let last = try #require(fake.commits.last)
        #expect(last.width == 640 && last.height == 400, "the last size wins")
        #expect(lastCommitFollowsLastConfigure(fake))
        let stats = try fake.stats()
        #expect(fake.violations.isEmpty, "\(fake.violations)")
        #expect(stats["live_max"] == 2, "\(stats)")
        #expect((stats["pools"] ?? 0) <= fake.commits.count, "a pool per frame at most: \(stats)")
        #expect(stats["buffers"] == 2 * (stats["pools"] ?? 0), "\(stats)")
    }

    // MARK: buffers

    /// A compositor that holds both buffers: the window waits (flip pending, nothing to
    /// acquire), allocates nothing more, and once one comes back draws into that one.
    @Test func buffersHeldMakeTheWindowWait() throws {
        let fake = try FakeCompositor("held", ["--release", "manual"])
        let window = try open(fake)
        try draw(window)
        try pump(window) { $0.contains { if case .frameShown = $0 { true } else { false } } }
        #expect(!window.isFlipPending, "one buffer is still free")
        try draw(window)
        try #require(fake.waitFor("done", count: 2), "the second frame's callback")
        try pump(window) { _ in !window.waitingForFrame }
        #expect(window.isFlipPending, "both buffers held: nothing to draw into")
        #expect(failure { () throws(DisplayError) in _ = try window.acquire() } == .unsupported("wayland: every buffer is still held by the compositor"))
        var stats = try fake.stats()
        #expect(stats["pools"] == 1 && stats["buffers"] == 2, "\(stats)")

        // Released late: the frame owed is reported, and the next frame goes into the
        // buffer released.
        try fake.send("release")
        let shown = try pump(window) { $0.contains { if case .frameShown = $0 { true } else { false } } }
        #expect(shown.count == 1)
        #expect(!window.isFlipPending)
        try draw(window)
        #expect(fake.waitFor("commit ", count: 4), "the initial commit and three frames")
        stats = try fake.stats()
        #expect(stats["pools"] == 1 && stats["buffers"] == 2, "nothing allocated: \(stats)")
        #expect(fake.violations.isEmpty, "\(fake.violations)")
    }

    /// A frame that repainted nothing still damages a pixel, so a compositor that
    /// answers frame callbacks only for damage (the fake's `--frames damage`, as cage
    /// 0.1.4) answers it: without, the window would wait for that callback forever.
    @Test func aFrameThatChangedNothingIsStillAnswered() throws {
        let fake = try FakeCompositor("damage-frames", ["--frames", "damage"])
        let window = try open(fake)
        try draw(window)
        try pump(window) { $0.contains { if case .frameShown = $0 { true } else { false } } }
        try waitUntilFree(window)
        let buffer = try window.acquire()
        try window.present(buffer, damage: [])
        #expect(fake.waitFor("commit ", count: 3), "the initial commit and two frames")
        #expect(fake.lines.last { $0.hasPrefix("commit ") }?.hasSuffix(" damage 1") == true, "\(fake.lines.suffix(3))")
        let shown = try pump(window) { $0.contains { if case .frameShown = $0 { true } else { false } } }
        #expect(shown.contains { if case .frameShown = $0 { true } else { false } }, "the callback of the unchanged frame")
        #expect(fake.violations.isEmpty, "\(fake.violations)")
    }

    // MARK: input

    /// Touch events a compositor sends without wl_touch.frame (cage 0.1.4: down and up
    /// only) are closed with a frame at the end of the batch read, so the tracker hands
    /// them on; the log says so once per seat. A compositor's own frames are kept, with
    /// none added.
    @Test func touchWithoutFramesIsClosedAtTheBatchEnd() throws {
        let fake = try FakeCompositor("bare-touch")
        let window = try open(fake)
        try draw(window)
        var kinds: [String] = []
        var said: [String] = []
        func collect(_ command: String) throws {
            try fake.send(command)
            try pump(window) { _ in
                window.drainInput { item in
                    switch item {
                    case .touch(let e):
                        switch e.kind {
                        case .down: kinds.append("down")
                        case .up: kinds.append("up")
                        case .frame: kinds.append("frame")
                        default: kinds.append("other")
                        }
                    case .seat(let what): said.append(what)
                    default: break
                    }
                }
                return kinds.last == "frame" && kinds.contains("up")
            }
        }
        try collect("bare-tap 10 20")
        #expect(kinds.last == "frame" && kinds.filter { $0 == "frame" }.count <= 2, "\(kinds)")
        #expect(Array(kinds.filter { $0 != "frame" }) == ["down", "up"], "\(kinds)")
        #expect(kinds.first == "down", "\(kinds)")
        let frameless = said.filter { $0.contains("touch events came without wl_touch.frame") }
        #expect(frameless == ["fake-seat: touch events came without wl_touch.frame; each batch read is taken as one frame"], "\(said)")
        kinds = []
        try collect("bare-tap 30 40")
        #expect(kinds.filter { $0 != "frame" } == ["down", "up"] && kinds.last == "frame", "\(kinds)")
        kinds = []
        try collect("tap 30 40")
        #expect(kinds == ["down", "frame", "up", "frame"], "the compositor's frames, none added: \(kinds)")
        #expect(said.filter { $0.contains("without wl_touch.frame") }.count == 1, "said once: \(said)")
    }

    /// The fake's checks catch what they are for (else the tests above prove nothing): a
    /// buffer drawn into after it went to the compositor, and one drawn at the old size
    /// and committed after a new size was acked.
    @Test func theFakeCatchesADrawIntoAHeldBufferAndAStaleSize() throws {
        let fake = try FakeCompositor("checks", ["--release", "manual"])
        let window = try open(fake)
        let first = try window.acquire()
        first.surface.fill(0xff10_2030)
        try window.present(first, damage: [PixelRect(width: 320, height: 200)])
        try #require(fake.waitFor("commit 1 320x200"))
        first.surface.fill(0xff40_5060)
        _ = try fake.stats()
        #expect(fake.violations.contains { $0.hasPrefix("violation held-write: buffer 1 ") }, "\(fake.lines)")

        try pump(window) { $0.contains { if case .frameShown = $0 { true } else { false } } }
        let old = try window.acquire()
        try fake.send("configure 400 300")
        try pump(window) { $0.contains(.outputBack("window 400x300")) }
        try window.present(old, damage: [PixelRect(width: 320, height: 200)])
        #expect(fake.waitFor("violation stale-size: buffer 2 is 320x200 points, the configure acked last is 400x300"))
    }

    // MARK: leaks

    /// Opening and closing a window many times, cleanly and through every fault, leaves
    /// no descriptor behind (sockets and the shm pool's memfd), and the compositor sees
    /// every buffer destroyed.
    @Test func noDescriptorOrBufferLeaks() throws {
        let before = waylandDescriptors()
        do {
            let fake = try FakeCompositor("leaks")
            for i in 0..<30 {
                let window = try open(fake, buffers: 2 + i % 2)
                try draw(window)
                try pump(window) { $0.contains { if case .frameShown = $0 { true } else { false } } }
                try draw(window)
                window.close()
            }
            #expect(fake.waitFor("client gone", count: 30))
            let stats = try fake.stats()
            #expect(stats["live"] == 0, "every buffer destroyed: \(stats)")
            #expect(fake.violations.isEmpty, "\(fake.violations)")
        }
        for options in [["--no", "xdg_wm_base"], ["--no", "wl_shm"], ["--disconnect-at", "registry"],
            ["--disconnect-at", "toplevel"], ["--disconnect-at", "commit"], ["--error-at-commit", "1"]]
        {
            let fake = try FakeCompositor("leaks-\(options[1])", options)
            for _ in 0..<5 {
                _ = failure { () throws(DisplayError) in
                    let window = try open(fake)
                    try draw(window)
                    try pump(window) { _ in false }
                }
            }
        }
        #expect(waylandDescriptors() == before)
    }
}

// MARK: helpers

/// The error `body` throws (nil: none).
func failure(_ body: () throws(DisplayError) -> Void) -> DisplayError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// Acquires, fills with `color` and presents a whole frame.
func draw(_ window: WaylandDisplay, _ color: UInt32 = 0xff20_4080) throws(DisplayError) {
    let buffer = try window.acquire()
    buffer.surface.fill(color)
    try window.present(buffer, damage: [PixelRect(width: buffer.surface.width, height: buffer.surface.height)])
}

/// Reads the window's events until `done` says enough of them came (hang bound
/// `timeout` s: then the test fails, unless `timeout` is under a second: a short pump).
@discardableResult
func pump(_ window: WaylandDisplay, timeout: Double = 30, until done: ([DisplayEvent]) -> Bool) throws(DisplayError)
    -> [DisplayEvent]
{
    var events: [DisplayEvent] = []
    let deadline = ChildProcess.now + timeout
    repeat {
        var p = pollfd(fd: window.eventDescriptors[0], events: Int16(POLLIN), revents: 0)
        _ = poll(&p, 1, 20)
        try window.handleEvents(on: p.fd) { events.append($0) }
        if done(events) { return events }
    } while ChildProcess.now < deadline
    if timeout >= 1 { Issue.record("timed out after \(timeout) s; events: \(events)") }
    return events
}

/// Waits (hang bound 30 s) until the window may draw.
func waitUntilFree(_ window: WaylandDisplay) throws(DisplayError) {
    try pump(window) { _ in !window.isFlipPending }
}

/// The id of the fake's latest wl_surface (its `surface ID` line).
func surfaceID(_ fake: FakeCompositor) -> Int? {
    fake.lines.last { $0.hasPrefix("surface ") }.flatMap { Int($0.split(separator: " ")[1]) }
}

/// The last buffer commit comes after the last configure was acked.
func lastCommitFollowsLastConfigure(_ fake: FakeCompositor) -> Bool {
    let lines = fake.lines
    guard let configure = lines.last(where: { $0.hasPrefix("configure ") }) else { return false }
    let serial = configure.split(separator: " ")[1]
    guard let ack = lines.lastIndex(where: { $0.hasPrefix("ack \(serial) ") }),
        let commit = lines.lastIndex(where: { $0.hasPrefix("commit ") && !$0.hasPrefix("commit none") })
    else { return false }
    return commit > ack
}

/// This process's descriptors that a window to a fake compositor owns: sockets connected
/// to a fake's socket (getpeername names the listening socket's path) and the shm pools'
/// memfds. Others' sockets are left out: tests of other suites open theirs meanwhile.
func waylandDescriptors() -> Int {
    guard let dir = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(dir) }
    let prefix = "/tmp/vitrine-fake-\(getpid())-"
    var n = 0
    var link = [CChar](repeating: 0, count: 256)
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        guard let fd = Int32(name) else { continue }
        let len = readlink("/proc/self/fd/" + name, &link, link.count - 1)
        guard len > 0 else { continue }
        let target = String(decoding: link[0..<len].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/memfd:vitrine-shm") { n += 1 }
        guard target.hasPrefix("socket:") else { continue }
        var address = sockaddr_un()
        var size = socklen_t(MemoryLayout<sockaddr_un>.size)
        let peer = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &size) }
        }
        guard peer == 0, address.sun_family == sa_family_t(AF_UNIX) else { continue }
        let path = withUnsafeBytes(of: address.sun_path) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if path.hasPrefix(prefix) { n += 1 }
    }
    return n
}
