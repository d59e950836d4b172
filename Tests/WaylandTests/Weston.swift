import Assets
import Glibc
import Raster
import VitrineTestSupport

/// A real weston 10 for the tests: headless backend, pixman renderer, desktop shell (a
/// fullscreen window covers its panel; weston 10's kiosk shell never repaints a headless
/// output for a client here, measured: no frame callback, a black screenshot),
/// `--debug` for weston-screenshooter, on a socket in a private runtime folder, and a
/// `weston.ini` of the tests' own that turns every animation of the desktop shell off:
/// without one weston fades its whole output in from black at start-up and fades each
/// new window in, so a screenshot taken as soon as the kiosk has drawn would show a
/// half-faded frame on a machine fast enough to get there within the fade.
final class Weston {
    static var isInstalled: Bool {
        access("/usr/bin/weston", X_OK) == 0 && access("/usr/bin/weston-screenshooter", X_OK) == 0
    }

    let runtime: String
    let socket = "wl-vitrine-test"
    let process: ChildProcess

    /// The configuration the tests' weston reads: the desktop shell with no start-up fade,
    /// no window map/close animation and no focus dimming. `animated` leaves weston's
    /// defaults (a black curtain over the output faded out once the shell's helper client
    /// is ready, windows faded in and out). `shellClient`, when given, replaces that
    /// helper client.
    static func configuration(animated: Bool, shellClient: String? = nil) -> String {
        var text = "[shell]\n"
        if !animated {
            text += "startup-animation=none\nanimation=none\nclose-animation=none\nfocus-animation=none\n"
        }
        if let shellClient { text += "client=\(shellClient)\n" }
        return text
    }

    /// Starts weston at `width` x `height` with `configuration(animated:shellClient:)`;
    /// waits (hang bound 30 s) for its socket.
    ///
    /// The shell's helper client is one of the tests' own that connects and never
    /// reports ready (it only waits for weston to close the connection): a start-up fade,
    /// if the configuration let there be one, would then hold its first, black frame for
    /// 15 s (weston's own time-out), which is what a machine fast enough to draw within
    /// the fade sees; so a configuration that lets weston animate fails these tests every
    /// time, not only on fast machines. `VITRINE_TEST_WESTON_ANIMATED=1` in the
    /// environment turns weston's animations back on, to show that.
    init(width: Int = 800, height: Int = 480, name: String) throws {
        runtime = "/tmp/vitrine-weston-\(getpid())-\(name)"
        _ = try ChildProcess.run(["/bin/rm", "-rf", runtime])
        mkdir(runtime, 0o700)
        let animated = getenv("VITRINE_TEST_WESTON_ANIMATED").map { String(cString: $0) == "1" } ?? false
        let shellClient = runtime + "/never-ready-shell"
        let script = fopen(shellClient, "w")
        fputs("#!/bin/bash\nexec cat <&\"$WAYLAND_SOCKET\" >/dev/null\n", script)  // dash takes no fd above 9
        fclose(script)
        chmod(shellClient, 0o755)
        let config = runtime + "/weston.ini"
        let file = fopen(config, "w")
        fputs(Self.configuration(animated: animated, shellClient: shellClient), file)
        fclose(file)
        process = try ChildProcess(
            [
                "/usr/bin/weston", "--config=\(config)", "--backend=headless-backend.so", "--use-pixman",
                "--width=\(width)", "--height=\(height)", "--debug", "--socket=\(socket)", "--idle-time=0",
            ],
            environment: ["XDG_RUNTIME_DIR=\(runtime)", "PATH=/usr/bin:/bin"])
        let deadline = ChildProcess.now + 30
        while access(runtime + "/" + socket, F_OK) != 0 {
            guard ChildProcess.now < deadline, !process.wait(timeout: 0) else {
                throw WestonError.didNotStart(process.standardError)
            }
            usleep(20_000)
        }
    }

    deinit { stop() }

    /// The environment a client of this weston gets.
    var clientEnvironment: [String] { ["XDG_RUNTIME_DIR=\(runtime)", "WAYLAND_DISPLAY=\(socket)"] }

    func stop() {
        if process.exitStatus == nil && process.terminatingSignal == nil {
            kill(process.pid, SIGTERM)
            if !process.wait(timeout: 10) { kill(process.pid, SIGKILL); process.wait(timeout: 10) }
        }
        _ = try? ChildProcess.run(["/bin/rm", "-rf", runtime])
    }

    /// What the output shows now (weston-screenshooter), as an xrgb8888 surface.
    func screenshot() throws -> Surface {
        let dir = runtime + "/shots"
        _ = try ChildProcess.run(["/bin/rm", "-rf", dir])
        mkdir(dir, 0o755)
        let env = clientEnvironment.joined(separator: " ")
        let r = try ChildProcess.run(["/bin/sh", "-c", "cd \(dir) && env \(env) /usr/bin/weston-screenshooter"])
        guard r.status == 0 else { throw WestonError.screenshot(r.stderr) }
        let listing = try ChildProcess.run(["/bin/sh", "-c", "ls \(dir)/*.png"]).stdout
        guard let path = listing.split(separator: "\n").first.map(String.init) else { throw WestonError.screenshot("no PNG") }
        return try PNG.read(path: path)
    }
}

enum WestonError: Error {
    case didNotStart(String)
    case screenshot(String)
}

/// The share of pixels of `a` and `b` (same size) whose channels differ by more than
/// `tolerance`, and the largest difference; the pixels in `ignoring` (a box, where a
/// compositor draws its cursor) are left out of both.
func difference(
    _ a: Surface, _ b: Surface, tolerance: Int = 2, ignoring box: (x: Range<Int>, y: Range<Int>) = (0..<0, 0..<0)
) -> (share: Double, largest: Int) {
    guard a.width == b.width, a.height == b.height else { return (1, 255) }
    var off = 0, largest = 0, compared = 0
    for y in 0..<a.height {
        let ra = a.row(y, as: UInt32.self), rb = b.row(y, as: UInt32.self)
        for x in 0..<a.width where !(box.x.contains(x) && box.y.contains(y)) {
            compared += 1
            var worst = 0
            for shift in [0, 8, 16] {
                let d = abs(Int((ra[x] >> UInt32(shift)) & 0xff) - Int((rb[x] >> UInt32(shift)) & 0xff))
                worst = max(worst, d)
            }
            largest = max(largest, worst)
            if worst > tolerance { off += 1 }
        }
    }
    return (Double(off) / Double(max(compared, 1)), largest)
}
