import Testing
import VitrineTestSupport

@testable import Rotation

/// RotationService: the orientation in force per source, ctl rotate's override and auto,
/// the notices (once per outage), and the launch wait's limits.
@Suite struct RotationServiceTests {
    /// A good sample through the service.
    private func sample(_ degrees: Double) -> Result<Acceleration, IIOError> { .success(pose(degrees: degrees)) }

    private let failure = Result<Acceleration, IIOError>.failure(IIOError(path: "/sys/bus/iio/devices/iio:device0", fault: .deviceVanished))

    // MARK: Sources

    @Test func fixedIsTheMountAndIgnoresOtherSources() {
        var service = RotationService(mount: .clockwise90, source: .fixed)
        #expect(service.orientation == .clockwise90)
        #expect(service.sourceText == "fixed")
        #expect(service.iioSample(sample(180)) == nil)
        #expect(service.panelOrientation(named: "Upside Down") == nil)
        #expect(service.orientation == .clockwise90)
        #expect(service.takeNotices().isEmpty)
        #expect(!service.isWaiting(now: 0))
        #expect(service.waitDeadline == nil)
    }

    @Test func panelIsAddedToTheMount() {
        var service = RotationService(mount: .clockwise90, source: .panel)
        #expect(service.orientation == .clockwise90)
        #expect(service.panelOrientation(named: "Upside Down", connector: "DSI-1") == .clockwise270)
        #expect(service.panelTurn == .upsideDown)
        #expect(service.sourceText == "panel")
        #expect(service.takeNotices().isEmpty)
        #expect(!service.isWaiting(now: 0))
        // The same value again: no change.
        #expect(service.panelOrientation(.success(.upsideDown)) == nil)
    }

