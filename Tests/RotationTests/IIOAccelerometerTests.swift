import Testing

@testable import Rotation

/// Finding accelerometers under a fixture root, reading samples (scales, mount matrices),
/// and every file that can be missing or wrong, with the exact message.
@Suite struct IIOAccelerometerTests {
    // MARK: Finding

    @Test func findsAccelerometersByNumberSkippingOthers() throws {
        let tree = IIOFixtureTree()
        tree.addAccelerometer(10, name: "accel_3d")
        tree.addAccelerometer(2, name: "bmi160")
        tree.addLightSensor(0)
        tree.write("trigger0", "")  // a file, not a device
        try FileManagerHelper.makeDirectory(tree.root + "/iio:deviceX")
        try FileManagerHelper.makeDirectory(tree.root + "/iio:device")

        let all = try IIOAccelerometer.all(root: tree.root)
        #expect(all.map(\.id) == ["iio:device2", "iio:device10"])
        #expect(all.map(\.number) == [2, 10])
        #expect(all[0].path == tree.root + "/iio:device2")
        #expect(all[0].name == "bmi160")
        #expect(all[0].description == "iio:device2 (bmi160)")

        // Without iio_device: the first accelerometer by N (2 before 10).
        #expect(try IIOAccelerometer.find(nil, root: tree.root).id == "iio:device2")
    }

    @Test func picksByDirectoryOrByName() throws {
        let tree = IIOFixtureTree()
        tree.addAccelerometer(0, name: "bmi160")
        tree.addAccelerometer(1, name: "mxc6655")
        tree.addAccelerometer(3, name: "mxc6655")
        tree.addAccelerometer(4, name: nil)
        #expect(try IIOAccelerometer.find("iio:device1", root: tree.root).id == "iio:device1")
        #expect(try IIOAccelerometer.find("mxc6655", root: tree.root).id == "iio:device1")
        #expect(try IIOAccelerometer.find("bmi160", root: tree.root).id == "iio:device0")
        let nameless = try IIOAccelerometer.find("iio:device4", root: tree.root)
        #expect(nameless.name == nil && nameless.description == "iio:device4")
        // A root written with a trailing slash gives the same paths.
        #expect(try IIOAccelerometer.find(nil, root: tree.root + "/").path == tree.root + "/iio:device0")
    }

