import FixedPoint
import Glibc
@testable import Input

/// The panel-to-logical map of an unrotated panel (rotation 0), for tests. (In the
/// product only `Rotation` converts between the spaces.)
func unrotated(_ p: PanelPoint) -> Point2D {
    Point2D(x: p.x, y: p.y)
}

/// One finger, making the touch updates of one touch sequence for feeding recognizers
/// directly, in logical points and seconds.
final class Finger {
    let id: TouchID
    let source: TouchSource
    var location = Point2D.zero

    init(_ raw: UInt64 = 1, source: TouchSource = .finger(slot: 0)) {
        id = TouchID(raw: raw)
        self.source = source
    }

    func down(_ x: Double, _ y: Double, at time: Double) -> TouchUpdate {
        location = Point2D(x: x, y: y)
        return TouchUpdate(id: id, source: source, phase: .began, location: location, time: time)
    }

    func move(_ x: Double, _ y: Double, at time: Double) -> TouchUpdate {
        location = Point2D(x: x, y: y)
        return TouchUpdate(id: id, source: source, phase: .moved, location: location, time: time)
    }

    func up(at time: Double) -> TouchUpdate {
        TouchUpdate(id: id, source: source, phase: .ended, location: location, time: time)
    }

    func cancel(at time: Double) -> TouchUpdate {
        TouchUpdate(id: id, source: source, phase: .cancelled, location: location, time: time)
    }
}

/// Feeds a steady drag to `handle`: down at `from` at `start`, then a move every
/// `interval` seconds at `velocity` (points per second) for `duration` seconds. Returns
/// the time of the last move.
@discardableResult
func drag(
    _ finger: Finger, from: Point2D, velocity: Point2D, start: Double = 0,
    duration: Double, interval: Double = 1.0 / 60, into handle: (TouchUpdate) -> Void
) -> Double {
    handle(finger.down(from.x, from.y, at: start))
    var k = 1
    var last = start
    while Double(k) * interval <= duration + 1e-9 {
        let t = Double(k) * interval
        let p = from + velocity * t
        last = start + t
        handle(finger.move(p.x, p.y, at: last))
        k += 1
    }
    return last
}

/// A fresh directory under /tmp (mkdtemp), removed with its files when released.
final class TempDirectory {
    let path: String

    init() {
        var template = Array("/tmp/vitrine-input-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed: errno \(errno)")
        path = String(cString: made!)
    }

    deinit {
        for name in written where unlink(file(name)) != 0 { rmdir(file(name)) }
        rmdir(path)
    }

    private var written: [String] = []

    /// `name` inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) -> String {
        let p = file(name)
        let fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "open \(p) failed: errno \(errno)")
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            precondition(n > 0)
            done += n
        }
        close(fd)
        written.append(name)
        return p
    }

    @discardableResult
    func write(_ name: String, _ text: String) -> String { write(name, Array(text.utf8)) }

    /// Makes a FIFO (a named pipe) and returns its path.
    @discardableResult
    func makeFIFO(_ name: String) -> String {
        let p = file(name)
        precondition(mkfifo(p, 0o644) == 0, "mkfifo \(p) failed: errno \(errno)")
        written.append(name)
        return p
    }

    /// Makes a subdirectory.
    @discardableResult
    func makeDirectory(_ name: String) -> String {
        let p = file(name)
        mkdir(p, 0o755)
        written.append(name)
        return p
    }
}