    /// An unknown value keeps the orientation (the mount before any good one) and is
    /// noticed once, by name; a connector without the property is the mount, said once.
    @Test func panelUnknownValueAndMissingProperty() {
        var service = RotationService(mount: .clockwise90, source: .panel)
        #expect(service.panelOrientation(named: "Sideways", connector: "DSI-1") == nil)
        #expect(service.orientation == .clockwise90)
        #expect(
            service.takeNotices() == [
                RotationNotice(
                    level: .warning,
                    text: #"rotation: DSI-1: panel orientation "Sideways" is not one of Normal, Upside Down, Left Side Up, Right Side Up; keeping rotation 90"#)
            ])
        #expect(service.panelOrientation(named: "Sideways", connector: "DSI-1") == nil)
        #expect(service.takeNotices().isEmpty)

        var bare = RotationService(mount: .upsideDown, source: .panel)
        #expect(bare.panelOrientation(named: nil) == nil)
        #expect(bare.orientation == .upsideDown)
        #expect(
            bare.takeNotices() == [
                RotationNotice(level: .info, text: "rotation: the connector has no panel orientation property; the mount (180) is in force")
            ])
        #expect(bare.panelOrientation(named: nil) == nil)
        #expect(bare.takeNotices().isEmpty)
    }

    @Test func iioIsAddedToTheMount() {
        var service = RotationService(mount: .upsideDown, source: .iio)
        #expect(service.orientation == .upsideDown)
        #expect(service.iioSample(sample(0)) == nil)  // upright sensed: the mount alone
        #expect(service.iioSample(sample(90)) == .clockwise270)
        #expect(service.sensed == .clockwise90)
        #expect(service.iioSample(sample(90)) == nil)
        #expect(service.sourceText == "iio")
    }

    /// Lying flat from the start: no orientation sensed, the mount stays.
    @Test func iioFlatFromTheStartIsTheMount() {
        var service = RotationService(mount: .clockwise90, source: .iio)
        #expect(service.iioSample(.success(Acceleration(x: 0.1, y: 0.2, z: -9.8))) == nil)
        #expect(service.orientation == .clockwise90)
        #expect(service.sensed == nil)
        // Face down after a quarter turn: the quarter turn stays.
        #expect(service.iioSample(sample(90)) == .upsideDown)
        #expect(service.iioSample(.success(Acceleration(x: 0, y: 0, z: 9.8))) == nil)
        #expect(service.orientation == .upsideDown)
    }

    // MARK: ctl rotate

    /// ctl rotate overrides the accelerometer, which is still followed meanwhile; auto
    /// goes to what it says now.
    @Test func overrideAndAutoOverIIO() {
        var service = RotationService(mount: .upright, source: .iio)
        #expect(service.iioSample(sample(90)) == .clockwise90)
        #expect(service.rotate(.upsideDown) == .upsideDown)
        #expect(service.isOverridden)
        #expect(service.sourceText == "control (override of iio)")
        #expect(service.iioSample(sample(270)) == nil)
        #expect(service.orientation == .upsideDown)
        #expect(service.rotate(.upsideDown) == nil)
        #expect(service.rotate(nil) == .clockwise270)
        #expect(service.sourceText == "iio")
        #expect(service.rotate(nil) == nil)
    }

    @Test func overrideAndAutoOverFixedAndPanel() {
        var fixed = RotationService(mount: .clockwise90, source: .fixed)
        #expect(fixed.rotate(.upright) == .upright)
        #expect(fixed.sourceText == "control (override of fixed)")
        #expect(fixed.rotate(nil) == .clockwise90)
        #expect(fixed.sourceText == "fixed")

        var panel = RotationService(mount: .clockwise90, source: .panel)
        #expect(panel.rotate(.clockwise90) == nil)  // the same as in force: no change
        #expect(panel.sourceText == "control (override of panel)")
        #expect(panel.panelOrientation(named: "Left Side Up") == nil)
        #expect(panel.rotate(nil) == .upsideDown)
    }

    /// With the control source: the mount until told, R when told, the mount after auto.
    @Test func controlSource() {
        var service = RotationService(mount: .clockwise270, source: .control, startedAt: 10)
        #expect(service.orientation == .clockwise270)
        #expect(service.sourceText == "control")
        #expect(service.rotate(.upright) == .upright)
        #expect(service.sourceText == "control")
        #expect(service.rotate(nil) == .clockwise270)
        #expect(service.sourceText == "control")
    }

    // MARK: Launch wait

    @Test func iioWaitsForTheFirstSampleOneSecondAtMost() {
        var service = RotationService(mount: .clockwise90, source: .iio, startedAt: 100)
        #expect(service.waitDeadline == 101)
        #expect(service.isWaiting(now: 100))
        #expect(service.isWaiting(now: 100.999))
        #expect(!service.isWaiting(now: 101))
        // A failing sensor does not end the wait early.
        service.iioSample(failure)
        #expect(service.isWaiting(now: 100.5))
        // The first sample does.
        service.iioSample(sample(180))
        #expect(!service.isWaiting(now: 100.5))
        #expect(service.orientation == .clockwise270)

        // A flat first sample ends it too (the mount is in force).
        var flat = RotationService(mount: .clockwise90, source: .iio, startedAt: 0)
        flat.iioSample(.success(Acceleration(x: 0, y: 0, z: -9.8)))
        #expect(!flat.isWaiting(now: 0.1))
        #expect(flat.orientation == .clockwise90)

        // ctl rotate R ends it; auto does not.
        var told = RotationService(mount: .upright, source: .iio, startedAt: 0)
        told.rotate(nil)
        #expect(told.isWaiting(now: 0.2))
        told.rotate(.upsideDown)
        #expect(!told.isWaiting(now: 0.2))
        told.rotate(nil)
        #expect(!told.isWaiting(now: 0.3))
    }

    @Test func controlWaitsUntilToldOneSecondAtMost() {
        var service = RotationService(mount: .upright, source: .control, startedAt: 5)
        #expect(service.waitDeadline == 6)
        #expect(service.isWaiting(now: 5.5))
        #expect(!service.isWaiting(now: 6))
        service.rotate(.clockwise90)
        #expect(!service.isWaiting(now: 5.5))

        var auto = RotationService(mount: .upright, source: .control, startedAt: 5)
        auto.rotate(nil)
        #expect(!auto.isWaiting(now: 5.1))
        #expect(auto.orientation == .upright)
    }

    @Test func panelNeverWaits() {
        let service = RotationService(mount: .upright, source: .panel, startedAt: 0)
        #expect(service.waitDeadline == nil)
        #expect(!service.isWaiting(now: 0))
    }

    // MARK: Sensor failures

    /// The sensor vanishes mid-run: the last orientation is kept, one warning for the
    /// whole outage (30 failing samples, 3 s at 10 Hz), one info line when it is back.
    @Test func sensorVanishingMidRun() throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0, raw: rawPose(degrees: 0))
        let device = try IIOAccelerometer.find(nil, root: tree.root)
        var service = RotationService(mount: .upright, source: .iio, startedAt: 0)
        func poll() -> Orientation? {
            service.iioSample(Result { () throws(IIOError) in try device.readSample() })
        }

        #expect(poll() == nil)
        tree.setPose(0, degrees: 90)
        #expect(poll() == .clockwise90)
        #expect(service.takeNotices().isEmpty)

        tree.remove("iio:device0")
        for _ in 0..<30 { #expect(poll() == nil) }
        #expect(service.orientation == .clockwise90)
        #expect(service.isSensorFailing)
        #expect(
            service.takeNotices() == [
                RotationNotice(
                    level: .warning,
                    text: "rotation: \(dir): the device is gone (its directory vanished); keeping rotation 90 until the accelerometer reads again")
            ])
        for _ in 0..<10 { #expect(poll() == nil) }
        #expect(service.takeNotices().isEmpty)

        // Plugged back, turned upside down meanwhile.
        tree.addAccelerometer(0, raw: rawPose(degrees: 180))
        #expect(poll() == .upsideDown)
        #expect(!service.isSensorFailing)
        let back = service.takeNotices()
        #expect(back == [RotationNotice(level: .info, text: "rotation: the accelerometer reads again: (0.00, 9.81, 0.00) m/s²")])
    }

    /// Garbage in a raw file: the same, naming the file and quoting what it holds.
    @Test func sensorReturningGarbage() throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0, raw: rawPose(degrees: 270))
        let device = try IIOAccelerometer.find("bmi160", root: tree.root)
        var service = RotationService(mount: .upright, source: .iio)
        func poll() -> Orientation? {
            service.iioSample(Result { () throws(IIOError) in try device.readSample() })
        }
        #expect(poll() == .clockwise270)
        tree.write("iio:device0/in_accel_y_raw", "ERR\n")
        #expect(poll() == nil)
        #expect(poll() == nil)
        #expect(service.orientation == .clockwise270)
        #expect(
            service.takeNotices().map(\.text) == [
                "rotation: \(dir)/in_accel_y_raw: not a whole number: \"ERR\"; keeping rotation 270 until the accelerometer reads again"
            ])
    }

    /// No accelerometer at all: the runtime hands the error of `find`; the mount stays,
    /// one warning.
    @Test func noAccelerometerAtAll() {
        let tree = IIOFixtureTree()
        var service = RotationService(mount: .clockwise90, source: .iio)
        do {
            _ = try IIOAccelerometer.find("iio:device0", root: tree.root)
            Issue.record("found an accelerometer in an empty root")
        } catch {
            #expect(service.iioSample(.failure(error)) == nil)
        }
        #expect(service.orientation == .clockwise90)
        #expect(
            service.takeNotices().map(\.text) == [
                "rotation: \(tree.root): no accelerometer \"iio:device0\" (neither a directory nor a device's name); there is none; "
                    + "keeping rotation 90 until the accelerometer reads again"
            ])
    }

    /// A panel held near 45 degrees, sampled from files with ±5 degrees of noise: the
    /// orientation never changes, and nothing is noticed.
    @Test func noiseAt45DegreesThroughFiles() throws {
        let tree = IIOFixtureTree()
        tree.addAccelerometer(0, raw: rawPose(degrees: 90))
        let device = try IIOAccelerometer.find(nil, root: tree.root)
        var service = RotationService(mount: .upright, source: .iio)
        #expect(service.iioSample(Result { () throws(IIOError) in try device.readSample() }) == .clockwise90)
        var random = SplitMix64(seed: 45)
        for i in 0..<100 {
            tree.setPose(0, degrees: 45 + random.next(in: -5...5))
            #expect(service.iioSample(Result { () throws(IIOError) in try device.readSample() }) == nil, "sample \(i)")
        }
        #expect(service.orientation == .clockwise90)
        #expect(service.takeNotices().isEmpty)
    }
}
