import Input

/// Checks, update by update, what `TouchTracker` promises (`TouchUpdate`): every touch is
/// one `.began`, any `.moved`, then one `.ended` or `.cancelled`, never anything after;
/// times finite and never running back (per touch, and across touches: recognizers must
/// not see time go back); locations finite and, when `bounds` is given, on the logical
/// screen; at most one touch per source at a time. A broken promise is `fuzzFailure`.
public struct TouchSequenceCheck {
    /// The logical screen's size, pixels, when the events are held to the panel.
    public var bounds: (width: Int, height: Int)?
    /// The most touches down at once (fingers plus the pointer).
    public let maxOpen: Int

    /// Open touches: where each comes from.
    public private(set) var open: [TouchID: TouchSource] = [:]
    private var finished = Set<TouchID>()
    private var lastTime = -Double.infinity
    /// Updates checked.
    public private(set) var count = 0

    public init(bounds: (width: Int, height: Int)?, maxOpen: Int) {
        self.bounds = bounds
        self.maxOpen = maxOpen
    }

    public mutating func check(_ u: TouchUpdate) {
        count += 1
        guard u.time.isFinite else { fuzzFailure("time not finite: \(u)") }
        guard u.time >= lastTime else { fuzzFailure("time ran back from \(lastTime): \(u)") }
        lastTime = u.time
        guard u.location.isFinite else { fuzzFailure("location not finite: \(u)") }
        if let bounds {
            let x = u.location.x, y = u.location.y
            guard x >= 0, y >= 0, x <= Double(max(bounds.width - 1, 0)), y <= Double(max(bounds.height - 1, 0)) else {
                fuzzFailure("location off the \(bounds.width)x\(bounds.height) screen: \(u)")
            }
        }
        if finished.contains(u.id) { fuzzFailure("update after the touch ended: \(u)") }
        switch u.phase {
        case .began:
            if open[u.id] != nil { fuzzFailure("began twice: \(u)") }
            if open.values.contains(u.source) { fuzzFailure("two touches on \(u.source) at once: \(u)") }
            open[u.id] = u.source
            if open.count > maxOpen { fuzzFailure("\(open.count) touches down, at most \(maxOpen): \(u)") }
        case .moved:
            guard let source = open[u.id] else { fuzzFailure("moved before it began: \(u)") }
            if source != u.source { fuzzFailure("source changed from \(source): \(u)") }
        case .ended, .cancelled:
            guard let source = open.removeValue(forKey: u.id) else { fuzzFailure("ended before it began: \(u)") }
            if source != u.source { fuzzFailure("source changed from \(source): \(u)") }
            finished.insert(u.id)
        }
    }
}
