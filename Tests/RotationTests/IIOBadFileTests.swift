import Foundation
import Glibc
import Testing

@testable import Rotation

/// An accelerometer tree with something wrong in it (`VITRINE_IIO_ROOT` names any
/// folder): a FIFO where an attribute should be is refused by name and never waited on;
/// a huge reading is logged, not trapped on; files replaced by a rename and a device
/// made anew are read afresh; a new reason the device cannot be read is warned about
/// once, naming its file.
@Suite struct IIOBadFileTests {
    /// Makes a FIFO at `path` and runs `body`. Should `body` wait in `open` or `read`
    /// on it (the bug), a writer comes after 20 s (a bound only a hang crosses), writes
    /// "1\n" and goes, so the test ends and fails instead of hanging.
    static func withFIFO(at path: String, _ body: () throws -> Void) throws {
        #expect(mkfifo(path, 0o600) == 0)
        let done = DispatchSemaphore(value: 0)
        let rescued = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            defer { rescued.signal() }
            guard done.wait(timeout: .now() + 20) == .timedOut else { return }
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            guard fd >= 0 else { return }
            _ = write(fd, "1\n", 2)
            close(fd)
            Issue.record("waited on the FIFO at \(path)")
        }
        defer {
            done.signal()
            rescued.wait()
        }
        try body()
    }

    @Test(arguments: ["in_accel_scale", "name", "in_accel_mount_matrix", "in_accel_y_raw"])
    func aFIFOIsRefusedByName(attribute: String) throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0, mountMatrix: "1, 0, 0; 0, 1, 0; 0, 0, 1")
        tree.remove("iio:device0/" + attribute)
        try Self.withFIFO(at: dir + "/" + attribute) {
            do throws(IIOError) {
                let sampler = try IIOSampler(try IIOAccelerometer.find(nil, root: tree.root))
                // A FIFO as `name`: the device is found without a name, and reads.
                #expect(attribute == "name", "opened with a FIFO as \(attribute)")
                #expect(sampler.device.name == nil)
                _ = try sampler.read()
            } catch {
                #expect(error == IIOError(path: dir + "/" + attribute, fault: .notRegularFile(kind: "a FIFO")))
                #expect(error.description == "\(dir)/\(attribute): not a regular file (a FIFO)")
            }
        }
    }

    /// The device comes back with a FIFO for a raw reading: refused when opened again.
    @Test func aFIFOWhenTheDeviceComesBack() throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0)
        tree.remove("iio:device0")
        tree.addAccelerometer(0)
        tree.remove("iio:device0/in_accel_x_raw")
        try Self.withFIFO(at: dir + "/in_accel_x_raw") {
            #expect(throws: IIOError(path: dir + "/in_accel_x_raw", fault: .notRegularFile(kind: "a FIFO"))) {
                try IIOSampler(try tree.accelerometer(0))
            }
        }
    }

    /// A raw reading of 18 nines (or a scale of 1e300) read again after a failed read:
    /// the "reads again" notice writes it as a Double, the kiosk goes on.
    @Test(arguments: [("999999999999999999", IIOFixtureTree.realisticScale), ("1024", "1e300")])
    func aHugeReadingAfterAnOutage(raw: String, scale: String) throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0, raw: (0, -1024, 0))
        var service = RotationService(mount: .upright, source: .iio)
        service.iioSample(.failure(IIOError(path: dir, fault: .deviceVanished)))
        _ = service.takeNotices()
        tree.write("iio:device0/in_accel_y_raw", raw + "\n")
        tree.write("iio:device0/in_accel_scale", scale + "\n")
        let sample = try IIOSampler(try tree.accelerometer(0)).read()
        service.iioSample(.success(sample))
        let expected = "rotation: the accelerometer reads again: (0.00, \(sample.y), 0.00) m/s²"
        #expect(service.takeNotices().map(\.text) == [expected])
        #expect(Acceleration(x: 0, y: -9.576805999999999e15, z: 1e303).description == "(0.00, -9.576806e+15, 1e+303) m/s²")
    }

    /// A raw attribute replaced by a rename, and the whole device's directory made anew
    /// with a new scale: the next sample reads the new files.
    @Test func replacedFilesAreOpenedAgain() throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0, raw: (0, -1024, 0))
        let sampler = try IIOSampler(try tree.accelerometer(0))
        #expect(try sampler.read().y < -9)
        try Data("1024\n".utf8).write(to: URL(fileURLWithPath: dir + "/new"))
        #expect(rename(dir + "/new", dir + "/in_accel_y_raw") == 0)
        #expect(try sampler.read().y > 9, "the renamed file is read")

        tree.remove("iio:device0")
        tree.addAccelerometer(0, raw: (0, 0, 512), scale: "0.019153612")
        let a = try sampler.read()
        #expect(abs(a.z - 9.80665) < 1e-3 && a.y == 0, "the new directory's files, its new scale: \(a)")
    }

    /// A scale written in place with a bad value while the device is sampled: the next
    /// sample reads it and fails naming the file (the scale read at the start was kept for
    /// good); a good one written again is honoured.
    @Test func aScaleWrittenInPlaceIsReadAgain() throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0, raw: (0, 0, 1024))
        let sampler = try IIOSampler(try tree.accelerometer(0))
        #expect(abs(try sampler.read().z - 9.80665) < 1e-3)
        let fd = open(dir + "/in_accel_scale", O_WRONLY | O_TRUNC)
        #expect(fd >= 0)
        _ = write(fd, "-1\n", 3)
        close(fd)
        #expect(throws: IIOError(path: dir + "/in_accel_scale", fault: .scaleNotPositive("\"-1\""))) {
            try sampler.read()
        }
        let sampler2 = try? IIOSampler(try tree.accelerometer(0))
        #expect(sampler2 == nil)
        tree.write("iio:device0/in_accel_scale", "0.019153612\n")
        #expect(abs(try IIOSampler(try tree.accelerometer(0)).read().z - 19.6133) < 1e-3)
    }

    /// Gone, then back with a scale that is not positive: warned about naming the scale's
    /// file (once); still away (not found) is not said again; a bad mount matrix next is.
    @Test func aNewReasonIsWarnedAboutOnce() throws {
        let tree = IIOFixtureTree()
        let dir = tree.addAccelerometer(0)
        var service = RotationService(mount: .upright, source: .iio)
        func poll() {
            do throws(IIOError) {
                service.iioSample(.success(try IIOSampler(try IIOAccelerometer.find("iio:device0", root: tree.root)).read()))
            } catch {
                service.iioSample(.failure(error))
            }
        }
        poll()
        tree.remove("iio:device0")
        service.iioSample(.failure(IIOError(path: dir, fault: .deviceVanished)))
        poll()
        poll()
        #expect(service.takeNotices().count == 1)
        tree.addAccelerometer(0, scale: "-1")
        poll()
        poll()
        #expect(
            service.takeNotices().map(\.text) == [
                "rotation: \(dir)/in_accel_scale: scale must be greater than zero, got \"-1\"; "
                    + "keeping rotation 0 until the accelerometer reads again"
            ])
        tree.write("iio:device0/in_accel_scale", "0.5\n")
        tree.write("iio:device0/in_accel_mount_matrix", "1, 0, 0; 0, 0, 0; 0, 0, 1\n")
        poll()
        #expect(
            service.takeNotices().map(\.text) == [
                "rotation: \(dir)/in_accel_mount_matrix: not a mount matrix (row 2 is all zeroes): "
                    + "\"1, 0, 0; 0, 0, 0; 0, 0, 1\"; keeping rotation 0 until the accelerometer reads again"
            ])
        tree.remove("iio:device0/in_accel_mount_matrix")
        poll()
        #expect(service.takeNotices().map(\.level) == [.info])
    }
}
