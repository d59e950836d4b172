import Testing
import VitrineTestSupport

@testable import Rotation

/// iio-sensor-proxy's rule on samples in m/s² (no files): the four poses, the border
/// near 45°, flat poses, and iio-sensor-proxy's own test vectors.
@Suite struct AccelerometerOrientationTests {
    /// The four upright poses, from no previous orientation and from every other one.
    @Test(arguments: [
        (0.0, Orientation.upright), (90.0, .clockwise90), (180.0, .upsideDown), (270.0, .clockwise270),
    ])
    func uprightPoses(degrees: Double, expected: Orientation) {
        #expect(AccelerometerOrientation.orientation(of: pose(degrees: degrees), previous: nil) == expected)
        for previous in Orientation.allCases {
            #expect(AccelerometerOrientation.orientation(of: pose(degrees: degrees), previous: previous) == expected)
        }
    }

    /// iio-sensor-proxy's table at 256 per g (scale 9.81 / 256): normal (0, -256, 0),
    /// right-up (-256, 0, 0), left-up (256, 0, 0), bottom-up (0, 256, 0).
    @Test func iioSensorProxyTable() {
        let s = 9.81 / 256
        func at(_ x: Double, _ y: Double, _ z: Double) -> Orientation? {
            AccelerometerOrientation.orientation(of: Acceleration(x: x * s, y: y * s, z: z * s), previous: nil)
        }
        #expect(at(0, -256, 0) == .upright)
        #expect(at(-256, 0, 0) == .clockwise270)
        #expect(at(256, 0, 0) == .clockwise90)
        #expect(at(0, 256, 0) == .upsideDown)
        // Its threshold table: a panel leaning 35 degrees and a bit stays normal.
        #expect(AccelerometerOrientation.orientation(of: Acceleration(x: 183 * s, y: -256 * s, z: 0), previous: .upright) == .upright)
        #expect(AccelerometerOrientation.orientation(of: Acceleration(x: 176 * s, y: -256 * s, z: 0), previous: .upright) == .upright)
    }

    /// The tilts are whole degrees, signed as documented.
    @Test func tiltsAreSignedDegrees() {
        #expect(AccelerometerOrientation.tilt(of: pose(degrees: 0)) == .init(portrait: 0, landscape: -90))
        #expect(AccelerometerOrientation.tilt(of: pose(degrees: 90)) == .init(portrait: 90, landscape: 0))
        #expect(AccelerometerOrientation.tilt(of: pose(degrees: 30)) == .init(portrait: 30, landscape: -60))
        #expect(AccelerometerOrientation.tilt(of: Acceleration(x: .nan, y: 0, z: 0)) == nil)
    }

    /// Between upright and a quarter turn, the orientation changes past 54.5 degrees and
    /// back below 35.5: both tilts beyond 35 is the common border, which keeps it.
    @Test func borderKeepsTheLastOrientation() {
        func at(_ d: Double, _ previous: Orientation?) -> Orientation? {
            AccelerometerOrientation.orientation(of: pose(degrees: d), previous: previous)
        }
        #expect(at(36, .upright) == .upright)
        #expect(at(54, .upright) == .upright)
        #expect(at(55, .upright) == .clockwise90)
        #expect(at(54, .clockwise90) == .clockwise90)
        #expect(at(36, .clockwise90) == .clockwise90)
        #expect(at(35, .clockwise90) == .upright)
        #expect(at(45, nil) == nil)
        // The same on the other three diagonals.
        #expect(at(135, .clockwise90) == .clockwise90)
        #expect(at(135, .upsideDown) == .upsideDown)
        #expect(at(225, .upsideDown) == .upsideDown)
        #expect(at(225, .clockwise270) == .clockwise270)
        #expect(at(315, .clockwise270) == .clockwise270)
        #expect(at(315, .upright) == .upright)
    }

    /// A panel held at 45 degrees with ±5 degrees of noise (and a little tilt out of its
    /// plane) never flaps, whichever side it came from.
    @Test(arguments: [
        (45.0, Orientation.upright), (45.0, .clockwise90), (135.0, .clockwise90), (135.0, .upsideDown),
        (225.0, .upsideDown), (225.0, .clockwise270), (315.0, .clockwise270), (315.0, .upright),
    ])
    func noiseAt45DegreesNeverFlaps(diagonal: Double, from start: Orientation) {
        var random = SplitMix64(seed: UInt64(diagonal) &* 31 &+ UInt64(start.rawValue))
        var current: Orientation? = start
        for i in 0..<500 {
            // The extremes first, then uniform noise.
            let noise = i < 2 ? (i == 0 ? -5.0 : 5.0) : random.next(in: -5...5)
            var a = pose(degrees: diagonal + noise)
            a.z = random.next(in: -0.5...0.5)
            current = AccelerometerOrientation.orientation(of: a, previous: current)
            #expect(current == start, "sample \(i) at \(diagonal + noise) degrees")
            if current != start { break }
        }
    }

    /// Face up and face down, a little noise and a kiosk on a table tilted 30 degrees:
    /// no change, from any orientation; no orientation from none.
    @Test func flatKeepsTheOrientation() {
        let g = Acceleration.standardGravity
        let flat = [
            Acceleration(x: 0, y: 0, z: -g), Acceleration(x: 0, y: 0, z: g),
            Acceleration(x: 0.3, y: -0.2, z: -g), Acceleration(x: -0.4, y: 0.5, z: g),
            // Lying face up, its top edge raised 30 degrees.
            Acceleration(x: 0, y: -g * 0.5, z: -g * 0.866),
            Acceleration(x: 0, y: 0, z: 0),
        ]
        for a in flat {
            for previous in Orientation.allCases {
                #expect(AccelerometerOrientation.orientation(of: a, previous: previous) == previous, "\(a)")
            }
            #expect(AccelerometerOrientation.orientation(of: a, previous: nil) == nil, "\(a)")
        }
    }
}
