/// Routes touch sequences to the gesture recognizers of the target each touch started
/// on, resolves conflicts between them, and implements modal capture (see
/// `TouchRouter+Modal.swift`) and switching input off.
///
/// Attaching: a scene attaches recognizers to targets (`attach(_:to:)`). When a touch
/// begins, the router asks `hitTester` once for the target under it and hands the whole
/// touch, to its end, to the recognizers attached to that target and then to each of
/// its ancestors (deepest first; within one target, in attach order). A touch belongs to
/// the target it started on, wherever it goes afterwards. A touch that hits nothing with
/// recognizers is dropped.
///
/// Conflicts: the recognizers following one touch compete, and the first to recognize
/// wins. When one goes from `.possible` to `.began` (pan, long press) or `.ended` (tap,
/// swipe), every other recognizer following that touch and still `.possible` fails,
/// unless either side allows simultaneous recognition. So a pan passing its slop fails
/// the tap and the long press; a long press firing at 0.5 s fails the pan (a later drag
/// no longer pans); a tap recognized at the lift fails the rest. Ties in one update go
/// to the deeper target, then to the one attached first.
///
/// Time: call `tick(time:)` when `nextDeadline` passes (the event loop's poll timeout),
/// so that a long press fires without a new event.
///
/// Switching off: `setEnabled(false, time:)` cancels every touch in flight (its
/// recognizers see `.cancelled`) and drops new ones until switched on again: touches
/// during the launch doors are ignored, not queued. A finger still down when input comes
/// back stays ignored until it lifts.
///
/// Single-threaded: owned by the event loop.
public final class TouchRouter<Tester: HitTesting> {
    public typealias Target = Tester.Target

    /// Says which target is under a point; replaceable (a new scene, a new tree).
    public var hitTester: Tester

    /// Whether touches are taken (see `setEnabled(_:time:)`).
    public private(set) var isEnabled = true

    /// Recognizers by target, in attach order.
    var attached: [Target: [any GestureRecognizer]] = [:]
    /// The touches in flight that have somewhere to go.
    var routes: [Route] = []
    /// Active modals, innermost last.
    var modals: [Modal] = []

    /// Where one touch goes.
    typealias Route = TouchRoute

    public init(hitTester: Tester) {
        self.hitTester = hitTester
        routes.reserveCapacity(16)
    }

    // MARK: Attaching

    /// Attaches `recognizer` to `target`: it will see the touches that start on the
    /// target or on any of its descendants. Attaching twice to one target is a no-op.
    public func attach(_ recognizer: any GestureRecognizer, to target: Target) {
        var list = attached[target] ?? []
        guard !list.contains(where: { $0 === recognizer }) else { return }
        list.append(recognizer)
        attached[target] = list
    }

    /// Detaches `recognizer` from every target. If it is following a touch, it sees that
    /// touch cancelled now and nothing more of it.
    public func detach(_ recognizer: any GestureRecognizer) {
        for (target, list) in attached where list.contains(where: { $0 === recognizer }) {
            let rest = list.filter { $0 !== recognizer }
            attached[target] = rest.isEmpty ? nil : rest
        }
        withdraw { $0 === recognizer }
    }

    /// Detaches every recognizer attached to `target` (a layer going away), as `detach`.
    public func detachAll(from target: Target) {
        guard let list = attached.removeValue(forKey: target) else { return }
        withdraw { r in list.contains { $0 === r } }
    }

    /// The recognizers attached to `target`, in attach order.
    public func recognizers(on target: Target) -> [any GestureRecognizer] {
        attached[target] ?? []
    }

    /// Touches in flight that are routed somewhere.
    public var activeTouchCount: Int { routes.count }

    // MARK: Input

    /// Switches input on or off. Switching off cancels every touch in flight at `time`
    /// (seconds); while off, touches that begin are dropped whole.
    public func setEnabled(_ enabled: Bool, time: Double) {
        guard enabled != isEnabled else { return }
        isEnabled = enabled
        if !enabled { cancelAll(time: time) }
    }

    /// Cancels every touch in flight at `time` (seconds): their recognizers and outside
    /// handlers see `.cancelled`; later updates of those touches are dropped. For a scene
    /// change, or a rotation.
    public func cancelAll(time: Double) {
        for touch in routes.map(\.touch) {
            guard let i = index(of: touch) else { continue }
            var u = routes[i].last
            u.phase = .cancelled
            if time.isFinite { u.time = max(u.time, time) }
            deliver(u)
        }
    }

    /// Takes one touch update (from `TouchTracker`).
    public func handle(_ update: TouchUpdate) {
        if update.phase == .began {
            guard isEnabled, index(of: update.id) == nil else { return }
            guard let route = makeRoute(for: update) else { return }
            routes.append(route)
        }
        deliver(update)
    }

    /// Lets time pass for the recognizers of the touches in flight (long press).
    /// (No allocation: called every frame while a touch is down. An action that
    /// removes routes meanwhile may make a route miss this tick, never the next.)
    public func tick(time: Double) {
        var i = 0
        while i < routes.count {
            let touch = routes[i].touch
            for r in routes[i].recognizers where isRouted(r, touch) {
                let before = r.state
                r.tick(time: time)
                if r.trackedTouch == touch, Self.won(before, r) { failOthers(of: r, on: touch) }
            }
            // Past this route, wherever it is now; if it is gone, the next one slid in.
            if let j = index(of: touch) { i = j + 1 }
        }
    }

