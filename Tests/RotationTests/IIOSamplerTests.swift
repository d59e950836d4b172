import Testing

@testable import Rotation

/// The sampler the kiosk reads at 10 Hz: the same values as a fresh read of every
/// attribute, new values seen through the files it holds open, and the same typed errors.
@Suite struct IIOSamplerTests {
    @Test func samplesFollowThePoseThroughTheOpenFiles() throws {
        let tree = IIOFixtureTree()
        tree.addAccelerometer(0, mountMatrix: "0, 1, 0; -1, 0, 0; 0, 0, 1")
        let device = try tree.accelerometer(0)
        let sampler = try IIOSampler(device)
        for degrees in [0.0, 90, 180, 270, 30] {
            tree.setPose(0, degrees: degrees)
            let a = try sampler.read(), b = try device.readSample()
            #expect(a == b, "\(degrees)°")
        }
    }

    @Test func aVanishedDeviceAndGarbageAreTypedErrors() throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0)
        let sampler = try IIOSampler(try tree.accelerometer(0))
        tree.write("iio:device0/in_accel_y_raw", "twelve\n")
        #expect(throws: IIOError(path: dir + "/in_accel_y_raw", fault: .notWholeNumber("\"twelve\""))) {
            try sampler.read()
        }
        tree.remove("iio:device0")
        #expect(throws: IIOError(path: dir, fault: .deviceVanished)) { try sampler.read() }
    }

    @Test func aMissingRawAttributeIsNamedWhenOpening() throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0)
        let device = try tree.accelerometer(0)
        tree.remove("iio:device0/in_accel_z_raw")
        #expect(throws: IIOError(path: dir + "/in_accel_z_raw", fault: .missing)) { try IIOSampler(device) }
    }
}
