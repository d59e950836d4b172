// One running animation inside an Animator: its timing, its motion and where its values go.

/// The non-generic part of a running animation, so the animator can keep animations of
/// different value types in one array and advance them without knowing the types.
class AnimationTrack {
    let key: AnimationKey
    /// When the animation was started, seconds on the animator's clock.
    let startTime: Double
    /// When its motion begins: `startTime + delay`.
    let beginTime: Double
    /// False once finished, interrupted or cancelled (then it waits to be compacted away).
    var isRunning = true
    /// Whether `apply` has been called at least once (during the delay: with the start value).
    var hasApplied = false
    var completion: ((Bool) -> Void)?

    init(key: AnimationKey, startTime: Double, delay: Double, completion: ((Bool) -> Void)?) {
        self.key = key
        self.startTime = startTime
        beginTime = startTime + delay
        self.completion = completion
    }

    /// Applies the value at `time`; returns true when the animation has finished (and then
    /// has applied its final value).
    func advance(to time: Double) -> Bool { fatalError("abstract") }

    /// The earliest time a tick would apply something new, given the last tick at `now`.
    func nextChange(now: Double) -> Double {
        if !hasApplied { return Swift.min(now, startTime) }
        if now < beginTime { return beginTime }
        return now
    }
}

/// A running animation of values of type `Value`.
final class TypedAnimationTrack<Value: Animatable>: AnimationTrack {
    enum Kind {
        /// `duration` > 0 seconds; a zero-duration animation is a curve with duration 0.
        case curve(from: Value, to: Value, duration: Double, curve: TimingCurve)
        case spring(Spring<Value>)
        case decay(Decay<Value>)
    }

    let motion: Kind
    let apply: (Value) -> Void

    init(
        key: AnimationKey, startTime: Double, delay: Double, motion: Kind, apply: @escaping (Value) -> Void,
        completion: ((Bool) -> Void)?
    ) {
        self.motion = motion
        self.apply = apply
        super.init(key: key, startTime: startTime, delay: delay, completion: completion)
    }

    /// The value at `time` (the start value during the delay).
    func value(at time: Double) -> Value {
        let elapsed = time - beginTime
        switch motion {
        case .curve(let from, let to, let duration, let curve):
            if elapsed <= 0 { return from }
            if elapsed >= duration { return to }
            return Value.interpolate(from: from, to: to, fraction: curve.value(at: elapsed / duration))
        case .spring(let spring):
            return spring.position(at: elapsed)
        case .decay(let decay):
            return decay.position(at: elapsed)
        }
    }

    /// The velocity at `time`, value units per second (zero during the delay and after a
    /// curve animation's end).
    func velocity(at time: Double) -> Value {
        let elapsed = time - beginTime
        switch motion {
        case .curve(let from, let to, let duration, let curve):
            if elapsed < 0 || elapsed >= duration { return .zero }
            return (to - from) * (curve.slope(at: elapsed / duration) / duration)
        case .spring(let spring):
            return elapsed < 0 ? .zero : spring.velocity(at: elapsed)
        case .decay(let decay):
            return elapsed < 0 ? .zero : decay.velocity(at: elapsed)
        }
    }

    override func advance(to time: Double) -> Bool {
        let elapsed = time - beginTime
        if elapsed < 0 {
            // The delay: show the start value once, then nothing changes until beginTime.
            if !hasApplied {
                hasApplied = true
                apply(value(at: time))
            }
            return false
        }
        hasApplied = true
        switch motion {
        case .curve(_, let to, let duration, _):
            if elapsed >= duration {
                apply(to)
                return true
            }
            apply(value(at: time))
        case .spring(let spring):
            let state = spring.state(at: elapsed)
            if (state.position - spring.to).magnitude <= spring.restDisplacement
                && state.velocity.magnitude <= spring.restSpeed
            {
                apply(spring.to)
                return true
            }
            apply(state.position)
        case .decay(let decay):
            if decay.isSettled(at: elapsed) {
                apply(decay.projectedEnd)
                return true
            }
            apply(decay.position(at: elapsed))
        }
        return false
    }
}
