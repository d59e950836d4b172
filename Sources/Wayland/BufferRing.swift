/// Which of a Wayland window's shm buffers may be drawn into, and what each holds: the
/// compositor reads a buffer from its attach until its `wl_buffer.release`, so a buffer
/// is handed out again only once released, and the ages it is handed out with follow
/// the frames presented since it was last shown (DisplayBuffer's age: 1 = the previous
/// frame). Pure bookkeeping, tested without a compositor.
public struct BufferRing: Sendable {
    /// Buffers in the ring (2 or 3).
    public let count: Int
    /// Whether the compositor holds each buffer (attached and not yet released).
    public private(set) var held: [Bool]
    /// The frame number each buffer was last presented in (nil: never, or its contents
    /// were lost: a resize).
    private var shownInFrame: [Int?]
    /// Frames presented so far.
    public private(set) var frame = 0
    /// The buffer handed out and not yet presented.
    public private(set) var acquired: Int?

    public init(count: Int) {
        self.count = count
        held = Array(repeating: false, count: count)
        shownInFrame = Array(repeating: nil, count: count)
    }

    /// A buffer that is neither held by the compositor nor handed out (of several, the
    /// one holding the latest frame: the least to repaint), or nil when the compositor
    /// holds them all (wait for a release).
    public var free: Int? {
        var best: Int?
        for i in 0..<count where !held[i] && acquired != i {
            guard let b = best else { best = i; continue }
            if (shownInFrame[i] ?? -1) > (shownInFrame[b] ?? -1) { best = i }
        }
        return best
    }

    /// The buffer presented last, unless it is handed out again (being drawn into) or its
    /// contents were forgotten; nil before the first present.
    public var newest: Int? {
        var best: Int?
        for i in 0..<count {
            guard let shown = shownInFrame[i] else { continue }
            if shown > (best.flatMap { shownInFrame[$0] } ?? 0) { best = i }
        }
        return best == acquired ? nil : best
    }

    /// Hands out `free`, with its age (0: contents unknown). Nil when none is free.
    public mutating func acquire() -> (index: Int, age: Int)? {
        guard acquired == nil, let i = free else { return nil }
        acquired = i
        return (i, shownInFrame[i].map { frame + 1 - $0 } ?? 0)
    }

    /// `index` was attached and committed: the compositor holds it until released.
    /// False when it was not the buffer handed out.
    public mutating func presented(_ index: Int) -> Bool {
        guard acquired == index else { return false }
        acquired = nil
        frame += 1
        shownInFrame[index] = frame
        held[index] = true
        return true
    }

    /// The compositor released `index` (wl_buffer.release).
    public mutating func released(_ index: Int) {
        guard held.indices.contains(index) else { return }
        held[index] = false
    }

    /// Every buffer's contents are forgotten (the buffers were made anew at another
    /// size): each is handed out with age 0 next. What the compositor holds stays held.
    public mutating func forgetContents() {
        shownInFrame = Array(repeating: nil, count: count)
    }

    /// The buffer handed out is given back unpresented (a frame abandoned).
    public mutating func cancelAcquire() { acquired = nil }
}
