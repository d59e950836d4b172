import Testing

@testable import Motion

/// Something with animatable properties, recording what the animator did to it.
final class Target {
    var opacity = 0.0
    var position = Vector2.zero
    var events: [String] = []
    var applied = 0

    var opacityKey: AnimationKey { AnimationKey(self, "opacity") }
    var positionKey: AnimationKey { AnimationKey(self, "position") }

    func setOpacity(_ v: Double) {
        opacity = v
        applied += 1
    }

    func completion(_ name: String) -> (Bool) -> Void {
        { [unowned self] finished in events.append("\(name) \(finished ? "finished" : "interrupted")") }
    }
}

@Suite("Animator")
struct AnimatorTests {
    let clock = ManualClock(now: 10)
    let target = Target()

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance
    }

    @Test func curveAnimationOverItsDuration() {
        let animator = Animator(clock: clock)
        #expect(animator.isIdle)
        animator.animate(
            target.opacityKey, from: 0, to: 100, duration: 2, curve: .linear, apply: target.setOpacity,
            completion: target.completion("fade"))
        #expect(!animator.isIdle && target.applied == 0)  // nothing until a tick
        animator.tick(to: 10)
        #expect(target.opacity == 0)
        animator.tick(to: 10.5)
        #expect(close(target.opacity, 25))
        animator.tick(to: 11.5)
        #expect(close(target.opacity, 75))
        #expect(target.events.isEmpty)
        animator.tick(to: 12.25)
        #expect(target.opacity == 100)  // exactly `to`
        #expect(target.events == ["fade finished"])
        #expect(animator.isIdle && animator.nextDeadline == nil)
        let applied = target.applied
        animator.tick(to: 13)
        #expect(target.applied == applied)
    }

    @Test func curvesShapeTheValue() {
        let animator = Animator(clock: clock)
        animator.animate(target.opacityKey, from: 0, to: 200, duration: 1, apply: target.setOpacity)
        animator.tick(to: 10.25)
        // The default curve is ease-in-out: 0.129161931047 at a quarter (TimingCurveTests).
        #expect(close(target.opacity, 200 * 0.129161931047, 1e-8))
        animator.tick(to: 10.5)
        #expect(close(target.opacity, 100))
        let key = target.positionKey
        animator.animate(
            key, from: Vector2(0, 0), to: Vector2(100, -200), duration: 1, curve: .easeIn,
            apply: { [target] in target.position = $0 })
        animator.tick(to: 10.75)  // a quarter of the second animation
        #expect(close(target.position.x, 100 * 0.093464650719, 1e-8))
        #expect(close(target.position.y, -200 * 0.093464650719, 1e-8))
    }

    @Test func delayShowsTheStartValueOnce() {
        let animator = Animator(clock: clock)
        animator.animate(
            target.opacityKey, from: 5, to: 10, duration: 1, delay: 0.5, curve: .linear, apply: target.setOpacity)
        #expect(animator.nextDeadline == 10)  // not yet shown: as soon as possible
        animator.tick(to: 10.1)
        #expect(target.opacity == 5 && target.applied == 1)
        #expect(animator.nextDeadline == 10.5)  // nothing changes until the delay ends
        animator.tick(to: 10.3)
        #expect(target.applied == 1)
        animator.tick(to: 11)
        #expect(close(target.opacity, 7.5))
        #expect(animator.nextDeadline == 11)  // moving: every frame
    }

    @Test func startsAtTheClockAndNeverBeforeTheLastTick() {
        let animator = Animator(clock: clock)
        clock.advance(by: 1)  // 11
        animator.animate(target.opacityKey, from: 0, to: 1, duration: 1, curve: .linear, apply: target.setOpacity)
        animator.tick(to: 11.5)
        #expect(close(target.opacity, 0.5))
        // A tick back in time repeats the last one.
        animator.tick(to: 11.2)
        #expect(animator.time == 11.5 && close(target.opacity, 0.5))
        // The clock is behind the last tick (the tick was for a future vblank): start there.
        animator.animate(
            target.positionKey, from: .zero, to: Vector2(10, 0), duration: 1, curve: .linear,
            apply: { [target] in target.position = $0 })
        animator.tick(to: 12)
        #expect(close(target.position.x, 5))
    }

    @Test func interruptionContinuesFromThePresentedValue() {
        let animator = Animator(clock: clock)
        animator.animate(
            target.opacityKey, from: 0, to: 100, duration: 1, curve: .linear, apply: target.setOpacity,
            completion: target.completion("in"))
        animator.tick(to: 10.4)
        #expect(close(target.opacity, 40))
        clock.set(to: 10.5)
        #expect(animator.presentedValue(for: target.opacityKey, as: Double.self).map { close($0, 50) } == true)
        animator.animate(
            target.opacityKey, to: 0, duration: 1, curve: .linear, apply: target.setOpacity,
            completion: target.completion("out"))
        #expect(target.events == ["in interrupted"])
        #expect(animator.runningCount == 1)
        animator.tick(to: 10.5)
        #expect(close(target.opacity, 50))
        animator.tick(to: 11)
        #expect(close(target.opacity, 25))
        animator.tick(to: 11.5)
        #expect(target.opacity == 0)
        #expect(target.events == ["in interrupted", "out finished"])
    }

    @Test func explicitFromOverridesThePresentedValue() {
        let animator = Animator(clock: clock)
        animator.animate(target.opacityKey, from: 0, to: 100, duration: 1, curve: .linear, apply: target.setOpacity)
        animator.tick(to: 10.5)
        animator.animate(target.opacityKey, from: 80, to: 90, duration: 1, curve: .linear, apply: target.setOpacity)
        animator.tick(to: 10.5)
        #expect(target.opacity == 80)
    }

    @Test func nothingRunningMeansFromIsTo() {
        let animator = Animator(clock: clock)
        animator.animate(
            target.opacityKey, to: 3, duration: 1, apply: target.setOpacity, completion: target.completion("a"))
        animator.tick(to: 10.2)
        #expect(target.opacity == 3)
        animator.tick(to: 11)
        #expect(target.events == ["a finished"])
    }

    /// A spring interrupting a curve animation starts from its value and velocity.
    @Test func springInheritsVelocity() {
        let animator = Animator(clock: clock)
        animator.animate(target.opacityKey, from: 0, to: 100, duration: 1, curve: .linear, apply: target.setOpacity)
        animator.tick(to: 10.5)
        #expect(animator.velocity(for: target.opacityKey, as: Double.self).map { close($0, 100) } == true)
        let parameters = SpringParameters(dampingRatio: 1, response: 0.3)
        animator.animateSpring(
            target.opacityKey, to: 0, parameters: parameters, apply: target.setOpacity,
            completion: target.completion("spring"))
        let expected = Spring(parameters, from: 50.0, to: 0, initialVelocity: 100)
        #expect(animator.velocity(for: target.opacityKey, as: Double.self).map { close($0, 100) } == true)
        animator.tick(to: 10.505)
        #expect(target.opacity > 50)  // still carried upwards by the inherited velocity
        animator.tick(to: 10.6)
        #expect(close(target.opacity, expected.position(at: 0.1)))
        // Runs until it settles, then lands exactly on the target.
        var t = 10.6
        while !animator.isIdle && t < 20 {
            t += 1.0 / 60
            animator.tick(to: t)
        }
        #expect(target.opacity == 0)
        #expect(target.events == ["spring finished"])
        #expect(expected.isSettled(at: t - 10.5))
        #expect(!expected.isSettled(at: t - 10.5 - 2.0 / 60))
    }

    @Test func springWithExplicitVelocityAndVectors() {
        let animator = Animator(clock: clock)
        let parameters = SpringParameters(dampingRatio: 0.5, response: 0.4)
        animator.animateSpring(
            target.positionKey, from: Vector2(0, 0), to: Vector2(100, 50), initialVelocity: Vector2(0, -500),
            parameters: parameters, delay: 0.1, apply: { [target] in target.position = $0 })
        animator.tick(to: 10.05)
        #expect(target.position == .zero)
        animator.tick(to: 10.35)
        let spring = Spring(parameters, from: Vector2(0, 0), to: Vector2(100, 50), initialVelocity: Vector2(0, -500))
        #expect(target.position == spring.position(at: 0.25))
    }

    @Test func decayLandsOnItsProjectedEnd() {
        let animator = Animator(clock: clock)
        animator.animateDecay(
            target.opacityKey, from: 0, initialVelocity: 1000, rate: .fast, apply: target.setOpacity,
            completion: target.completion("fling"))
        animator.tick(to: 10.1)
        #expect(close(target.opacity, Decay(from: 0.0, initialVelocity: 1000, rate: .fast).position(at: 0.1)))
        animator.tick(to: 10.7)
        #expect(target.events.isEmpty)
        animator.tick(to: 10.76)  // settles at 0.7563 s (DecayTests)
        #expect(target.events == ["fling finished"])
        #expect(target.opacity == Decay(from: 0.0, initialVelocity: 1000, rate: .fast).projectedEnd)
    }

    @Test func cancelStopsWhereItIs() {
        let animator = Animator(clock: clock)
        animator.animate(
            target.opacityKey, from: 0, to: 100, duration: 1, curve: .linear, apply: target.setOpacity,
            completion: target.completion("a"))
        animator.tick(to: 10.3)
        animator.cancel(target.opacityKey)
        animator.cancel(target.opacityKey)  // nothing left: no effect
        #expect(target.events == ["a interrupted"])
        #expect(animator.isIdle && !animator.isAnimating(target.opacityKey))
        animator.tick(to: 11)
        #expect(close(target.opacity, 30))
    }

    @Test func zeroDurationAppliesOnTheNextTick() {
        let animator = Animator(clock: clock)
        animator.animate(
            target.opacityKey, from: 1, to: 2, duration: 0, apply: target.setOpacity,
            completion: target.completion("now"))
        animator.tick(to: 10)
        #expect(target.opacity == 2 && target.events == ["now finished"])
    }

    /// A different value type on the same key: the old one is interrupted; the new one
    /// cannot take its value and starts at `to`.
    @Test func differentValueTypeOnTheSameKey() {
        let animator = Animator(clock: clock)
        let key = AnimationKey(target, "thing")
        animator.animate(key, from: 0.0, to: 1.0, duration: 1, apply: { _ in }, completion: target.completion("double"))
        animator.tick(to: 10.5)
        var got = Vector2.zero
        animator.animate(key, to: Vector2(3, 4), duration: 1, apply: { got = $0 })
        animator.tick(to: 10.6)
        #expect(got == Vector2(3, 4))
        #expect(target.events == ["double interrupted"])
        #expect(animator.presentedValue(for: key, as: Double.self) == nil)
        #expect(animator.presentedValue(for: key, as: Vector2.self) == Vector2(3, 4))
    }

    /// Completions chain: the next animation starts at the tick's time and shows its start
    /// value in the same frame.
    @Test func completionStartsTheNextAnimation() {
        let animator = Animator(clock: clock)
        let key = target.opacityKey
        animator.animate(key, from: 0, to: 1, duration: 1, curve: .linear, apply: target.setOpacity) { [target] _ in
            target.events.append("first")
            animator.animate(key, from: 1, to: 0, duration: 1, curve: .linear, apply: target.setOpacity) { _ in
                target.events.append("second")
            }
        }
        animator.tick(to: 11.2)
        #expect(target.events == ["first"])
        #expect(target.opacity == 1)
        #expect(animator.runningCount == 1)
        animator.tick(to: 11.7)
        #expect(close(target.opacity, 0.5))
        animator.tick(to: 12.2)
        #expect(target.events == ["first", "second"] && animator.isIdle)
    }

    /// Re-entrancy: completions that cancel, interrupt and restart other animations in the
    /// middle of a tick.
    @Test func reentrantCompletions() {
        let animator = Animator(clock: clock)
        let a = Target()
        let b = Target()
        let c = Target()
        var log: [String] = []
        // a finishes first; its completion cancels b (later in the array) and restarts c.
        animator.animate(a.opacityKey, from: 0, to: 1, duration: 0.5, curve: .linear, apply: a.setOpacity) { done in
            log.append("a \(done)")
            animator.cancel(b.opacityKey)
            animator.animate(c.opacityKey, to: 10, duration: 1, curve: .linear, apply: c.setOpacity) { done in
                log.append("c2 \(done)")
            }
        }
        animator.animate(b.opacityKey, from: 0, to: 1, duration: 0.5, curve: .linear, apply: b.setOpacity) { done in
            log.append("b \(done)")
        }
        animator.animate(c.opacityKey, from: 0, to: 1, duration: 2, curve: .linear, apply: c.setOpacity) { done in
            log.append("c1 \(done)")
        }
        animator.tick(to: 10.5)
        #expect(log == ["a true", "b false", "c1 false"])
        #expect(a.opacity == 1)
        #expect(b.opacity == 0)  // cancelled before its turn in this tick: nothing applied
        // c2 took c1's value at 10.5 (0.25) and was applied in this same tick.
        #expect(close(c.opacity, 0.25))
        #expect(animator.runningCount == 1)
        animator.tick(to: 11.5)
        #expect(c.opacity == 10 && log.last == "c2 true")
        #expect(animator.isIdle)
    }

    /// An `apply` that interrupts its own animation on its last frame: no `true` completion
    /// for the interrupted one.
    @Test func applyInterruptingItself() {
        let animator = Animator(clock: clock)
        var log: [String] = []
        let key = target.opacityKey
        var restarted = false
        animator.animate(
            key, from: 0, to: 1, duration: 1, curve: .linear,
            apply: { v in
                if v == 1 && !restarted {
                    restarted = true
                    animator.animate(key, to: 5, duration: 1, apply: { _ in }) { log.append("second \($0)") }
                }
            }
        ) { log.append("first \($0)") }
        animator.tick(to: 11)
        #expect(log == ["first false"])
        #expect(animator.runningCount == 1)
    }

    @Test func cancelAllWithCompletionsThatStartMore() {
        let animator = Animator(clock: clock)
        var log: [String] = []
        let targets = (0..<5).map { _ in Target() }
        for (i, t) in targets.enumerated() {
            animator.animate(t.opacityKey, from: 0, to: 1, duration: 1, apply: t.setOpacity) { done in
                log.append("\(i) \(done)")
                if i == 1 {
                    animator.cancel(targets[3].opacityKey)  // already being cancelled in the walk: fine
                    animator.animate(targets[0].opacityKey, from: 5, to: 6, duration: 1, apply: targets[0].setOpacity)
                }
            }
        }
        animator.cancelAll()
        #expect(log == ["0 false", "1 false", "3 false", "2 false", "4 false"])
        #expect(animator.runningCount == 1 && animator.isAnimating(targets[0].opacityKey))
        animator.tick(to: 10)
        #expect(targets[0].opacity == 5)
    }

    @Test func manyAnimationsFinishingTogether() {
        let animator = Animator(clock: clock)
        let targets = (0..<40).map { _ in Target() }
        var finished = 0
        for (i, t) in targets.enumerated() {
            animator.animate(
                t.opacityKey, from: 0, to: Double(i), duration: Double(i % 4) * 0.25, curve: .easeOut,
                apply: t.setOpacity
            ) { if $0 { finished += 1 } }
        }
        for step in 1...80 {
            animator.tick(to: 10 + Double(step) / 80)
        }
        #expect(finished == 40 && animator.isIdle)
        for (i, t) in targets.enumerated() {
            #expect(t.opacity == Double(i))
        }
    }
}
