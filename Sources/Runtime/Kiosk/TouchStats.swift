import FixedPoint
import Input

/// What `status` says of touch: touch sequences (fingers and the pointer together) and
/// the latency from a touch to the frame that shows it.
///
/// Latency: from the touch event's own time (the device's evdev timestamp, or the
/// script's) to the vblank of the flip that put its first frame on screen, or where the
/// display reports no flips (headless, fbdev), to when that frame was handed over. Only
/// touches that changed the picture count: a touch after which nothing is drawn and
/// nothing moves is dropped. Milliseconds; the last `capacity` samples are kept.
struct TouchStats {
    private(set) var began = 0
    private(set) var ended = 0
    private(set) var cancelled = 0
    /// Touches down now, and the most down at once so far.
    private(set) var down = 0
    private(set) var mostDown = 0
    /// Whether the log has said once that touches past the kiosk's fingers are ignored.
    var ignoredTouchesLogged = false

    /// The earliest touch not yet in a drawn frame, to the frame that shows it.
    private var clock = FrameOnScreenClock()
    private var samples: [Double] = []
    private var next = 0
    static let capacity = 1024

    mutating func count(_ update: TouchUpdate) {
        switch update.phase {
        case .began:
            began += 1
            down += 1
            mostDown = Swift.max(mostDown, down)
        case .moved: break
        case .ended:
            ended += 1
            down = Swift.max(0, down - 1)
        case .cancelled:
            cancelled += 1
            down = Swift.max(0, down - 1)
        }
        clock.note(at: update.time)
    }

    /// The frame asked for drew nothing. If nothing moves either, the pending touch changed
    /// nothing on screen and is dropped; if something moves (an animation the touch
    /// started, still at its first value), its first drawn frame is the touch's.
    mutating func nothingDrawn(stillMoving: Bool) {
        if !stillMoving { clock.dropPending() }
    }

    /// A frame was drawn at `time` (scene seconds); `awaitingFlip`: it shows at a flip
    /// the display will report.
    mutating func frameDrawn(at time: Double, awaitingFlip flip: Bool) {
        if let seconds = clock.frameDrawn(at: time, awaitingFlip: flip) { record(seconds) }
    }

    /// The display reported a flip at `vblank` (scene seconds).
    mutating func flipShown(at vblank: Double) {
        if let seconds = clock.flipShown(at: vblank) { record(seconds) }
    }

    private mutating func record(_ seconds: Double) {
        let ms = seconds * 1000
        if samples.count < Self.capacity {
            samples.append(ms)
        } else {
            samples[next] = ms
        }
        next = (next + 1) % Self.capacity
    }

    /// The p-th percentile of the kept samples (nearest rank), ms; nil without samples.
    func percentile(_ p: Double) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.min(sorted.count - 1, Swift.max(0, rank))]
    }

    /// "p50/p99", e.g. "16.2/31.9"; "-" without samples.
    var latencyText: String {
        guard let p50 = percentile(50), let p99 = percentile(99) else { return "-" }
        return "\(Decimal.format(p50, places: 1))/\(Decimal.format(p99, places: 1))"
    }

    /// How many latency samples are kept.
    var latencySamples: Int { samples.count }
}
