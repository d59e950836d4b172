import Motion

/// How the shelf's row moves from where a finger left it (or a tap found it) to the
/// resting offset of the cover it is to rest on, points against seconds since the glide
/// began.
///
/// Released with a speed towards that cover, the row goes on at the finger's speed and
/// slows to a stop on the cover: a cubic from `from` to `target` whose slope at the start
/// is the release velocity and at the end 0 (a Hermite curve), over the time a constant
/// deceleration from that speed would take to cover the distance (2 D / v), at most
/// `longest`. Over that time the cubic's speed never turns back, so it never passes the
/// cover; it speeds up in the middle only when the finger was slow for the distance
/// (the time capped). So no frame after the release jumps: the row's first steps are the
/// finger's.
///
/// Otherwise (no speed, a speed away from the cover, a tap bringing a cover to the
/// centre, or a cover so near that the speed could not be shed in `shortest`: the end of
/// the row) the row decays at `ShelfLayout.rate` from the speed that brings it to rest
/// exactly on the cover, as `UIScrollView` does when its target offset is changed.
struct ShelfGlide: Equatable {
    let from: Double
    let target: Double
    private let motion: Kind

    private enum Kind: Equatable {
        case decay(Decay<Double>)
        /// The Hermite cubic: start velocity (points/s) and duration (s).
        case follow(velocity: Double, duration: Double)
    }

    /// The longest a glide that follows the finger takes, seconds.
    static let longest = 0.8
    /// The shortest, seconds: below it the release speed is braked, not followed.
    static let shortest = 0.2

    /// - Parameters:
    ///   - velocity: the row's offset velocity at release, points/s (0: none).
    ///   - restSpeed: a decay is over under this speed, points/s.
    init(from x: Double, to target: Double, velocity v: Double, restSpeed: Double) {
        from = x
        self.target = target
        let d = target - x
        let natural = v != 0 && d != 0 && (d > 0) == (v > 0) ? 2 * d / v : 0
        if natural >= Self.shortest && natural.isFinite {
            motion = .follow(velocity: v, duration: Swift.min(natural, Self.longest))
        } else {
            motion = .decay(
                Decay(
                    from: x, initialVelocity: d * ShelfLayout.rate.decayConstant, rate: ShelfLayout.rate,
                    restSpeed: restSpeed))
        }
    }

    /// The offset at `t` seconds into the glide (the target once settled).
    func position(at t: Double) -> Double {
        if isSettled(at: t) { return target }
        switch motion {
        case .decay(let decay): return decay.position(at: Swift.max(0, t))
        case .follow(let v, let duration):
            let s = Swift.max(0, t) / duration
            let s2 = s * s, s3 = s2 * s
            return from + v * duration * (s - 2 * s2 + s3) + (target - from) * (3 * s2 - 2 * s3)
        }
    }

    /// Whether the glide is over at `t` seconds.
    func isSettled(at t: Double) -> Bool {
        switch motion {
        case .decay(let decay): return decay.isSettled(at: t)
        case .follow(_, let duration): return t >= duration
        }
    }
}