    /// The earliest time a recognizer of a touch in flight wants a `tick`, in seconds;
    /// nil when none does (then the event loop can sleep until the next event).
    public var nextDeadline: Double? {
        var earliest: Double?
        for route in routes {
            for r in route.recognizers {
                if let d = r.nextDeadline, earliest.map({ d < $0 }) ?? true { earliest = d }
            }
        }
        return earliest
    }

    // MARK: Internals

    /// The route of a touch beginning with `update`, nil when it goes nowhere.
    func makeRoute(for update: TouchUpdate) -> Route? {
        let chain = hitTester.chain(from: hitTester.hitTest(update.location))
        var targets = chain[...]
        var outside: Modal?
        if let modal = modals.last {
            if let i = chain.firstIndex(of: modal.target) {
                targets = chain[...i]  // the modal's subtree only: nothing beneath it
            } else {
                outside = modal
                targets = []
            }
        }
        var recognizers: [any GestureRecognizer] = []
        for target in targets {
            for r in attached[target] ?? [] where !recognizers.contains(where: { $0 === r }) {
                recognizers.append(r)
            }
        }
        if let outside {
            recognizers = outside.outside
        }
        guard !recognizers.isEmpty || outside?.onOutsideTouch != nil else { return nil }
        return Route(touch: update.id, recognizers: recognizers, outsideHandler: outside?.onOutsideTouch, last: update)
    }

    /// Hands `update` to the recognizers of its touch's route in order, failing the
    /// losers when one recognizes, then to the route's outside handler; drops the route
    /// after `.ended` or `.cancelled`.
    ///
    /// Re-entrant: an action may attach, detach, cancel or switch input off. The route
    /// stays in `routes` during the delivery and is looked up again before each
    /// recognizer, so one detached (or a route cancelled) meanwhile is skipped.
    func deliver(_ update: TouchUpdate) {
        guard let i = index(of: update.id) else { return }
        routes[i].last = update
        let list = routes[i].recognizers
        let handler = routes[i].outsideHandler
        for r in list where isRouted(r, update.id) {
            let before = r.state
            r.handle(update)
            if Self.won(before, r) { failOthers(of: r, on: update.id) }
        }
        if index(of: update.id) != nil { handler?(update) }
        if update.phase == .ended || update.phase == .cancelled {
            routes.removeAll { $0.touch == update.id }
        }
    }

    func index(of touch: TouchID) -> Int? {
        routes.firstIndex { $0.touch == touch }
    }

    /// Whether `r` is (still) in the route of `touch`.
    func isRouted(_ r: any GestureRecognizer, _ touch: TouchID) -> Bool {
        guard let i = index(of: touch) else { return false }
        return routes[i].recognizers.contains { $0 === r }
    }

    /// Whether `r` just recognized: from `.possible` to `.began` or `.ended`.
    static func won(_ before: GestureState, _ r: any GestureRecognizer) -> Bool {
        before == .possible && (r.state == .began || r.state == .ended)
    }

    /// Fails the other recognizers following `touch` in its route that are still
    /// `.possible`, unless either side allows simultaneous recognition.
    func failOthers(of winner: any GestureRecognizer, on touch: TouchID) {
        guard !winner.allowsSimultaneousRecognition, let i = index(of: touch) else { return }
        for r in routes[i].recognizers
        where r !== winner && r.trackedTouch == touch && !r.allowsSimultaneousRecognition {
            r.fail()
        }
    }

    /// Takes the recognizers matching `isWithdrawn` out of every route; one that follows
    /// the route's touch then sees it cancelled.
    func withdraw(_ isWithdrawn: (any GestureRecognizer) -> Bool) {
        var cancels: [(any GestureRecognizer, TouchUpdate)] = []
        for i in routes.indices {
            var cancel = routes[i].last
            cancel.phase = .cancelled
            for r in routes[i].recognizers where isWithdrawn(r) && r.trackedTouch == cancel.id {
                cancels.append((r, cancel))
            }
            routes[i].recognizers.removeAll(where: isWithdrawn)
        }
        routes.removeAll { $0.recognizers.isEmpty && $0.outsideHandler == nil }
        for (r, cancel) in cancels { r.handle(cancel) }
    }
}

/// Where one touch goes (`TouchRouter.routes`). Outside the generic router, so that the
/// routes are a concrete array: the lookups done for every touch update and every frame
/// (`firstIndex`, `contains`) are then specialized, not the standard library's generic
/// code, which allocates a buffer for each element of a type it does not know.
struct TouchRoute {
    var touch: TouchID
    var recognizers: [any GestureRecognizer]
    /// For a touch outside a modal: the modal's outside handler.
    var outsideHandler: ((TouchUpdate) -> Void)?
    /// The touch's last update, to cancel it with.
    var last: TouchUpdate
}
