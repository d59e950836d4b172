internal import Glibc

/// The orientation an accelerometer sample shows, by iio-sensor-proxy's rule (its
/// src/orientation.c, `orientation_calc`, which it took from Nokia's sensorfw; the
/// thresholds of its 2019 "correct handling of orientation on threshold"). Reimplemented
/// from the description below, not copied.
///
/// Two tilts are measured, in whole degrees (rounded half away from zero, as C's `round`):
/// - portrait tilt: atan2(x, √(y² + z²)), how far gravity leans towards the panel's right
///   edge (+) or left edge (-);
/// - landscape tilt: atan2(y, √(x² + z²)), towards its top edge (+) or bottom edge (-).
///
/// Then, with `threshold` = 35°:
/// 1. both tilts beyond 35° (the panel held near a diagonal, 35.5° to 54.5° from an
///    upright pose): keep the previous orientation: the *common border*;
/// 2. portrait tilt beyond 35°: left-up when it is positive, right-up when negative;
/// 3. else landscape tilt beyond 35°: bottom-up when positive, normal when negative;
/// 4. else (neither: the panel lies flat, face up or face down, or reads (0, 0, 0)):
///    keep the previous orientation.
///
/// Rule 1 is the hysteresis: turning from upright towards left-up, the orientation
/// changes only past 54.5° and changes back only below 35.5°, so a panel held at 45°
/// with ±5° (even ±9°) of noise never flaps. Rule 4 keeps the orientation when the panel
/// is laid down. iio-sensor-proxy also has a "same axis" limit of 5° that can never fire
/// (it is checked only on tilts already beyond 35°); it is left out. iio-sensor-proxy
/// first quantizes the sample to integers at 256 per g; here the tilts come from the m/s²
/// values directly, which moves a boundary by well under a degree.
///
/// Its four names, on the panel's axes (`Acceleration`: x to the right edge, y to the top
/// edge, gravity as read), map to Vitrine's orientations (the clockwise angle the panel is
/// turned, as a board's mount is) so:
///
/// | iio-sensor-proxy | reads about | gravity pulls towards | `Orientation` |
/// |---|---|---|---|
/// | normal | (0, -1 g, 0) | the bottom edge | `.upright` |
/// | bottom-up | (0, +1 g, 0) | the top edge | `.upsideDown` |
/// | left-up | (+1 g, 0, 0) | the right edge | `.clockwise90` |
/// | right-up | (-1 g, 0, 0) | the left edge | `.clockwise270` |
///
/// Left-up is `.clockwise90` because a panel turned a quarter clockwise carries its top
/// edge to the right and its left edge to the top, so its right edge is the one at the
/// bottom and gravity reads along +x. The signs are iio-sensor-proxy's own: its test
/// table puts (0, -256, 0) at normal, (256, 0, 0) at left-up, (-256, 0, 0) at right-up
/// and (0, 256, 0) at bottom-up (at 256 per g).
public enum AccelerometerOrientation {
    /// Degrees beyond which a tilt counts (strictly: 35° itself does not), for both axes.
    public static let threshold = 35

    /// The two tilts of a sample, whole degrees, -90...90.
    public struct Tilt: Hashable, Sendable {
        /// Towards the panel's right edge (+) or left edge (-).
        public var portrait: Int
        /// Towards the panel's top edge (+) or bottom edge (-).
        public var landscape: Int
    }

    /// The tilts of `a`; nil when a component is not finite.
    public static func tilt(of a: Acceleration) -> Tilt? {
        guard a.x.isFinite, a.y.isFinite, a.z.isFinite else { return nil }
        func degrees(_ along: Double, _ across1: Double, _ across2: Double) -> Int {
            let radians = atan2(along, (across1 * across1 + across2 * across2).squareRoot())
            return Int((radians * 180 / Double.pi).rounded())
        }
        return Tilt(portrait: degrees(a.x, a.y, a.z), landscape: degrees(a.y, a.x, a.z))
    }

    /// The orientation `a` shows, given the one shown before (`previous`; nil before the
    /// first that showed one). Returns `previous` on the common border, for a panel lying
    /// flat, and for a sample that is not finite.
    public static func orientation(of a: Acceleration, previous: Orientation?) -> Orientation? {
        guard let tilt = tilt(of: a) else { return previous }
        let portrait = abs(tilt.portrait) > threshold
        let landscape = abs(tilt.landscape) > threshold
        if portrait && landscape { return previous }
        if portrait { return tilt.portrait > 0 ? .clockwise90 : .clockwise270 }
        if landscape { return tilt.landscape > 0 ? .upsideDown : .upright }
        return previous
    }
}
