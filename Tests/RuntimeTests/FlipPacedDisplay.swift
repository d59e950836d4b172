import LinuxSystem
import Display
import Raster

@testable import Runtime

/// A display double that behaves like DRM's page flips, below the kiosk: `present` puts a
/// flip in flight that lands on the next vblank of a fixed grid (a timerfd fires then),
/// and `handleEvents` reports `.frameShown`. It records what the kiosk must never do
/// (acquire while a flip is in flight) and can lose and regain its output.
final class FlipPacedDisplay: DisplayBackend {
    private(set) var inner: HeadlessDisplay
    let period: Double
    let origin = MonotonicClock.now()
    private let vblankTimer: TimerFD
    private var dueVblank = 0.0
    private(set) var isFlipPending = false
    private(set) var isOutputAvailable = true
    /// CLOCK_MONOTONIC seconds of each present.
    private(set) var presents: [Double] = []
    /// Buffer ages handed out, in order.
    private(set) var ages: [Int] = []
    /// Acquires while a flip was in flight, or while the output was gone: must stay 0.
    private(set) var violations = 0
    private var pendingEvents: [DisplayEvent] = []

    init(width: Int, height: Int, refresh: Double = 60) throws {
        inner = try HeadlessDisplay(width: width, height: height)
        period = 1 / refresh
        vblankTimer = try TimerFD()
    }

    var width: Int { inner.width }
    var height: Int { inner.height }
    var format: PixelFormat { inner.format }
    var name: String { "flip-paced \(width)x\(height)" }
    var refreshRate: Double { 1 / period }
    var eventDescriptors: [Int32] { [vblankTimer.fd] }
    var front: Surface? { inner.front }
    /// What the "connector" reports as its panel orientation (DRM's words).
    var panelOrientation: (value: String, output: String)?

    func handleEvents(on descriptor: Int32, report: (DisplayEvent) -> Void) throws(DisplayError) {
        if vblankTimer.acknowledge() > 0, isFlipPending {
            isFlipPending = false
            report(.frameShown(vblank: dueVblank))
        }
        for e in pendingEvents { report(e) }
        pendingEvents.removeAll()
    }

    func acquire() throws(DisplayError) -> DisplayBuffer {
        if isFlipPending || !isOutputAvailable { violations += 1 }
        let b = try inner.acquire()
        ages.append(b.age)
        return b
    }

    func present(_ buffer: DisplayBuffer, damage: [PixelRect]) throws(DisplayError) {
        try inner.present(buffer, damage: damage)
        let now = MonotonicClock.now()
        presents.append(now)
        // The flip lands on the first vblank of the grid after now.
        let k = ((now - origin) / period).rounded(.down) + 1
        dueVblank = origin + k * period
        isFlipPending = true
        vblankTimer.arm(at: dueVblank)
    }

    /// The connector is unplugged: reported at the next event read (the timer fires now).
    func unplug() {
        isOutputAvailable = false
        isFlipPending = false
        pendingEvents.append(.outputLost("test connector"))
        vblankTimer.arm(after: 0.001)
    }

    /// Plugged back in, with a mode of `width` x `height`: all buffers new (age 0).
    func plug(width: Int, height: Int) throws {
        inner = try HeadlessDisplay(width: width, height: height)
        isOutputAvailable = true
        pendingEvents.append(.outputBack("test connector \(width)x\(height)"))
        vblankTimer.arm(after: 0.001)
    }
}