    @Test func selectorMatchingNothingListsWhatThereIs() {
        let tree = IIOFixtureTree()
        tree.addAccelerometer(0, name: "bmi160")
        tree.addAccelerometer(1, name: nil)
        tree.addLightSensor(2)
        #expect(throws: IIOError(path: tree.root, fault: .deviceNotFound(selector: "iio:device7", found: ["iio:device0 (bmi160)", "iio:device1"]))) {
            try IIOAccelerometer.find("iio:device7", root: tree.root)
        }
        do {
            _ = try IIOAccelerometer.find("iio:device7", root: tree.root)
        } catch {
            #expect(error.description == "\(tree.root): no accelerometer \"iio:device7\" (neither a directory nor a device's name); there are: iio:device0 (bmi160), iio:device1")
        }
    }

    @Test func selectorNamingALightSensorIsNotAnAccelerometer() {
        let tree = IIOFixtureTree()
        tree.addAccelerometer(0)
        tree.addLightSensor(1, name: "als")
        for selector in ["iio:device1", "als"] {
            do {
                _ = try IIOAccelerometer.find(selector, root: tree.root)
                Issue.record("\(selector) was taken for an accelerometer")
            } catch {
                #expect(error == IIOError(path: tree.root + "/iio:device1", fault: .notAnAccelerometer))
                #expect(error.description == "\(tree.root)/iio:device1: not an accelerometer (no in_accel_x_raw, in_accel_y_raw and in_accel_z_raw)")
            }
        }
    }

    @Test func rootWithoutAccelerometerOrWithoutRoot() {
        let tree = IIOFixtureTree()
        tree.addLightSensor(0)
        do {
            _ = try IIOAccelerometer.find(nil, root: tree.root)
            Issue.record("found an accelerometer")
        } catch {
            #expect(error.description == "\(tree.root): no accelerometer (no iio:deviceN with in_accel_x_raw, in_accel_y_raw and in_accel_z_raw)")
        }
        #expect(throws: IIOError(path: tree.root, fault: .deviceNotFound(selector: "iio:device0x", found: []))) {
            try IIOAccelerometer.find("iio:device0x", root: tree.root)
        }
        let gone = tree.root + "/no-iio-here"
        do {
            _ = try IIOAccelerometer.all(root: gone)
            Issue.record("listed a root that is not there")
        } catch {
            #expect(error == IIOError(path: gone, fault: .missing))
            #expect(error.description == "\(gone): no such file or directory")
        }
    }

    // MARK: Samples

    /// The four upright poses at a realistic scale (9.80665 / 1024 m/s² per count).
    @Test(arguments: [
        (0.0, Orientation.upright), (90.0, .clockwise90), (180.0, .upsideDown), (270.0, .clockwise270),
    ])
    func uprightPosesFromFiles(degrees: Double, expected: Orientation) throws {
        let tree = IIOFixtureTree()
        tree.addAccelerometer(0, raw: rawPose(degrees: degrees))
        let sample = try tree.accelerometer(0).readSample()
        #expect(abs((sample.x * sample.x + sample.y * sample.y).squareRoot() - 9.8066) < 0.001)
        #expect(AccelerometerOrientation.orientation(of: sample, previous: nil) == expected)
    }

    @Test func rawTimesScale() throws {
        let tree = IIOFixtureTree()
        tree.addAccelerometer(0, raw: (12, -1024, 3))
        #expect(try tree.accelerometer(0).readSample() == Acceleration(x: 12 * 0.009576806, y: -1024 * 0.009576806, z: 3 * 0.009576806))
        // Without a scale the raw value is taken as m/s².
        tree.remove("iio:device0/in_accel_scale")
        #expect(try tree.accelerometer(0).readSample() == Acceleration(x: 12, y: -1024, z: 3))
        // Spaces around values, no trailing newline, a leading plus.
        tree.write("iio:device0/in_accel_x_raw", "  +7")
        tree.write("iio:device0/in_accel_scale", " 0.5 \n")
        #expect(try tree.accelerometer(0).readSample() == Acceleration(x: 3.5, y: -512, z: 1.5))
    }

    /// Per-axis scales win over the shared one, axis by axis. Equal counts on x and y read
    /// 45 degrees with one scale (the border: no orientation), left-up when x's scale is
    /// four times y's.
    @Test func perAxisScales() throws {
        let tree = IIOFixtureTree()
        tree.addAccelerometer(0, raw: (1024, -1024, 0), scale: "0.009576806")
        let shared = try tree.accelerometer(0).readSample()
        #expect(AccelerometerOrientation.orientation(of: shared, previous: nil) == nil)

        tree.write("iio:device0/in_accel_x_scale", "0.019153613\n")
        tree.write("iio:device0/in_accel_y_scale", "0.004788403\n")
        let perAxis = try tree.accelerometer(0).readSample()
        #expect(perAxis == Acceleration(x: 1024 * 0.019153613, y: -1024 * 0.004788403, z: 0))
        #expect(AccelerometerOrientation.orientation(of: perAxis, previous: nil) == .clockwise90)
    }

    /// A chip mounted with x and y swapped: the sensor's -x is the panel's -y, so it reads
    /// upright once the matrix is applied (right-up without it).
    @Test func mountMatrixSwappingAxes() throws {
        let tree = IIOFixtureTree()
        tree.addAccelerometer(0, raw: (-1024, 0, 20))
        #expect(AccelerometerOrientation.orientation(of: try tree.accelerometer(0).readSample(), previous: nil) == .clockwise270)

        tree.write("iio:device0/in_accel_mount_matrix", "0, 1, 0; 1, 0, 0; 0, 0, 1\n")
        let swapped = try tree.accelerometer(0).readSample()
        #expect(swapped == Acceleration(x: 0, y: -1024 * 0.009576806, z: 20 * 0.009576806))
        #expect(AccelerometerOrientation.orientation(of: swapped, previous: nil) == .upright)
    }

    /// The matrix is read from in_accel_mount_matrix, else in_mount_matrix, else
    /// mount_matrix; iio-sensor-proxy's Onda v975 quirk and its two readings.
    @Test func mountMatrixAttributesAndIIOSensorProxyQuirk() throws {
        let tree = IIOFixtureTree()
        let onda = "0, -1, 0; -1, 0, 0; 0, 0, 1"
        for attribute in ["mount_matrix", "in_mount_matrix", "in_accel_mount_matrix"] {
            tree.addAccelerometer(0, raw: (523, 13, 5), scale: "0.019163")
            tree.write("iio:device0/" + attribute, onda + "\n")
            #expect(AccelerometerOrientation.orientation(of: try tree.accelerometer(0).readSample(), previous: nil) == .upright)
            tree.setRaw(0, (8, 521, -67))
            #expect(AccelerometerOrientation.orientation(of: try tree.accelerometer(0).readSample(), previous: nil) == .clockwise270)
            tree.remove("iio:device0")
        }
        // The first present wins: an identity in in_accel_mount_matrix over a swap elsewhere.
        tree.addAccelerometer(0, raw: (-1024, 0, 0), mountMatrix: "1, 0, 0; 0, 1, 0; 0, 0, 1")
        tree.write("iio:device0/in_mount_matrix", "0, 1, 0; 1, 0, 0; 0, 0, 1\n")
        #expect(try tree.accelerometer(0).mountMatrix() == .identity)
    }

    // MARK: Bad files

    /// Missing, empty, non-numeric and binary files: a typed error naming the file, and
    /// the message word for word.
    @Test func badFilesNameThePath() throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0)
        let device = try tree.accelerometer(0)
        func failure() -> IIOError? {
            do {
                _ = try device.readSample()
                return nil
            } catch { return error }
        }
        func expectMessage(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(failure()?.description == message, sourceLocation: sourceLocation)
        }

        tree.write("iio:device0/in_accel_x_raw", "12a\n")
        #expect(failure() == IIOError(path: dir + "/in_accel_x_raw", fault: .notWholeNumber("\"12a\"")))
        expectMessage("\(dir)/in_accel_x_raw: not a whole number: \"12a\"")
        tree.write("iio:device0/in_accel_x_raw", "1.5\n")
        expectMessage("\(dir)/in_accel_x_raw: not a whole number: \"1.5\"")
        tree.write("iio:device0/in_accel_x_raw", "-\n")
        expectMessage("\(dir)/in_accel_x_raw: not a whole number: \"-\"")
        tree.write("iio:device0/in_accel_x_raw", "99999999999999999999\n")
        expectMessage("\(dir)/in_accel_x_raw: not a whole number: \"99999999999999999999\"")
        tree.write("iio:device0/in_accel_x_raw", bytes: [0x00, 0xff, 0x31, 0x0a, 0x22, 0x32])
        expectMessage("\(dir)/in_accel_x_raw: not a whole number: \"\\x00\\xff1\\x0a\\\"2\"")
        tree.write("iio:device0/in_accel_x_raw", String(repeating: "z", count: 5000))
        expectMessage("\(dir)/in_accel_x_raw: not a whole number: \"\(String(repeating: "z", count: 40))...\"")
        tree.write("iio:device0/in_accel_x_raw", " \n")
        expectMessage("\(dir)/in_accel_x_raw: empty")
        tree.write("iio:device0/in_accel_x_raw", "0\n")

        tree.remove("iio:device0/in_accel_y_raw")
        #expect(failure() == IIOError(path: dir + "/in_accel_y_raw", fault: .missing))
        expectMessage("\(dir)/in_accel_y_raw: no such file or directory")
        tree.write("iio:device0/in_accel_y_raw", "-1024\n")

        tree.write("iio:device0/in_accel_scale", "fast\n")
        expectMessage("\(dir)/in_accel_scale: not a number: \"fast\"")
        tree.write("iio:device0/in_accel_scale", "nan\n")
        expectMessage("\(dir)/in_accel_scale: not a number: \"nan\"")
        tree.write("iio:device0/in_accel_scale", "0x1p-7\n")
        expectMessage("\(dir)/in_accel_scale: not a number: \"0x1p-7\"")
        tree.write("iio:device0/in_accel_scale", "0.000000\n")
        expectMessage("\(dir)/in_accel_scale: scale must be greater than zero, got \"0.000000\"")
        tree.write("iio:device0/in_accel_scale", "\n")
        expectMessage("\(dir)/in_accel_scale: empty")
        tree.write("iio:device0/in_accel_scale", "0.009576806\n")
        tree.write("iio:device0/in_accel_z_scale", "-0.1\n")
        expectMessage("\(dir)/in_accel_z_scale: scale must be greater than zero, got \"-0.1\"")
        tree.remove("iio:device0/in_accel_z_scale")

        tree.write("iio:device0/in_accel_mount_matrix", "1, 0, 0; 0, 1, 0\n")
        expectMessage("\(dir)/in_accel_mount_matrix: not a mount matrix (expected 3 rows separated by ';', got 2): \"1, 0, 0; 0, 1, 0\"")
        tree.write("iio:device0/in_accel_mount_matrix", "1, 0, 0; 0, 1; 0, 0, 1\n")
        expectMessage("\(dir)/in_accel_mount_matrix: not a mount matrix (row 2: expected 3 numbers separated by ',', got 2): \"1, 0, 0; 0, 1; 0, 0, 1\"")
        tree.write("iio:device0/in_accel_mount_matrix", "1, 0, 0; 0, one, 0; 0, 0, 1\n")
        expectMessage("\(dir)/in_accel_mount_matrix: not a mount matrix (row 2: \"one\" is not a number): \"1, 0, 0; 0, one, 0; 0, 0, 1\"")
        tree.write("iio:device0/in_accel_mount_matrix", "1, 0, 0; 0, 0, 0; 0, 0, 1\n")
        expectMessage("\(dir)/in_accel_mount_matrix: not a mount matrix (row 2 is all zeroes): \"1, 0, 0; 0, 0, 0; 0, 0, 1\"")
        tree.write("iio:device0/in_accel_mount_matrix", "0.7071, -0.7071, 0; 0.7071, 0.7071, 0; 0, 0, -1\n")
        #expect(failure() == nil)
    }

    @Test func vanishedDeviceIsToldApart() throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0)
        let device = try tree.accelerometer(0)
        _ = try device.readSample()
        tree.remove("iio:device0")
        do {
            _ = try device.readSample()
            Issue.record("read a device that is gone")
        } catch {
            #expect(error == IIOError(path: dir, fault: .deviceVanished))
            #expect(error.description == "\(dir): the device is gone (its directory vanished)")
        }
        // Back (re-plugged at the same number): it reads again without being found anew.
        tree.addAccelerometer(0, raw: rawPose(degrees: 90))
        #expect(AccelerometerOrientation.orientation(of: try device.readSample(), previous: nil) == .clockwise90)
    }

    @Test func aDirectoryIsNotARegularFile() throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0)
        // A directory where the attribute should be: refused unopened, by what it is
        // (only regular files are read, as pictures are).
        tree.remove("iio:device0/in_accel_z_raw")
        try FileManagerHelper.makeDirectory(dir + "/in_accel_z_raw")
        let device = try tree.accelerometer(0)
        do {
            _ = try device.readSample()
            Issue.record("read a directory as a number")
        } catch {
            #expect(error == IIOError(path: dir + "/in_accel_z_raw", fault: .notRegularFile(kind: "a directory")))
            #expect(error.description == "\(dir)/in_accel_z_raw: not a regular file (a directory)")
        }
    }
}
