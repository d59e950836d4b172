import Glibc
import Testing
import VitrineTestSupport

/// `vitrine run` with `rotation.source = "iio"` on a tree of files standing in for sysfs
/// (`VITRINE_IIO_ROOT`): the real binary samples the "accelerometer", turns when the
/// panel is turned, says so in `status`, and keeps its orientation when the sensor goes.
@Suite(.serialized) struct KioskRotationProcessTests {
    let vitrine = ChildProcess.vitrineBinary()

    @Test func anAccelerometerTurnsTheRunningKiosk() throws {
        let dir = "/tmp/vitrine-iio-\(getpid())"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", dir])
        mkdir(dir, 0o755)
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let device = dir + "/sys/iio:device0"
        _ = try ChildProcess.run(["/bin/mkdir", "-p", device])
        func write(_ file: String, _ text: String) {
            let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
            close(fd)
        }
        func pose(_ x: Int, _ y: Int) {
            write(device + "/in_accel_x_raw", "\(x)\n")
            write(device + "/in_accel_y_raw", "\(y)\n")
            write(device + "/in_accel_z_raw", "0\n")
        }
        write(device + "/name", "lis3dh\n")
        write(device + "/in_accel_scale", "0.009576806\n")
        pose(0, -1024)  // upright
        let board = dir + "/board.toml"
        write(
            board,
            """
            name = "Headless with an accelerometer"
            [display]
            backend = "headless"
            size = "320x192"
            [rotation]
            source = "iio"
            iio_device = "lis3dh"

            """)
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("NOTIFY_SOCKET=") }
            + ["VITRINE_IIO_ROOT=\(dir)/sys"]
        let kiosk = try ChildProcess([vitrine, "run", "--board", board, "--control", dir + "/control"], environment: env)
        defer {
            kiosk.signal(SIGTERM)
            _ = kiosk.wait(timeout: 20)
        }
        func status() throws -> [String: String] {
            var out: [String: String] = [:]
            let r = try ChildProcess.run([vitrine, "ctl", "status", "--socket", dir + "/control"])
            for line in r.stdout.split(separator: "\n") {
                let kv = line.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { out[String(kv[0])] = String(kv[1]) }
            }
            return out
        }
        func waitFor(_ what: ([String: String]) -> Bool) throws -> [String: String] {
            let by = ChildProcess.now + 30  // a hang bound
            var s = try status()
            while !what(s) && ChildProcess.now < by {
                usleep(100_000)
                s = try status()
            }
            return s
        }
        var s = try waitFor { $0["screen"] == "home" && $0["animating"] == "false" }
        #expect(s["rotation"] == "0" && s["rotation_source"] == "iio", "\(s) \(kiosk.standardError)")
        // Turned a quarter clockwise: the left edge up, gravity along +x.
        pose(1024, 0)
        s = try waitFor { $0["rotation"] == "90" && $0["animating"] == "false" }
        #expect(s["rotation"] == "90" && s["logical"] == "192x320" && s["screen"] == "home", "\(s)")
        // Overridden, then back to the sensor.
        #expect(try ChildProcess.run([vitrine, "ctl", "rotate", "180", "--socket", dir + "/control"]).status == 0)
        s = try status()
        #expect(s["rotation"] == "180" && s["rotation_source"] == "control (override of iio)")
        #expect(try ChildProcess.run([vitrine, "ctl", "rotate", "auto", "--socket", dir + "/control"]).status == 0)
        #expect(try status()["rotation"] == "90")
        // The sensor goes away: 90 stays, one warning names it.
        _ = try ChildProcess.run(["/bin/rm", "-rf", device])
        usleep(500_000)
        s = try status()
        #expect(s["rotation"] == "90" && s["state"] == "running")
        let log = kiosk.standardError
        #expect(log.contains("rotation: accelerometer iio:device0 (lis3dh)"), "\(log)")
        #expect(log.components(separatedBy: "the device is gone").count == 2, "one warning: \(log)")
    }
}
