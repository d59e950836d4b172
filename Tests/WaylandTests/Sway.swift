import Assets
import Glibc
import Raster
import VitrineTestSupport

/// A real sway 1.7 (wlroots) for the tests: the headless backend, the pixman renderer, no
/// input devices; run as `nobody` (sway refuses root) through setpriv, in a runtime folder
/// of its own. Screenshots with grim; `swaymsg` drives it; a virtual pointer
/// (Tests/WaylandVirtualPointer) gives its seat the pointer device a machine without
/// /dev/input lacks, so `swaymsg seat - cursor` clicks reach the client under the cursor.
final class Sway {
    static var isInstalled: Bool {
        let tools: [String] = ["/usr/bin/sway", "/usr/bin/swaymsg", "/usr/bin/grim", "/usr/bin/setpriv"]
        return tools.allSatisfy { access($0, X_OK) == 0 }
    }

    /// The virtual pointer client, built beside the test bundle (`swift build --build-tests`).
    static let pointerBinary: String = {
        let vitrine = ChildProcess.vitrineBinary()
        return String(vitrine.dropLast("vitrine".count)) + "WaylandVirtualPointer"
    }()
    static var hasPointerClient: Bool { access(pointerBinary, X_OK) == 0 }

    let runtime: String
    let process: ChildProcess
    private(set) var ipc = ""

    /// Starts sway with one headless output of `width` x `height`; waits (hang bound 30 s)
    /// for its Wayland socket and IPC socket.
    init(width: Int = 800, height: Int = 480, name: String) throws {
        runtime = "/tmp/vitrine-sway-\(getpid())-\(name)"
        _ = try ChildProcess.run(["/bin/rm", "-rf", runtime])
        mkdir(runtime, 0o700)
        _ = try ChildProcess.run(["/bin/chown", "nobody:nogroup", runtime])
        let config = runtime + ".conf"
        let text = "output HEADLESS-1 resolution \(width)x\(height)\nseat seat0 fallback true\n"
        let f = fopen(config, "w")
        fputs(text, f)
        fclose(f)
        chmod(config, 0o644)
        process = try ChildProcess(
            [
                "/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/sway", "-c",
                config,
            ],
            environment: [
                "XDG_RUNTIME_DIR=\(runtime)", "WLR_BACKENDS=headless", "WLR_RENDERER=pixman",
                "WLR_LIBINPUT_NO_DEVICES=1", "PATH=/usr/bin:/bin",
            ])
        let deadline = ChildProcess.now + 30
        while true {
            let listing = (try? ChildProcess.run(["/bin/sh", "-c", "ls \(runtime)"]).stdout) ?? ""
            let names = listing.split(separator: "\n").map(String.init)
            if names.contains("wayland-1"), let sock = names.first(where: { $0.hasPrefix("sway-ipc.") }) {
                ipc = runtime + "/" + sock
                break
            }
            guard ChildProcess.now < deadline, !process.wait(timeout: 0) else {
                throw SwayError.didNotStart(process.standardError)
            }
            usleep(20_000)
        }
    }

    deinit { stop() }

    var clientEnvironment: [String] { ["XDG_RUNTIME_DIR=\(runtime)", "WAYLAND_DISPLAY=wayland-1"] }

    func stop() {
        if process.exitStatus == nil && process.terminatingSignal == nil {
            kill(process.pid, SIGTERM)
            if !process.wait(timeout: 10) { kill(process.pid, SIGKILL); process.wait(timeout: 10) }
        }
        _ = try? ChildProcess.run(["/bin/rm", "-rf", runtime, runtime + ".conf"])
    }

    /// `swaymsg COMMAND`; true when sway says it succeeded.
    @discardableResult
    func message(_ command: String) throws -> Bool {
        let r = try ChildProcess.run(["/usr/bin/swaymsg", "-s", ipc, command])
        return r.status == 0 && r.stdout.contains("\"success\": true")
    }

    /// Adds a pointer device to sway's seat: the virtual pointer client, run as root as the
    /// kiosk is (root may use nobody's socket), until the returned process is killed.
    /// Waits (hang bound 30 s) for its `ready`: the device is then in the seat.
    func addPointer() throws -> ChildProcess {
        let client = try ChildProcess([Self.pointerBinary], environment: clientEnvironment)
        let deadline = ChildProcess.now + 30
        while !client.standardOutput.contains("ready\n") {
            guard ChildProcess.now < deadline, !client.wait(timeout: 0) else {
                throw SwayError.noPointer(client.standardError)
            }
            usleep(20_000)
        }
        return client
    }

    /// A left click at (x, y), output pixels, through sway's cursor: `seat - cursor set`,
    /// `press button1`, `release button1`; true when sway took all three.
    func click(x: Int, y: Int) throws -> Bool {
        try ["set \(x) \(y)", "press button1", "release button1"].allSatisfy { try message("seat - cursor " + $0) }
    }

    /// Where sway draws its cursor when its hotspot is at (x, y): the headless backend has
    /// no cursor plane, so the cursor is in the output's pixels, and in grim's screenshot
    /// (the default left_ptr, measured: 15x21 pixels from 3 up and left of the hotspot).
    /// A box with a margin around that.
    static func cursorBox(x: Int, y: Int) -> (x: Range<Int>, y: Range<Int>) {
        ((x - 8)..<(x + 24), (y - 8)..<(y + 32))
    }

    /// Polls screenshots (hang bound 30 s) until one is `reference`'s pixels but for the
    /// cursor at (x, y) (fewer than 0.1% of the others differ); that difference, or the
    /// last one seen.
    func waitForScreen(_ reference: Surface, cursorAt x: Int, _ y: Int) throws -> (share: Double, largest: Int) {
        let deadline = ChildProcess.now + 30
        while true {
            let d = difference(try screenshot(), reference, ignoring: Self.cursorBox(x: x, y: y))
            if d.share < 0.001 || ChildProcess.now > deadline { return d }
            usleep(100_000)
        }
    }

    /// What the output shows now (grim), as a surface.
    func screenshot() throws -> Surface {
        let path = runtime + "/shot.png"
        unlink(path)
        let r = try ChildProcess.run(["/usr/bin/grim", path], environment: clientEnvironment + ["PATH=/usr/bin:/bin"])
        guard r.status == 0 else { throw SwayError.screenshot(r.stderr) }
        return try PNG.read(path: path)
    }
}

enum SwayError: Error {
    case didNotStart(String)
    case screenshot(String)
    case noPointer(String)
}
