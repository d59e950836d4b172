import FixedPoint

/// Per-slot touch state: turns the raw event stream of a digitizer (and of a pointer,
/// see `TouchTracker+Pointer.swift`) into well-formed touch sequences in logical space
/// (`TouchUpdate`: one `.began`, `.moved`..., one `.ended` or `.cancelled`).
///
/// Any event sequence is accepted and never traps; what does not fit is repaired or
/// dropped, as a real device or a careless script can produce anything:
/// - a `move`, `up` or `cancel` on a slot that is not down is ignored;
/// - a `down` on a slot that is already down cancels the old touch (`.cancelled`) and
///   begins a new one: a lost `up` must not glue two touches together;
/// - a slot outside `0..<slotCount` (or negative) is ignored;
/// - a position that is not finite (NaN, infinity) drops the `down` or `move` carrying it;
/// - time is made non-decreasing: an event earlier than the last one (or with a
///   non-finite time) takes the last time, so that recognizers never see time run back.
///
/// Frames: as libinput, changes between two `.frame` events belong together, so they are
/// held back and handed on, in arrival order, when the frame arrives; consecutive moves
/// of one touch within a frame are merged into one `.moved` at the last position, handed
/// on in the place of the last of them (so times never run back across touches). At
/// most `maximumPendingUpdates` are held: a device that never sends frames is flushed
/// then, so memory stays bounded.
///
/// Coordinates: events are in panel space; `toLogical` (the `Rotation` service's
/// panel-to-logical map) is applied as each event is taken in. When the rotation
/// changes, call `cancelAll(time:emit:)` first: a touch must not jump across the screen.
///
/// Single-threaded: owned by the event loop. `handle` does not allocate in steady state
/// (the pending buffer is reserved up front).
public final class TouchTracker {
    /// The number of finger slots tracked, `0..<slotCount` (default 10, the touch
    /// script's range: enough for ten fingers; more contacts are ignored).
    public let slotCount: Int

    /// The fingers followed unless told otherwise: ten, the touch script's slots 0...9.
    public static let defaultSlotCount = 10

    /// The panel's native size: the pointer's cursor stays within it.
    public let panelSize: PanelSize

    /// Maps panel space to logical space: the rotation (the Architecture article), supplied by the
    /// `Rotation` service. Input never converts between the spaces itself.
    public var toLogical: (PanelPoint) -> Point2D

    /// Whether the pointer's primary button held down acts as one finger
    /// (`pointer_as_touch` in the board file). Takes effect at the next press.
    public var pointerAsTouch = true

    /// The most updates held back waiting for a frame.
    public static let maximumPendingUpdates = 256

    /// The touch on each slot, nil where the slot is up.
    var slots: [ActiveTouch?]
    /// Updates taken in since the last frame, in arrival order.
    var pending: [TouchUpdate] = []
    /// The last event time seen (nil before the first event).
    var lastTime: Double?
    var nextID: UInt64 = 1

    /// Pointer state (see `TouchTracker+Pointer.swift`).
    var pointerCursor: PanelPoint
    var pointerPressed = false
    var pointerTouch: ActiveTouch?

    struct ActiveTouch {
        var id: TouchID
        var location: Point2D
    }

    /// - Parameters:
    ///   - panelSize: the panel's native size, for the pointer's cursor.
    ///   - slotCount: finger slots tracked (at least 1).
    ///   - toLogical: the panel-to-logical map (the rotation).
    public init(panelSize: PanelSize, slotCount: Int = TouchTracker.defaultSlotCount, toLogical: @escaping (PanelPoint) -> Point2D) {
        self.slotCount = max(slotCount, 1)
        self.panelSize = panelSize
        self.toLogical = toLogical
        self.slots = Array(repeating: nil, count: max(slotCount, 1))
        self.pointerCursor = panelSize.clamp(
            PanelPoint(x: Double(panelSize.width / 2), y: Double(panelSize.height / 2)))
        pending.reserveCapacity(Self.maximumPendingUpdates)
    }

    /// Touches down now (fingers and the pointer), including ones whose `.began` waits
    /// for a frame.
    public var activeTouchCount: Int {
        slots.reduce(0) { $0 + ($1 == nil ? 0 : 1) } + (pointerTouch == nil ? 0 : 1)
    }

    /// Takes in one digitizer event; calls `emit` with the updates it completes (on a
    /// `.frame`, or when the pending buffer is full).
    public func handle(_ event: TouchEvent, emit: (TouchUpdate) -> Void) {
        let time = normalize(event.time)
        if pending.count >= Self.maximumPendingUpdates - 1 { flush(emit) }
        switch event.kind {
        case .frame:
            flush(emit)
        case .down(let slot, let position):
            guard slots.indices.contains(slot), position.isFinite else { return }
            if let old = slots[slot] {
                pending.append(update(old, .finger(slot: slot), .cancelled, time))
            }
            let touch = ActiveTouch(id: takeID(), location: toLogical(position))
            slots[slot] = touch
            pending.append(update(touch, .finger(slot: slot), .began, time))
        case .move(let slot, let position):
            guard slots.indices.contains(slot), position.isFinite, var touch = slots[slot] else { return }
            touch.location = toLogical(position)
            slots[slot] = touch
            if let i = pending.lastIndex(where: { $0.id == touch.id }), pending[i].phase == .moved {
                // Merged into the touch's waiting move, which goes last as the newest
                // change: another touch's update taken in meanwhile is older, and the
                // updates handed on must never run back in time.
                var merged = pending.remove(at: i)
                merged.location = touch.location
                merged.time = time
                pending.append(merged)
            } else {
                pending.append(update(touch, .finger(slot: slot), .moved, time))
            }
        case .up(let slot):
            guard slots.indices.contains(slot), let touch = slots[slot] else { return }
            slots[slot] = nil
            pending.append(update(touch, .finger(slot: slot), .ended, time))
        case .cancel(let slot):
            guard slots.indices.contains(slot), let touch = slots[slot] else { return }
            slots[slot] = nil
            pending.append(update(touch, .finger(slot: slot), .cancelled, time))
        }
    }

    /// Cancels every touch that is down (fingers and the pointer): for a rotation change,
    /// input being switched off, or a device going away. Updates still waiting for a
    /// frame are handed on first. A finger that is still down afterwards is ignored
    /// until it lifts; a pointer button still held must be released before it presses
    /// again.
    public func cancelAll(time: Double, emit: (TouchUpdate) -> Void) {
        let time = normalize(time)
        flush(emit)
        for slot in slots.indices {
            if let touch = slots[slot] {
                slots[slot] = nil
                emit(update(touch, .finger(slot: slot), .cancelled, time))
            }
        }
        if let touch = pointerTouch {
            pointerTouch = nil
            emit(update(touch, .pointer, .cancelled, time))
        }
    }

    /// Hands on the updates held back for the frame.
    func flush(_ emit: (TouchUpdate) -> Void) {
        for u in pending { emit(u) }
        pending.removeAll(keepingCapacity: true)
    }

    /// `time` made non-decreasing (and finite); becomes the last time.
    func normalize(_ time: Double) -> Double {
        let last = lastTime ?? (time.isFinite ? time : 0)
        let t = time.isFinite ? max(time, last) : last
        lastTime = t
        return t
    }

    func takeID() -> TouchID {
        defer { nextID &+= 1 }
        return TouchID(raw: nextID)
    }

    func update(_ touch: ActiveTouch, _ source: TouchSource, _ phase: TouchPhase, _ time: Double) -> TouchUpdate {
        TouchUpdate(id: touch.id, source: source, phase: phase, location: touch.location, time: time)
    }
}
