import VitrineTestSupport
import Testing
@testable import Input

/// Random event streams, seeded: the tracker never traps and its output is always
/// well-formed.
@Suite struct TouchTrackerPropertyTests {
    static func randomEvent(_ rng: inout SplitMix64, time: inout Double) -> (TouchEvent?, PointerEvent?) {
        time += [0, 0, 0.001, 0.016, 0.5, -0.3, .nan][Int(rng.next() % 7)]
        let slot = [0, 1, 2, 9, 10, -1, 3, 0, 1][Int(rng.next() % 9)]
        // Mostly on the panel; one in eight something odd.
        func coordinate() -> Double {
            guard rng.next() % 8 == 0 else { return Double(rng.next() % 800) }
            return [-5, 1e9, .nan, .infinity, -.infinity, 399.5][Int(rng.next() % 6)]
        }
        let p = PanelPoint(x: coordinate(), y: coordinate())
        switch rng.next() % 9 {
        case 0, 1: return (TouchEvent(time: time, .down(slot: slot, position: p)), nil)
        case 2, 3: return (TouchEvent(time: time, .move(slot: slot, position: p)), nil)
        case 4: return (TouchEvent(time: time, .up(slot: slot)), nil)
        case 5: return (TouchEvent(time: time, .cancel(slot: slot)), nil)
        case 6: return (TouchEvent(time: time, .frame), nil)
        case 7: return (nil, PointerEvent(time: time, .button(pressed: rng.next() % 2 == 0)))
        default:
            return (nil, PointerEvent(time: time, rng.next() % 2 == 0 ? .motion(dx: p.x - 400, dy: p.y - 240) : .absolute(p)))
        }
    }

    @Test(arguments: [1, 2, 3, 42, 0xDEAD_BEEF] as [UInt64])
    func randomStreamsGiveWellFormedSequences(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let tracker = TouchTracker(panelSize: PanelSize(width: 800, height: 480), toLogical: unrotated)
        var out: [TouchUpdate] = []
        var time = 0.0
        for _ in 0..<20_000 {
            switch Self.randomEvent(&rng, time: &time) {
            case (let e?, _): tracker.handle(e) { out.append($0) }
            case (_, let p?): tracker.handle(p) { out.append($0) }
            default: break
            }
        }
        tracker.cancelAll(time: time) { out.append($0) }
        #expect(tracker.activeTouchCount == 0)

        var open: [TouchID: TouchSource] = [:]
        var finished = Set<TouchID>()
        var lastTime = -Double.infinity
        var failures = 0
        for u in out {
            if !(u.time >= lastTime) || !u.time.isFinite || !u.location.isFinite { failures += 1 }
            lastTime = u.time
            switch u.phase {
            case .began:
                if open[u.id] != nil || finished.contains(u.id) { failures += 1 }
                // At most one touch per slot, and at most 10 slots + the pointer.
                if open.values.contains(u.source) { failures += 1 }
                open[u.id] = u.source
                if open.count > 11 { failures += 1 }
            case .moved:
                if open[u.id] != u.source { failures += 1 }
            case .ended, .cancelled:
                if open.removeValue(forKey: u.id) != u.source { failures += 1 }
                finished.insert(u.id)
            }
        }
        #expect(failures == 0)
        #expect(open.isEmpty)
        #expect(finished.count > 100, "the stream exercised many touches")
    }
}
